import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { deleteStaleBuckets, lockBucket, markWaitAudited, saveBucket } from '../../db/repositories/loginThrottle.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { rateLimited } from '../../errors.js';
import type { TokenSigner } from './jwt.js';

/** Failures a bucket may have before attempts must wait. */
export const FREE_FAILURES = 5;
/** The longest wait between two attempts on one bucket, seconds: past it, some 96 guesses a day. */
export const MAX_DELAY_SECONDS = 15 * 60;
/** A bucket without attempts for this long starts again from no failures. */
export const FORGET_AFTER_MS = 24 * 3600 * 1000;
/** How long a browser that signed in to an account is remembered by its device cookie. */
export const DEVICE_COOKIE_TTL_SECONDS = 180 * 24 * 3600;

/** Seconds an attempt must wait after the n-th failure: none for the first few, then 2, 4, 8... up to the cap. */
export function delayAfterFailures(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_SECONDS);
}

export type AttemptDecision = { allowed: false; retryAfterSeconds: number; audit: boolean } | { allowed: true; failures: number; blockedUntil: Date };

/**
 * Whether an attempt on a bucket may be checked now and, when it may, the bucket's counts with it counted as a
 * failure (a success clears them): refused while the wait of the last failure runs, forgotten after a quiet day.
 * Only the first refusal of a wait is to be audited, so that a flood does not grow the audit log.
 */
export function decideAttempt(bucket: { failures: number; blockedUntil: Date; lastAttemptAt: Date; auditedUntil: Date }, now: Date): AttemptDecision {
  const fresh = now.getTime() - bucket.lastAttemptAt.getTime() >= FORGET_AFTER_MS;
  if (!fresh && bucket.blockedUntil > now) {
    const retryAfterSeconds = Math.ceil((bucket.blockedUntil.getTime() - now.getTime()) / 1000);
    return { allowed: false, retryAfterSeconds, audit: bucket.auditedUntil < bucket.blockedUntil };
  }
  const failures = (fresh ? 0 : bucket.failures) + 1;
  return { allowed: true, failures, blockedUntil: new Date(now.getTime() + delayAfterFailures(failures) * 1000) };
}

/** The e-mail as buckets and lookups compare it. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** A login attempt: the normalised e-mail, the token of the account's device cookie if any, and the caller for the audit log. */
export interface LoginAttempt {
  email: string;
  deviceToken?: string;
  ip?: string;
  requestId?: string;
  /** What the attempt is, when not a login: a password change checks the current password against the same buckets. */
  during?: 'passwordChange' | 'passwordReset';
}

/**
 * Lets a login attempt go on to the password check, or refuses it with RATE_LIMITED and the wait (audited as
 * auth.login_throttled, once per wait) without looking at the password. The attempt counts against its account's bucket
 * (the e-mail, whether or not it exists) or, when it carries a valid device cookie of that account (a browser
 * that signed in to it before, OWASP's "device cookie"), against that device's own bucket: whoever guesses an
 * account's password cannot keep its user out, and a stolen cookie is throttled all the same. Returns the
 * bucket a successful login clears: the device's alone when it came with its cookie, so that the user signing
 * in does not end the wait of whoever is guessing at the account.
 */
export async function admitLoginAttempt(ctx: { db: Db; signer: TokenSigner }, attempt: LoginAttempt): Promise<string[]> {
  const device = attempt.deviceToken ? await ctx.signer.verifyDevice(attempt.deviceToken) : undefined;
  const account = `account:${attempt.email}`;
  const bucket = device && device.accountHash === ctx.signer.accountHash(attempt.email) ? `device:${device.deviceId}` : account;
  await admitOnBucket(ctx.db, bucket, attempt, bucket === account ? 'account' : 'device');
  return [bucket];
}

/**
 * A forgotten-password request for an e-mail, throttled as a login is: its own bucket per e-mail (known or not, so
 * that the answer tells nothing), every request counted (none is a success that clears it), so that the first 5
 * go at once and the next wait 2 s, 4 s... up to 15 minutes: nobody can flood an inbox with reset links.
 */
export async function admitResetRequest(db: Db, attempt: Omit<LoginAttempt, 'deviceToken' | 'during'>): Promise<void> {
  await admitOnBucket(db, `reset:${attempt.email}`, { ...attempt, during: 'passwordReset' }, 'account');
}

/** Counts an attempt on a bucket, or refuses it with RATE_LIMITED during the bucket's wait (audited once per wait). */
async function admitOnBucket(db: Db, bucket: string, attempt: LoginAttempt, by: 'account' | 'device'): Promise<void> {
  const decision = await db.transaction(async (tx) => {
    const state = await lockBucket(tx, bucket);
    const decided = decideAttempt(state, state.now);
    if (decided.allowed) {
      await saveBucket(tx, bucket, decided.failures, decided.blockedUntil, state.now);
      await deleteStaleBuckets(tx, new Date(state.now.getTime() - FORGET_AFTER_MS), bucket);
    } else if (decided.audit) {
      const details = {
        email: attempt.email,
        ip: attempt.ip,
        by,
        retryAfterSeconds: decided.retryAfterSeconds,
        ...(attempt.during ? { during: attempt.during } : {}),
      };
      await markWaitAudited(tx, bucket);
      await recordAudit(tx, { action: 'auth.login_throttled', details, requestId: attempt.requestId });
    }
    return decided;
  });
  if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds);
}

/** A new device cookie's token for a browser that has just signed in to this account. */
export function deviceTokenFor(signer: TokenSigner, email: string): Promise<string> {
  return signer.signDevice({ deviceId: randomUUID(), accountHash: signer.accountHash(email) }, DEVICE_COOKIE_TTL_SECONDS);
}
