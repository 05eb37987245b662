import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { useAppSelector } from '../../app/hooks.js';
import { selectUser } from './authSelectors.js';
import { PATHS, safeReturnPath } from '../../app/paths.js';
import { LanguageSelect } from '../locale/LanguageSelect.js';

/** The frame of the login pages; a signed-in user goes to the page asked for before signing in, or the root. */
export function AuthLayout() {
  const user = useAppSelector(selectUser);
  const asked = safeReturnPath((useLocation().state as { from?: unknown } | null)?.from);
  if (user && user.role !== 'NO') return <Navigate to={asked ?? PATHS.root} replace />;
  return (
    <div className="auth-page">
      <main className="auth-card card shadow-sm">
        <div className="card-body p-4 p-md-5">
          <p className="auth-brand text-primary fw-semibold mb-4">
            <FormattedMessage id="APP.TITLE" />
          </p>
          <Outlet />
          <div className="mt-4 pt-3 border-top auth-language">
            <LanguageSelect />
          </div>
        </div>
      </main>
    </div>
  );
}
