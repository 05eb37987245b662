import type { Queryable } from '../client.js';

/** A new reset link's token hash for the user; the user's earlier links that were not used stop working. */
export async function insertPasswordReset(q: Queryable, tokenHash: string, userId: number, expiresAt: Date): Promise<void> {
  await q.query('DELETE FROM password_resets WHERE user_id = $1 AND (used_at IS NULL OR expires_at < now())', [userId]);
  await q.query('INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [tokenHash, userId, expiresAt]);
}

export interface PasswordResetRow {
  userId: number;
  email: string;
  name: string;
  expiresAt: Date;
  usedAt: Date | null;
  /** The database's clock, so that expiry is judged by one clock whatever instance answers. */
  now: Date;
}

/** The reset link with this token hash and its user, locked until the transaction ends. */
export async function findPasswordResetForUpdate(q: Queryable, tokenHash: string): Promise<PasswordResetRow | undefined> {
  const [row] = await q.query<{ user_id: number; email: string; name: string; expires_at: Date; used_at: Date | null; now: Date }>(
    `SELECT r.user_id, u.email, u.name, r.expires_at, r.used_at, now() AS now
       FROM password_resets r JOIN users u ON u.id = r.user_id WHERE r.token_hash = $1 FOR UPDATE OF r`,
    [tokenHash],
  );
  return (
    row && {
      userId: row.user_id,
      email: row.email,
      name: row.name,
      expiresAt: new Date(row.expires_at),
      usedAt: row.used_at && new Date(row.used_at),
      now: new Date(row.now),
    }
  );
}

export async function markPasswordResetUsed(q: Queryable, tokenHash: string): Promise<void> {
  await q.query('UPDATE password_resets SET used_at = now() WHERE token_hash = $1', [tokenHash]);
}

/** Who a reset link for this e-mail (case-insensitive) would go to: the user, its role number and its language. */
export async function findResetRecipient(q: Queryable, email: string): Promise<{ id: number; email: string; role: number; language: string } | undefined> {
  const [row] = await q.query<{ id: number; email: string; role: number; language: string }>(
    'SELECT id, email, role, language FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  return row;
}
