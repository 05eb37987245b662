import { cancel, delay, put, race, take } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import { ApiError, serializeError, type TransportErrorType } from '../api/ApiError.js';
import type { SecureFn } from '../api/http.js';
import type { RequestError } from '../lib/remote.js';
import { call, getContext, select, type Saga } from '../lib/typedEffects.js';
import { authActions, isSessionChange } from '../features/auth/authSlice.js';
import { selectRefreshing } from '../features/auth/authSelectors.js';
import { errorsActions } from '../features/errors/errorsSlice.js';
import { snackbarActions } from '../features/snackbar/snackbarSlice.js';
import { createSessionTokens, SESSION_TOKENS_CONTEXT, type SessionTokens } from '../lib/sessionTokens.js';
import { transportErrorMessage } from '../lib/transportErrors.js';
import { EDITION_FINAL_MESSAGE, isEditionFinal } from '../lib/refusals.js';
import { REFRESH_WAIT_MS } from '../lib/constants.js';

/**
 * The toast a failed call shows: a message id, or one chosen from the error (null: none, the screen says it). A
 * change refused because its edition's results are final shows EDITION_FINAL_MESSAGE whichever call met it
 * (failureToast): a policy's toast need not know that refusal.
 */
export type FailureToast = string | ((error: RequestError) => string | null);

/**
 * What a saga's call does when it fails (build one with errorPage, keepOnScreen or sharedLink in callPolicies.ts).
 * Whatever the policy, the error is then rethrown to the calling saga for its failure event.
 */
export interface CallPolicy {
  /**
   * Failures the calling screen handles itself: they skip the error page, and a 401 among them does not end
   * the session. Every other failure raises the error page (spec section 8), and a 401 ends the session.
   */
  handled: readonly TransportErrorType[];
  /** The toast a failure shows, besides whatever the error page does. */
  toast?: FailureToast;
  /** A shared link's token to call with instead of the session's: no refresh and no session to end. */
  linkToken?: string;
}

/** Error page or not: the transport error catalogue (spec section 8) for failures the caller does not handle. */
function* reportTransportError(err: unknown, handled: readonly TransportErrorType[]): Saga<void> {
  const error = serializeError(err);
  if (handled.includes(error.type)) return;
  // A temporary password: no error page, the guards take the user to the change form.
  if (error.type === 'PASSWORD_CHANGE_REQUIRED') {
    yield put(authActions.passwordChangeRequired());
    return;
  }
  const message = transportErrorMessage(error);
  if (!message) return;
  if (error.status === 401) yield put(authActions.loggedOut());
  yield put(errorsActions.globalErrorRaised(message));
}

/** The refresh in flight ends: new tokens, or the session is over (refresh failed, logout, another login). */
const refreshEnded = (action: Action): boolean => authActions.tokensRefreshed.match(action) || isSessionChange(action);

/** Waits for the refresh in flight to end, at most 10 s. */
function* waitForRefresh(): Saga<void> {
  if (!(yield* select(selectRefreshing))) return;
  yield race({ ended: take(refreshEnded), timedOut: delay(REFRESH_WAIT_MS) });
}

/** Without a store's session in the saga context (a saga tested on its own), calls go without a token. */
const NO_SESSION = createSessionTokens();

/**
 * One call with the session's current access token. An answer or a failure that comes back after its
 * session ended belongs to nobody on screen: the calling worker is cancelled instead, so nothing of it
 * reaches the next user's state (no data, no toast, no logout of the next session).
 */
function* callWithToken<A extends unknown[], R>(session: SessionTokens, fn: SecureFn<A, R>, args: A): Saga<R> {
  const generation = session.generation();
  let result: R;
  try {
    result = yield* call(fn, session.accessToken(), ...args);
  } catch (err) {
    if (session.generation() !== generation) yield cancel();
    throw err;
  }
  if (session.generation() !== generation) yield cancel();
  return result;
}

/**
 * A call of the session. An expired access token starts one refresh (callers that meet it meanwhile wait
 * for the same one) and the call is retried once with the new token, or without a token if the refresh failed.
 */
function* callInSession<A extends unknown[], R>(handled: readonly TransportErrorType[], fn: SecureFn<A, R>, args: A): Saga<R> {
  const session = (yield* getContext<SessionTokens>(SESSION_TOKENS_CONTEXT)) ?? NO_SESSION;
  try {
    return yield* callWithToken(session, fn, args);
  } catch (err) {
    if (!(err instanceof ApiError && err.type === 'EXPIRED_ACCESS_TOKEN')) {
      yield* reportTransportError(err, handled);
      throw err;
    }
  }
  if (!(yield* select(selectRefreshing))) yield put(authActions.refreshRequested());
  yield* waitForRefresh();
  try {
    return yield* callWithToken(session, fn, args);
  } catch (err) {
    yield* reportTransportError(err, handled);
    throw err;
  }
}

/**
 * The one way a saga calls the API: `const campaign = yield* callApi(errorPage(), api.get, id)`. The policy
 * says what a failure does (error page or not, toast); the error is then rethrown to the caller.
 */
export function* callApi<A extends unknown[], R>(policy: CallPolicy, fn: SecureFn<A, R>, ...args: A): Saga<R> {
  try {
    if (policy.linkToken !== undefined) return yield* call(fn, policy.linkToken, ...args);
    return yield* callInSession(policy.handled, fn, args);
  } catch (err) {
    const toast = failureToast(policy.toast, serializeError(err));
    if (toast) yield put(snackbarActions.toastShown(toast));
    throw err;
  }
}

/** The toast a policy shows for a failure, if it shows one: a final edition's refusal says so, whatever the call. */
export function failureToast(toast: FailureToast | undefined, error: RequestError): string | null {
  if (toast === undefined) return null;
  if (isEditionFinal(error)) return EDITION_FINAL_MESSAGE;
  return typeof toast === 'function' ? toast(error) : toast;
}
