import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { authActions } from './authSlice.js';
import { selectUser } from './authSelectors.js';
import { PATHS } from '../../app/paths.js';
import { Loading } from '../../components/Loading.js';

/** /logout: ends the session, then shows the login. */
export function LogoutPage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  useEffect(() => {
    dispatch(authActions.logoutRequested());
  }, [dispatch]);
  return user ? <Loading /> : <Navigate to={PATHS.login} replace />;
}
