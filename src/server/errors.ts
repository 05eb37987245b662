import { ERROR_STATUS, type ErrorType } from '../shared/api/errors.js';
import type { ClosedShareLinkReason } from '../shared/api/results.js';

/** A failure the API reports to the caller with a stable type (see docs/api.md). */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly type: ErrorType,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.status = ERROR_STATUS[type];
  }
}

export const validationError = (message: string, data?: unknown) => new AppError('VALIDATION', message, data);
export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = () => new AppError('FORBIDDEN', 'You are not allowed to do this');
export const conflict = (message: string, data?: unknown) => new AppError('CONFLICT', message, data);
export const invalidToken = () => new AppError('INVALID_TOKEN', 'Invalid or revoked token');
/**
 * A share link that worked and no longer does: INVALID_TOKEN like any other, with `data.reason` saying why, so
 * that the page can say it was revoked or has expired instead of calling the link wrong.
 */
export const closedShareLink = (reason: ClosedShareLinkReason) =>
  new AppError('INVALID_TOKEN', reason === 'SHARE_LINK_REVOKED' ? 'The shared link was revoked' : 'The shared link has expired', { reason });
export const expiredToken = () => new AppError('EXPIRED_ACCESS_TOKEN', 'The access token has expired');
/** Too many attempts: the wait goes in `data` for the client's message and in a Retry-After header (plugins/errors.ts). */
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', `Too many attempts, try again in ${retryAfterSeconds} s`, { retryAfterSeconds });

/**
 * An OAuth 2 token-endpoint failure, answered in RFC 6749 section 5.2 form
 * instead of the API envelope.
 */
export class OAuthError extends Error {
  constructor(
    // slow_down: too many calls from this address. RFC 6749 names no code for it; this is the token-endpoint code
    // that the OAuth Extensions Error Registry has for "ask less often" (RFC 8628 section 3.5), sent with 429.
    readonly code: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'slow_down',
    readonly description: string,
  ) {
    super(description);
  }

  get status(): number {
    return this.code === 'invalid_client' ? 401 : this.code === 'slow_down' ? 429 : 400;
  }
}
