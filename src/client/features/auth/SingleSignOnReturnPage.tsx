import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { Spinner } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { authActions } from './authSlice.js';
import { selectSingleSignOn } from './authSelectors.js';
import { PATHS } from '../../app/paths.js';

/**
 * The app's redirect URI, where the OpenID provider (through the server) sends the browser back: a spinner while
 * the sign-in finishes; a refusal goes back to the login page, which says why. Once signed in, AuthLayout takes the
 * user on (and this address, with its code, leaves the history).
 */
export function SingleSignOnReturnPage() {
  const dispatch = useAppDispatch();
  const { status } = useAppSelector(selectSingleSignOn);
  useEffect(() => {
    dispatch(authActions.singleSignOnReturned());
  }, [dispatch]);
  if (status === 'failed') return <Navigate to={PATHS.login} replace />;
  return (
    <div className="d-flex align-items-center justify-content-center gap-2 py-4" role="status">
      <Spinner animation="border" size="sm" />
      <FormattedMessage id="AUTH.SSO.RETURNING" />
    </div>
  );
}
