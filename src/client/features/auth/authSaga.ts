import { call, cancel, fork, put, select, take, takeEvery, takeLeading, type Effect } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import { authActions } from './authSlice.js';
import { selectAccessToken, selectAuth } from './authSelectors.js';
import { apiCallHandling } from '../../api/apiCall.js';
import { serializeError } from '../../api/ApiError.js';
import type { AuthApi, Tokens } from '../../api/authApi.js';
import type { LoginResponse, CurrentUser } from '../../../shared/api/auth.js';
import type { PkceValues } from '../../lib/pkce.js';
import type { TokenStore } from '../../lib/tokenStore.js';
import type { AuthState } from './authSlice.js';

/** What the auth sagas need from outside (injected, so tests pass fakes). */
export interface AuthDependencies {
  authApi: AuthApi;
  createPkce: () => Promise<PkceValues>;
  tokenStore: TokenStore;
  /** The page's query string, where a shared link may carry `at`. */
  locationSearch: () => string;
}

/**
 * Startup: a token from the URL (`at`) wins and stays in memory only; a stored token is saved again;
 * with none the session is empty. Then `me` tells who the user is.
 */
export function* handleAppStarted(deps: AuthDependencies): Generator<Effect, void, never> {
  const queryToken = new URLSearchParams(deps.locationSearch()).get('at');
  let stored: Tokens | null = null;
  if (queryToken) {
    yield put(authActions.tokensRestored({ tokens: { accessToken: queryToken, refreshToken: null }, source: 'query' }));
  } else {
    stored = deps.tokenStore.read();
    if (!stored) {
      yield put(authActions.sessionMissing());
      return;
    }
    deps.tokenStore.save(stored);
    yield put(authActions.tokensRestored({ tokens: stored, source: 'cookie' }));
  }
  try {
    const user = (yield* apiCallHandling(['INVALID_TOKEN', 'EXPIRED_ACCESS_TOKEN', 'FORBIDDEN'], deps.authApi.me)) as CurrentUser;
    yield put(authActions.sessionLoaded(user));
  } catch {
    if (!queryToken) deps.tokenStore.clear();
    yield put(authActions.sessionMissing());
  }
}

/** Login with PKCE: the state must come back unchanged, then the code is exchanged and `me` loaded. */
export function* handleLogin(deps: AuthDependencies, action: ReturnType<typeof authActions.loginRequested>): Generator<Effect, void, never> {
  try {
    const pkce = (yield call(deps.createPkce)) as PkceValues;
    const answer = (yield call(deps.authApi.login, action.payload.email, action.payload.password, pkce)) as LoginResponse;
    if (answer.state !== pkce.state) {
      yield put(authActions.loginFailed({ type: 'INVALID_CREDENTIALS', status: 401 }));
      return;
    }
    const tokens = (yield call(deps.authApi.exchangeCode, answer.code, pkce.verifier)) as Tokens;
    deps.tokenStore.save(tokens);
    const user = (yield call(deps.authApi.me, tokens.accessToken)) as CurrentUser;
    yield put(authActions.loginSucceeded({ user, tokens }));
  } catch (err) {
    deps.tokenStore.clear();
    yield put(authActions.loginFailed(serializeError(err)));
  }
}

/** One login at a time; a logout while it is pending cancels it (style.md rule 7). */
export function* loginFlow(deps: AuthDependencies): Generator<Effect, void, never> {
  for (;;) {
    const action = (yield take(authActions.loginRequested.type)) as ReturnType<typeof authActions.loginRequested>;
    const task = (yield fork(handleLogin, deps, action)) as Task;
    const next = (yield take([authActions.logoutRequested.type, authActions.loginSucceeded.type, authActions.loginFailed.type])) as { type: string };
    if (next.type === authActions.logoutRequested.type) yield cancel(task);
  }
}

/** Refresh once; the new tokens are stored (in the cookie unless they came from a link), or dropped on failure. */
export function* handleRefreshRequested(deps: AuthDependencies): Generator<Effect, void, never> {
  const auth = (yield select(selectAuth)) as AuthState;
  const refreshToken = auth.tokens?.refreshToken;
  try {
    if (!refreshToken) throw new Error('no refresh token');
    const tokens = (yield call(deps.authApi.refresh, refreshToken)) as Tokens;
    if (auth.tokenSource !== 'query') deps.tokenStore.save(tokens);
    yield put(authActions.tokensRefreshed(tokens));
  } catch {
    if (auth.tokenSource !== 'query') deps.tokenStore.clear();
    yield put(authActions.refreshFailed());
  }
}

/** Logout revokes the session on the server (best effort), then forgets tokens and user. */
export function* handleLogoutRequested(deps: AuthDependencies): Generator<Effect, void, never> {
  const token = (yield select(selectAccessToken)) as string | null;
  if (token) {
    try {
      yield call(deps.authApi.logout, token);
    } catch {
      // The session ends here whatever the server says.
    }
  }
  yield put(authActions.loggedOut());
}

/** A session that ends for any reason leaves no token behind. */
export function* handleLoggedOut(deps: AuthDependencies): Generator<Effect, void, never> {
  yield call([deps.tokenStore, deps.tokenStore.clear]);
}

export function* watchAuth(deps: AuthDependencies): Generator<Effect, void, never> {
  yield takeLeading(authActions.appStarted.type, handleAppStarted, deps);
  // takeLeading, not takeLatest: cancelling a refresh in flight would make the server see a reused token.
  yield takeLeading(authActions.refreshRequested.type, handleRefreshRequested, deps);
  yield takeEvery(authActions.logoutRequested.type, handleLogoutRequested, deps);
  yield takeEvery(authActions.loggedOut.type, handleLoggedOut, deps);
  yield fork(loginFlow, deps);
}
