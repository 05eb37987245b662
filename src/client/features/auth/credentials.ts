import { createContext, useCallback, useContext } from 'react';
import { useAppDispatch } from '../../app/hooks.js';
import { authActions } from './authSlice.js';

/** What the login form collects. */
export interface Credentials {
  email: string;
  password: string;
}

/**
 * A one-shot hand-off from the login form to the login saga, outside Redux: the store only hears that a
 * login was asked, so no action, state or DevTools record ever holds the password.
 */
export interface CredentialsBox {
  put(credentials: Credentials): void;
  /** The credentials put last, once: the box is empty afterwards. */
  take(): Credentials | null;
}

/** A new, empty box: one per store, shared by its login saga and its login form. */
export function createCredentialsBox(): CredentialsBox {
  let held: Credentials | null = null;
  return {
    put(credentials) {
      held = credentials;
    },
    take() {
      const credentials = held;
      held = null;
      return credentials;
    },
  };
}

/** The store's box, given to the components by App (and by the tests' renderWithProviders). */
export const CredentialsContext = createContext<CredentialsBox | null>(null);

/**
 * The login form's submit. The one exception to "components only dispatch": the password goes into the
 * box the saga takes it from, because an action would put it in DevTools.
 */
export function useLoginSubmit() {
  const box = useContext(CredentialsContext);
  const dispatch = useAppDispatch();
  if (!box) throw new Error('useLoginSubmit needs a CredentialsContext provider');
  return useCallback(
    (credentials: Credentials) => {
      box.put(credentials);
      dispatch(authActions.loginRequested());
    },
    [box, dispatch],
  );
}
