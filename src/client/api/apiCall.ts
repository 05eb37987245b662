import { call, cancel, delay, getContext, put, select, type Effect } from 'redux-saga/effects';
import { ApiError, serializeError, type TransportErrorType } from './ApiError.js';
import { authActions } from '../features/auth/authSlice.js';
import { appActions } from '../features/app/appSlice.js';
import { selectRefreshing } from '../features/auth/authSelectors.js';
import { createSessionTokens, SESSION_TOKENS_CONTEXT, type SessionTokens } from '../lib/sessionTokens.js';
import { transportErrorMessage } from '../lib/transportErrors.js';
import { REFRESH_POLL_MS, REFRESH_WAIT_MS } from '../lib/constants.js';

/** An authenticated API function: the access token first, then its own arguments. */
export type SecureFn<A extends unknown[], R> = (token: string | null, ...args: A) => Promise<R>;

const isExpired = (err: unknown) => err instanceof ApiError && err.type === 'EXPIRED_ACCESS_TOKEN';

/**
 * Applies the transport error catalogue (spec section 8): a refused token ends the session with
 * 'Unauthorized user!'; other failures raise the error page, except 422 and the types the caller handles.
 */
export function* reportTransportError(err: unknown, handled: readonly TransportErrorType[] = []): Generator<Effect, void, unknown> {
  const error = serializeError(err);
  if (handled.includes(error.type)) return;
  const message = transportErrorMessage(error);
  if (!message) return;
  if (error.status === 401) yield put(authActions.loggedOut());
  yield put(appActions.globalErrorRaised(message));
}

/** Waits for the refresh in flight, polling every 500 ms for at most 10 s. */
function* waitForRefresh(): Generator<Effect, void, unknown> {
  for (let waited = 0; waited < REFRESH_WAIT_MS; waited += REFRESH_POLL_MS) {
    const refreshing = (yield select(selectRefreshing)) as boolean;
    if (!refreshing) return;
    yield delay(REFRESH_POLL_MS);
  }
}

/** Without a store's session in the saga context (a saga tested on its own), calls go without a token. */
const NO_SESSION = createSessionTokens();

/**
 * One call with the session's current access token. An answer or a failure that comes back after its
 * session ended belongs to nobody on screen: the calling worker is cancelled instead, so nothing of it
 * reaches the next user's state (no data, no toast, no logout of the next session).
 */
function* callWithToken<A extends unknown[], R>(session: SessionTokens, fn: SecureFn<A, R>, args: A): Generator<Effect, R, unknown> {
  const generation = session.generation();
  let result: R;
  try {
    result = (yield call(fn, session.accessToken(), ...args)) as R;
  } catch (err) {
    if (session.generation() !== generation) yield cancel();
    throw err;
  }
  if (session.generation() !== generation) yield cancel();
  return result;
}

/**
 * Every authenticated call goes through here. An expired access token starts one refresh (callers that
 * meet it meanwhile wait for the same one) and the call is retried once with the new token, or without
 * a token if the refresh failed. Errors the caller lists in `handled` are rethrown without the error page.
 */
export function* apiCallHandling<A extends unknown[], R>(handled: readonly TransportErrorType[], fn: SecureFn<A, R>, ...args: A): Generator<Effect, R, unknown> {
  const session = ((yield getContext(SESSION_TOKENS_CONTEXT)) as SessionTokens | undefined) ?? NO_SESSION;
  try {
    return yield* callWithToken(session, fn, args);
  } catch (err) {
    if (!isExpired(err)) {
      yield* reportTransportError(err, handled);
      throw err;
    }
  }
  const refreshing = (yield select(selectRefreshing)) as boolean;
  if (!refreshing) yield put(authActions.refreshRequested());
  yield* waitForRefresh();
  try {
    return yield* callWithToken(session, fn, args);
  } catch (err) {
    yield* reportTransportError(err, handled);
    throw err;
  }
}

/** apiCallHandling with no error left to the caller but 422. */
export function apiCall<A extends unknown[], R>(fn: SecureFn<A, R>, ...args: A) {
  return apiCallHandling([], fn, ...args);
}
