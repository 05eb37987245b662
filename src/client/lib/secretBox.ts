import { createContext, useContext } from 'react';
import { call, type Effect } from 'redux-saga/effects';

/**
 * A secret the screen shows (a generated password, a share link to copy by hand), held outside Redux so
 * that no action, state or DevTools record holds it: a saga puts it, then dispatches an event without it
 * that opens its dialog, and the dialog reads it here. It holds one at a time and is cleared when its
 * dialog closes or the session changes.
 */
export interface SecretBox {
  put(secret: string): void;
  /** The secret put last, or null once cleared. */
  read(): string | null;
  clear(): void;
}

/** A new, empty box: one per store and use. */
export function createSecretBox(): SecretBox {
  let held: string | null = null;
  return {
    put(secret) {
      held = secret;
    },
    read: () => held,
    clear() {
      held = null;
    },
  };
}

/** A store's boxes, by use (saga dependencies of the same names). */
export interface SecretBoxes {
  generatedPassword: SecretBox;
  linkToCopy: SecretBox;
}

/** The store's boxes, given to the components by App (and by the tests' renderWithProviders). */
export const SecretBoxesContext = createContext<SecretBoxes | null>(null);

/**
 * The secret in one of the store's boxes, read at each render: the event that opens its dialog, dispatched
 * after the saga filled the box, is what renders it. An event replayed from DevTools finds the box empty.
 */
export function useSecret(name: keyof SecretBoxes): string | null {
  const boxes = useContext(SecretBoxesContext);
  if (!boxes) throw new Error('useSecret needs a SecretBoxesContext provider');
  return boxes[name].read();
}

/** The saga that empties a box: its dialog closed, or the session changed. */
export function* clearSecret(box: SecretBox): Generator<Effect, void, unknown> {
  yield call([box, box.clear]);
}
