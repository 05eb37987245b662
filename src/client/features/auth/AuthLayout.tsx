import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.js';
import { selectUser } from './authSelectors.js';
import { PATHS, safeReturnPath } from '../../app/paths.js';
import { CardPage } from '../layout/CardPage.js';

/** The frame of the login pages; a signed-in user goes to the page asked for before signing in, or the root. */
export function AuthLayout() {
  const user = useAppSelector(selectUser);
  const asked = safeReturnPath((useLocation().state as { from?: unknown } | null)?.from);
  if (user && user.role !== 'NO') return <Navigate to={asked ?? PATHS.root} replace />;
  return (
    <CardPage>
      <Outlet />
    </CardPage>
  );
}
