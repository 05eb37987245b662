/**
 * A secret the screen shows (a generated password), held outside Redux so that no action, state or
 * DevTools record holds it: a saga puts it, the store hears only that there is one to show, and the
 * component reads it here. It holds one at a time and is cleared when its dialog closes or the session changes.
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
