import type { TransportErrorType } from '../api/ApiError.js';
import type { CallPolicy, FailureToast } from './apiCall.js';

/**
 * Every failure the client can meet, by what it means to a screen (a record, so that a new error type must
 * be placed here): the server refused the session; it could not read the request at all (answered before any
 * route); or this call failed.
 */
const FAILURE_KIND: Record<TransportErrorType, 'sessionRefused' | 'requestUnreadable' | 'callFailed'> = {
  INVALID_TOKEN: 'sessionRefused',
  INVALID_CREDENTIALS: 'sessionRefused',
  EXPIRED_ACCESS_TOKEN: 'sessionRefused',
  // The session must change its temporary password first: apiCall.ts sends the user to the change form.
  PASSWORD_CHANGE_REQUIRED: 'sessionRefused',
  BAD_REQUEST: 'requestUnreadable',
  REQUEST_TIMEOUT: 'requestUnreadable',
  PAYLOAD_TOO_LARGE: 'requestUnreadable',
  HEADERS_TOO_LARGE: 'requestUnreadable',
  VALIDATION: 'callFailed',
  FORBIDDEN: 'callFailed',
  NOT_FOUND: 'callFailed',
  EMAIL_EXISTS: 'callFailed',
  CONFLICT: 'callFailed',
  RATE_LIMITED: 'callFailed',
  INTERNAL: 'callFailed',
  UNAVAILABLE: 'callFailed',
  CONNECTION_FAILED: 'callFailed',
  EMPTY_RESPONSE: 'callFailed',
  HTTP_ERROR: 'callFailed',
};

const ALL_FAILURES = Object.keys(FAILURE_KIND) as TransportErrorType[];

/** The failures a screen keeps (keepOnScreen): every failure of the call itself, not a refused session nor an unreadable request. */
export const KEPT_ON_SCREEN: readonly TransportErrorType[] = ALL_FAILURES.filter((type) => FAILURE_KIND[type] === 'callFailed');

/** For what the screen cannot show without: every failure raises the error page (a 401 ends the session); 422 is left to the screen. */
export const errorPage = (toast?: FailureToast): CallPolicy => ({ handled: [], toast });

/**
 * For a change the user made, or a load beside what is on screen: a failure stays on the screen as the toast,
 * so that what the user chose is not lost. Only a refused session and an unreadable request raise the error page.
 */
export const keepOnScreen = (toast?: FailureToast): CallPolicy => ({ handled: KEPT_ON_SCREEN, toast });

/** Failures the caller lists are its own (no error page, a 401 among them keeps the session); the others raise the error page. */
export const handling = (handled: readonly TransportErrorType[], toast?: FailureToast): CallPolicy => ({ handled, toast });

/** A shared link's read, with its own token: no refresh, no error page, no session to end; a failure shows the toast. */
export const sharedLink = (token: string, toast?: FailureToast): CallPolicy => ({ handled: ALL_FAILURES, toast, linkToken: token });
