import { createContext, useCallback, useContext } from 'react';
import { useAppDispatch } from '../../app/hooks.js';
import { authActions } from './authSlice.js';
import { passwordResetActions } from './passwordResetSlice.js';

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

/** A one-shot box of any value: put by a form, taken once by its saga. */
function createHandOff<T>(): { put(value: T): void; take(): T | null } {
  let held: T | null = null;
  return {
    put(value) {
      held = value;
    },
    take() {
      const value = held;
      held = null;
      return value;
    },
  };
}

/** A new, empty box: one per store, shared by its login saga and its login form. */
export const createCredentialsBox = (): CredentialsBox => createHandOff<Credentials>();

/** What the change-password form collects (the repetition stays in the form). */
export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** The change-password form's hand-off to its saga, outside Redux like the login's credentials. */
export interface PasswordChangeBox {
  put(change: PasswordChange): void;
  take(): PasswordChange | null;
}

/** A new, empty box: one per store, shared by the password-change saga and its form. */
export const createPasswordChangeBox = (): PasswordChangeBox => createHandOff<PasswordChange>();

/** The store's password-change box, given to the components by App (and by the tests' renderWithProviders). */
export const PasswordChangeContext = createContext<PasswordChangeBox | null>(null);

/** The change-password form's submit: the passwords go into the box, the store only hears that a change was asked. */
export function usePasswordChangeSubmit() {
  const box = useContext(PasswordChangeContext);
  const dispatch = useAppDispatch();
  if (!box) throw new Error('usePasswordChangeSubmit needs a PasswordChangeContext provider');
  return useCallback(
    (change: PasswordChange) => {
      box.put(change);
      dispatch(authActions.passwordChangeRequested());
    },
    [box, dispatch],
  );
}

/** The reset-password form's hand-off to its saga (the new password; the link's token the saga reads from the address). */
export interface NewPasswordBox {
  put(password: string): void;
  take(): string | null;
}

/** A new, empty box: one per store, shared by the reset-password saga and its form. */
export const createNewPasswordBox = (): NewPasswordBox => createHandOff<string>();

/** The store's new-password box, given to the components by App (and by the tests' renderWithProviders). */
export const NewPasswordContext = createContext<NewPasswordBox | null>(null);

/** The reset form's submit: the password goes into the box, the store only hears that a reset was asked. */
export function useNewPasswordSubmit() {
  const box = useContext(NewPasswordContext);
  const dispatch = useAppDispatch();
  if (!box) throw new Error('useNewPasswordSubmit needs a NewPasswordContext provider');
  return useCallback(
    (password: string) => {
      box.put(password);
      dispatch(passwordResetActions.newPasswordRequested());
    },
    [box, dispatch],
  );
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
