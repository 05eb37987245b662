import type { Queryable } from '../client.js';

/** A sign-in under way at the OpenID provider (migration 030). */
export interface OidcLogin {
  nonce: string;
  codeVerifier: string;
  clientId: string;
  appState: string;
  codeChallenge: string;
  expiresAt: Date;
}

/** Keeps a sign-in under way, and drops those that expired (they are never finished). */
export async function insertOidcLogin(q: Queryable, stateHash: string, login: OidcLogin): Promise<void> {
  await q.query('DELETE FROM oidc_logins WHERE expires_at < now()');
  await q.query(
    `INSERT INTO oidc_logins (state_hash, nonce, code_verifier, client_id, app_state, code_challenge, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [stateHash, login.nonce, login.codeVerifier, login.clientId, login.appState, login.codeChallenge, login.expiresAt],
  );
}

/** The sign-in of this state, removed in the same statement: a callback is taken once, by one instance. */
export async function takeOidcLogin(q: Queryable, stateHash: string): Promise<OidcLogin | undefined> {
  const [row] = await q.query<{ nonce: string; code_verifier: string; client_id: string; app_state: string; code_challenge: string; expires_at: Date }>(
    'DELETE FROM oidc_logins WHERE state_hash = $1 RETURNING nonce, code_verifier, client_id, app_state, code_challenge, expires_at',
    [stateHash],
  );
  return (
    row && {
      nonce: row.nonce,
      codeVerifier: row.code_verifier,
      clientId: row.client_id,
      appState: row.app_state,
      codeChallenge: row.code_challenge,
      expiresAt: new Date(row.expires_at),
    }
  );
}

/**
 * Links the account to the provider's identity (issuer and `sub`) at its first sign-in there, and answers whether
 * the two belong together: false when the account is linked to another identity of that provider, or the identity
 * to another account.
 */
export async function linkIdentity(q: Queryable, userId: number, issuer: string, subject: string): Promise<boolean> {
  await q.query('INSERT INTO oidc_identities (user_id, issuer, subject) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, issuer, subject]);
  const rows = await q.query<{ user_id: number; subject: string }>(
    'SELECT user_id, subject FROM oidc_identities WHERE issuer = $2 AND (user_id = $1 OR subject = $3)',
    [userId, issuer, subject],
  );
  return rows.length === 1 && rows[0].user_id === userId && rows[0].subject === subject;
}
