import type { Queryable } from '../client.js';

/** A throttle bucket's counts (migration 005), and the database's clock when they were read. */
export interface ThrottleBucket {
  failures: number;
  blockedUntil: Date;
  lastAttemptAt: Date;
  auditedUntil: Date;
  now: Date;
}

/**
 * The bucket's row, created empty when missing and locked for this transaction, so that attempts on one bucket
 * from any instance are decided one after the other. The time is the database's, the one clock every instance
 * shares.
 */
export async function lockBucket(q: Queryable, bucket: string): Promise<ThrottleBucket> {
  await q.query(
    "INSERT INTO login_throttle (bucket, failures, blocked_until, last_attempt_at) VALUES ($1, 0, 'epoch', 'epoch') ON CONFLICT (bucket) DO NOTHING",
    [bucket],
  );
  const [row] = await q.query<{ failures: number; blocked_until: Date; last_attempt_at: Date; audited_until: Date }>(
    'SELECT failures, blocked_until, last_attempt_at, audited_until FROM login_throttle WHERE bucket = $1 FOR UPDATE',
    [bucket],
  );
  // The clock once the lock is held (now() would be when the transaction began, before any wait for the lock).
  const [{ now }] = await q.query<{ now: Date }>('SELECT clock_timestamp() AS now');
  return {
    failures: row.failures,
    blockedUntil: new Date(row.blocked_until),
    lastAttemptAt: new Date(row.last_attempt_at),
    auditedUntil: new Date(row.audited_until),
    now: new Date(now),
  };
}

/** Counts an attempt let through: the failures so far and the earliest time of the next attempt. */
export async function saveBucket(q: Queryable, bucket: string, failures: number, blockedUntil: Date, now: Date): Promise<void> {
  await q.query('UPDATE login_throttle SET failures = $2, blocked_until = $3, last_attempt_at = $4 WHERE bucket = $1', [bucket, failures, blockedUntil, now]);
}

/** Remembers that the refusals of the bucket's current wait are in the audit log (copied in SQL: no precision lost). */
export async function markWaitAudited(q: Queryable, bucket: string): Promise<void> {
  await q.query('UPDATE login_throttle SET audited_until = blocked_until WHERE bucket = $1', [bucket]);
}

/**
 * Deletes up to `limit` buckets not used since `before` (other than `keep`), skipping rows another attempt holds.
 * Each attempt let through adds at most one row and removes up to two stale ones, so the table stays as large
 * as the buckets in use, whatever a flood of made-up e-mails does.
 */
export async function deleteStaleBuckets(q: Queryable, before: Date, keep: string, limit = 2): Promise<void> {
  await q.query(
    `DELETE FROM login_throttle WHERE bucket IN (
       SELECT bucket FROM login_throttle WHERE last_attempt_at < $1 AND bucket <> $2 ORDER BY last_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)`,
    [before, keep, limit],
  );
}

/** Forgets the buckets' failures (after a successful login). */
export async function clearBuckets(q: Queryable, buckets: string[]): Promise<void> {
  await q.query('DELETE FROM login_throttle WHERE bucket = ANY($1::text[])', [buckets]);
}
