import type { Queryable } from '../client.js';

export interface AuthorizationCode {
  userId: number;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  expiresAt: Date;
  usedAt: Date | null;
  familyId: string | null;
}

export async function insertAuthorizationCode(q: Queryable, codeHash: string, code: Omit<AuthorizationCode, 'usedAt' | 'familyId'>): Promise<void> {
  await q.query(
    `INSERT INTO authorization_codes (code_hash, user_id, client_id, redirect_uri, code_challenge, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [codeHash, code.userId, code.clientId, code.redirectUri, code.codeChallenge, code.expiresAt],
  );
}

/** The code row, locked for this transaction so that two exchanges of one code cannot both pass. */
export async function findAuthorizationCodeForUpdate(q: Queryable, codeHash: string): Promise<AuthorizationCode | undefined> {
  const [row] = await q.query<{
    user_id: number;
    client_id: string;
    redirect_uri: string;
    code_challenge: string;
    expires_at: Date;
    used_at: Date | null;
    family_id: string | null;
  }>('SELECT * FROM authorization_codes WHERE code_hash = $1 FOR UPDATE', [codeHash]);
  return (
    row && {
      userId: row.user_id,
      clientId: row.client_id,
      redirectUri: row.redirect_uri,
      codeChallenge: row.code_challenge,
      expiresAt: new Date(row.expires_at),
      usedAt: row.used_at && new Date(row.used_at),
      familyId: row.family_id,
    }
  );
}

export async function markAuthorizationCodeUsed(q: Queryable, codeHash: string, familyId: string | null): Promise<void> {
  await q.query('UPDATE authorization_codes SET used_at = now(), family_id = $2 WHERE code_hash = $1', [codeHash, familyId]);
}

export async function createFamily(q: Queryable, id: string, userId: number, clientId: string): Promise<void> {
  await q.query('INSERT INTO refresh_token_families (id, user_id, client_id) VALUES ($1, $2, $3)', [id, userId, clientId]);
}

export async function insertRefreshToken(q: Queryable, tokenHash: string, familyId: string, expiresAt: Date): Promise<void> {
  await q.query('INSERT INTO refresh_tokens (token_hash, family_id, expires_at) VALUES ($1, $2, $3)', [tokenHash, familyId, expiresAt]);
}

export interface RefreshTokenRow {
  familyId: string;
  userId: number;
  clientId: string;
  expiresAt: Date;
  retiredAt: Date | null;
  familyRevokedAt: Date | null;
}

/** The refresh token with its family, locked so that two refreshes of one token cannot both rotate it. */
export async function findRefreshTokenForUpdate(q: Queryable, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await q.query<{ family_id: string; user_id: number; client_id: string; expires_at: Date; retired_at: Date | null; revoked_at: Date | null }>(
    `SELECT t.family_id, f.user_id, f.client_id, t.expires_at, t.retired_at, f.revoked_at
       FROM refresh_tokens t JOIN refresh_token_families f ON f.id = t.family_id
      WHERE t.token_hash = $1 FOR UPDATE`,
    [tokenHash],
  );
  return (
    row && {
      familyId: row.family_id,
      userId: row.user_id,
      clientId: row.client_id,
      expiresAt: new Date(row.expires_at),
      retiredAt: row.retired_at && new Date(row.retired_at),
      familyRevokedAt: row.revoked_at && new Date(row.revoked_at),
    }
  );
}

export async function retireRefreshToken(q: Queryable, tokenHash: string): Promise<void> {
  await q.query('UPDATE refresh_tokens SET retired_at = now() WHERE token_hash = $1', [tokenHash]);
}

/** Revokes a session: its refresh tokens stop refreshing and its access tokens stop authenticating. */
export async function revokeFamily(q: Queryable, familyId: string, reason: string): Promise<void> {
  await q.query('UPDATE refresh_token_families SET revoked_at = now(), revoke_reason = $2 WHERE id = $1 AND revoked_at IS NULL', [familyId, reason]);
}

/** Revokes every open session of the user (after its password changes). */
export async function revokeUserFamilies(q: Queryable, userId: number, reason: string): Promise<void> {
  await q.query('UPDATE refresh_token_families SET revoked_at = now(), revoke_reason = $2 WHERE user_id = $1 AND revoked_at IS NULL', [userId, reason]);
}

/** Revokes every open session of the user but one (the one that changed the password). */
export async function revokeOtherFamilies(q: Queryable, userId: number, keepFamilyId: string, reason: string): Promise<number> {
  const rows = await q.query<{ id: string }>(
    'UPDATE refresh_token_families SET revoked_at = now(), revoke_reason = $3 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL RETURNING id',
    [userId, keepFamilyId, reason],
  );
  return rows.length;
}
