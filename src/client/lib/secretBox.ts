import { createContext, useContext } from 'react';
import { call, type Effect } from 'redux-saga/effects';

/**
 * A secret held outside Redux, so that no action, state or DevTools record ever holds it. Two uses, one box:
 * - a form's hand-off to its saga (the login's credentials, the passwords of a change or a reset): the form puts
 *   them and dispatches an action without them; the saga takes them once, leaving the box empty;
 * - what a dialog shows (a generated password, a share link to copy by hand): a saga puts it, then dispatches an
 *   event without it that opens the dialog, which reads it at each render; it is cleared when the dialog closes or
 *   the session changes.
 */
export interface SecretBox<T = string> {
  put(secret: T): void;
  /** The secret put last, or null once cleared. */
  read(): T | null;
  /** The secret put last, once: the box is empty afterwards. */
  take(): T | null;
  clear(): void;
}

/** A new, empty box: one per store and use. */
export function createSecretBox<T = string>(): SecretBox<T> {
  let held: T | null = null;
  return {
    put(secret) {
      held = secret;
    },
    read: () => held,
    take() {
      const secret = held;
      held = null;
      return secret;
    },
    clear() {
      held = null;
    },
  };
}

/** What the login form collects. */
export interface Credentials {
  email: string;
  password: string;
}

/** What the change-password form collects (the repetition stays in the form). */
export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** A store's boxes, by use (saga dependencies of the same names). */
export interface SecretBoxes {
  /** The login form's e-mail and password, for the login saga. */
  credentials: SecretBox<Credentials>;
  /** The change-password form's passwords, for its saga. */
  passwordChange: SecretBox<PasswordChange>;
  /** The reset-password form's new password (the link's token the saga reads from the address). */
  newPassword: SecretBox<string>;
  /** A password the server generated, for its dialog. */
  generatedPassword: SecretBox<string>;
  /** A share link the browser could not copy, for the dialog that shows it. */
  linkToCopy: SecretBox<string>;
}

/** A new, empty box for every use: one set per store. */
export function createSecretBoxes(): SecretBoxes {
  return {
    credentials: createSecretBox(),
    passwordChange: createSecretBox(),
    newPassword: createSecretBox(),
    generatedPassword: createSecretBox(),
    linkToCopy: createSecretBox(),
  };
}

/** The store's boxes, given to the components by App (and by the tests' renderWithProviders). */
export const SecretBoxesContext = createContext<SecretBoxes | null>(null);

/** One of the store's boxes, for a form that hands a secret to its saga. */
export function useSecretBox<K extends keyof SecretBoxes>(name: K): SecretBoxes[K] {
  const boxes = useContext(SecretBoxesContext);
  if (!boxes) throw new Error('useSecretBox needs a SecretBoxesContext provider');
  return boxes[name];
}

/**
 * The secret in one of the store's boxes, read at each render: the event that opens its dialog, dispatched
 * after the saga filled the box, is what renders it. An event replayed from DevTools finds the box empty.
 */
export function useSecret(name: 'generatedPassword' | 'linkToCopy'): string | null {
  return useSecretBox(name).read();
}

/** The saga that empties a box: its dialog closed, or the session changed. */
export function* clearSecret(box: SecretBox<unknown>): Generator<Effect, void, unknown> {
  yield call([box, box.clear]);
}
