/** The app's PKCE verifier and state of a sign-in through the OpenID provider, while the browser is away at the provider. */
export interface PendingSignInValues {
  verifier: string;
  state: string;
}

/** Where they wait: this tab's sessionStorage (gone with the tab, never sent to a server), taken once. */
export interface PendingSignIn {
  save(values: PendingSignInValues): void;
  /** The values saved, removed as they are read; null when there are none (another tab, a replayed address). */
  take(): PendingSignInValues | null;
}

const KEY = 'campaigns.pendingSignIn';

export function storedPendingSignIn(storage: () => Storage = () => window.sessionStorage): PendingSignIn {
  return {
    save(values) {
      storage().setItem(KEY, JSON.stringify(values));
    },
    take() {
      const raw = storage().getItem(KEY);
      storage().removeItem(KEY);
      try {
        const parsed = raw === null ? null : (JSON.parse(raw) as Partial<PendingSignInValues>);
        return typeof parsed?.verifier === 'string' && typeof parsed.state === 'string' ? { verifier: parsed.verifier, state: parsed.state } : null;
      } catch {
        return null;
      }
    },
  };
}
