import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppSelector } from './hooks.js';
import { decide, type Action } from '../../shared/permissions.js';
import { homePathFor, PATHS } from './paths.js';
import { Loading } from '../components/Loading.js';

/**
 * Only signed-in users; others go to the login, which brings them back to the page they asked for. A user whose
 * password is temporary (an administrator generated it) goes to the change form, whatever page was asked for.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { status, user } = useAppSelector((state) => state.auth);
  const { pathname, search } = useLocation();
  if (status === 'loading') return <Loading />;
  if (!user) return <Navigate to={PATHS.login} replace state={{ from: `${pathname}${search}` }} />;
  if (user.mustChangePassword && pathname !== PATHS.changePassword) return <Navigate to={PATHS.changePassword} replace />;
  return <>{children}</>;
}

/**
 * Content for roles that may perform one of the actions; anyone else is sent to /.
 * A role missing from the rules table is logged as a configuration error (spec section 6).
 */
export function RequirePermission({ actions, children }: { actions: readonly Action[]; children: ReactNode }) {
  const role = useAppSelector((state) => state.auth.user?.role);
  const decisions = actions.map((action) => decide(role, action));
  if (decisions.some((d) => d.allowed)) return <>{children}</>;
  if (decisions.some((d) => !d.allowed && d.unknownRole)) console.error(`Role "${role}" is missing from the permission rules`);
  return <Navigate to={PATHS.root} replace />;
}

/** The root: each role to its home (spec section 2, Root redirect and gating). */
export function RootRedirect() {
  const { status, user } = useAppSelector((state) => state.auth);
  if (status === 'loading') return <Loading />;
  return <Navigate to={homePathFor(user?.role)} replace />;
}
