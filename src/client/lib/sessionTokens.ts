import type { Tokens } from '../api/authApi.js';

/** Where the session's tokens came from: the cookie, or an `at` query parameter (memory only). */
export type TokenSource = 'cookie' | 'query';

/**
 * The tokens of the session in progress, in memory and outside Redux, so that no action, state or
 * DevTools record ever holds one. Calls read the access token here; the cookie (TokenStore) only
 * carries a session over to the next visit, and the auth sagas write it themselves. The token of a
 * shared link on screen is kept here too, beside the session and without touching it (a signed-in
 * user who opens a shared link keeps their own session).
 */
export interface SessionTokens {
  accessToken(): string | null;
  source(): TokenSource | null;
  /** Changes when a session begins or ends, not on a refresh: an answer to an earlier one is stale. */
  generation(): number;
  begin(tokens: Tokens, source: TokenSource): void;
  /** The new pair of the same session after a refresh. */
  replace(tokens: Tokens): void;
  forget(): void;
  /** A shared link's token, for the report it opens; not a session (no user, no refresh, no cookie). */
  sharedLink(): string | null;
  openSharedLink(token: string): void;
  closeSharedLink(): void;
}

/** The saga context key under which makeStore puts the store's SessionTokens (apiCall reads it there). */
export const SESSION_TOKENS_CONTEXT = 'sessionTokens';

/** A new, empty holder: one per store. */
export function createSessionTokens(): SessionTokens {
  let tokens: Tokens | null = null;
  let source: TokenSource | null = null;
  let generation = 0;
  let shared: string | null = null;
  return {
    accessToken: () => tokens?.accessToken ?? null,
    source: () => source,
    generation: () => generation,
    begin(next, from) {
      [tokens, source, generation] = [next, from, generation + 1];
    },
    replace(next) {
      tokens = next;
    },
    forget() {
      [tokens, source, generation] = [null, null, generation + 1];
    },
    sharedLink: () => shared,
    openSharedLink(token) {
      shared = token;
    },
    closeSharedLink() {
      shared = null;
    },
  };
}
