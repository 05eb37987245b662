import { cancel, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { authActions } from './authSlice.js';
import { callApi } from '../../app/apiCall.js';
import { handling, keepOnScreen } from '../../app/callPolicies.js';
import { snackbarActions } from '../snackbar/snackbarSlice.js';
import { serializeError } from '../../api/ApiError.js';
import type { AuthApi } from '../../api/authApi.js';
import type { PkceValues } from '../../lib/pkce.js';
import { call, fork, select, take, type Saga } from '../../lib/typedEffects.js';
import { localeActions } from '../locale/localeSlice.js';
import { selectLanguage } from '../locale/localeSelectors.js';
import { passwordResetActions } from './passwordResetSlice.js';
import type { TokenStore } from '../../lib/tokenStore.js';
import type { SessionTokens } from '../../lib/sessionTokens.js';
import type { SecretBoxes } from '../../lib/secretBox.js';
import type { Language } from '../../../shared/constants.js';
import type { OidcRefusal } from '../../../shared/api/auth.js';
import { OIDC_REFUSALS } from '../../../shared/constants.js';
import type { PendingSignIn } from '../../lib/pendingSignIn.js';
import { selectSessionKnown, selectUser } from './authSelectors.js';

/** What the auth sagas need from outside (injected, so tests pass fakes). */
export interface AuthDependencies {
  authApi: AuthApi;
  createPkce: () => Promise<PkceValues>;
  /** The cookie, which carries a session over to the next visit. */
  tokenStore: TokenStore;
  /** The tokens in use, in memory (the store's own; also in the saga context for callApi). */
  session: SessionTokens;
  /** Where the login form leaves the credentials for handleLogin. */
  credentials: SecretBoxes['credentials'];
  /** Where the change-password form leaves the passwords for handlePasswordChange. */
  passwordChange: SecretBoxes['passwordChange'];
  /** The page's query string, where a shared link may carry `at`. */
  locationSearch: () => string;
  /** The page's fragment, where a reset link carries its token (`#<token>`: sent to no server). */
  locationHash: () => string;
  /** Where the reset-password form leaves the new password for its saga. */
  newPassword: SecretBoxes['newPassword'];
  /** Where the PKCE verifier and state of a sign-in through the OpenID provider wait while the browser is there. */
  pendingSignIn: PendingSignIn;
  /** Sends the browser to another site (the OpenID provider, through the server's first step). */
  leaveFor: (url: string) => void;
}

/**
 * Startup: a token from the URL (`at`) wins and stays in memory only; a stored token is saved again;
 * with none the session is empty. Then `me` tells who the user is.
 */
export function* handleAppStarted(deps: AuthDependencies): Saga<void> {
  const queryToken = new URLSearchParams(deps.locationSearch()).get('at');
  if (queryToken) {
    deps.session.begin({ accessToken: queryToken }, 'query');
    yield put(authActions.tokensRestored('query'));
  } else {
    const stored = deps.tokenStore.read();
    if (!stored) {
      yield put(authActions.sessionMissing());
      return;
    }
    deps.tokenStore.save(stored);
    deps.session.begin(stored, 'cookie');
    yield put(authActions.tokensRestored('cookie'));
  }
  try {
    const user = yield* callApi(handling(['INVALID_TOKEN', 'EXPIRED_ACCESS_TOKEN', 'FORBIDDEN']), deps.authApi.me);
    yield put(authActions.sessionLoaded(user));
  } catch {
    if (!queryToken) deps.tokenStore.clear();
    deps.session.forget();
    yield put(authActions.sessionMissing());
  }
}

/** A refused login's error: a state that came back changed, or no credentials at all, read as wrong ones. */
const WRONG_CREDENTIALS = { type: 'INVALID_CREDENTIALS', status: 401 } as const;

/**
 * Login with PKCE: the state must come back unchanged, then the code is exchanged and `me` loaded. The
 * credentials come from the box, never from the action (an action replayed from DevTools finds it empty).
 */
export function* handleLogin(deps: AuthDependencies): Saga<void> {
  const credentials = deps.credentials.take();
  if (!credentials) {
    yield put(authActions.loginFailed(WRONG_CREDENTIALS));
    return;
  }
  try {
    const pkce = yield* call(deps.createPkce);
    const answer = yield* call(deps.authApi.login, credentials.email, credentials.password, pkce);
    if (answer.state !== pkce.state) {
      yield put(authActions.loginFailed(WRONG_CREDENTIALS));
      return;
    }
    yield* call(beginSession, deps, answer.code, pkce.verifier);
  } catch (err) {
    deps.tokenStore.clear();
    yield put(authActions.loginFailed(serializeError(err)));
    return;
  }
  // The language chosen on the sign-in page stays, and becomes the user's for the e-mails the server sends.
  yield* call(saveUserLanguage, deps, yield* select(selectLanguage));
}

/** The last steps of every sign-in: the product's code and the app's verifier for tokens, then who the user is. */
function* beginSession(deps: AuthDependencies, code: string, verifier: string): Saga<void> {
  const tokens = yield* call(deps.authApi.exchangeCode, code, verifier);
  deps.tokenStore.save(tokens);
  const user = yield* call(deps.authApi.me, tokens.accessToken);
  deps.session.begin(tokens, 'cookie');
  yield put(authActions.loginSucceeded({ user }));
}

/** The login page asks how users sign in here. */
export function* handleMethodsRequested(deps: AuthDependencies): Saga<void> {
  try {
    yield put(authActions.methodsLoaded(yield* call(deps.authApi.methods)));
  } catch (err) {
    yield put(authActions.methodsFailed(serializeError(err)));
  }
}

/** 'Entrar con …': a PKCE pair and state as for a password login, kept in the tab, and the browser to the provider. */
export function* handleSingleSignOnRequested(deps: AuthDependencies): Saga<void> {
  const pkce = yield* call(deps.createPkce);
  deps.pendingSignIn.save({ verifier: pkce.verifier, state: pkce.state });
  deps.leaveFor(deps.authApi.singleSignOnUrl(pkce));
}

const isRefusal = (value: string | null): value is OidcRefusal => (OIDC_REFUSALS as readonly (string | null)[]).includes(value);

/**
 * Back from the provider at the redirect URI: the server's refusal, or its code, which signs in only with the
 * state and verifier this tab saved (a code brought by another tab or a link is refused as a failed check).
 */
export function* handleSingleSignOnReturned(deps: AuthDependencies): Saga<void> {
  // The startup check runs first: its answer (no session) must not come after, and undo, this sign-in.
  if (!(yield* select(selectSessionKnown))) yield* take([authActions.sessionLoaded.type, authActions.sessionMissing.type]);
  const params = new URLSearchParams(deps.locationSearch());
  const pending = deps.pendingSignIn.take();
  const [code, error] = [params.get('code'), params.get('error')];
  if (!code || !pending || params.get('state') !== pending.state) {
    yield put(authActions.singleSignOnFailed(isRefusal(error) ? error : 'SIGN_IN_FAILED'));
    return;
  }
  try {
    yield* call(beginSession, deps, code, pending.verifier);
  } catch {
    deps.tokenStore.clear();
    yield put(authActions.singleSignOnFailed('SIGN_IN_FAILED'));
    return;
  }
  yield* call(saveUserLanguage, deps, yield* select(selectLanguage));
}

/** One login at a time; a logout while it is pending cancels it. */
export function* loginFlow(deps: AuthDependencies): Saga<void> {
  for (;;) {
    yield* take(authActions.loginRequested.type);
    const task = yield* fork(handleLogin, deps);
    const next = yield* take([authActions.logoutRequested.type, authActions.loginSucceeded.type, authActions.loginFailed.type]);
    if (next.type === authActions.logoutRequested.type) yield cancel(task);
  }
}

/**
 * Refresh once, with the browser's HttpOnly refresh cookie; the new access token is kept (and stored in its
 * cookie), or the session dropped on failure. A shared link's token has no session to refresh. If the session ended meanwhile, the answer is ignored: it must not bring back a
 * session the user left, nor clear the cookie of the next one.
 */
export function* handleRefreshRequested({ authApi, tokenStore, session }: AuthDependencies): Saga<void> {
  const [source, generation] = [session.source(), session.generation()];
  try {
    if (source !== 'cookie') throw new Error('no refresh token');
    const tokens = yield* call(authApi.refresh);
    if (session.generation() !== generation) return;
    tokenStore.save(tokens);
    session.replace(tokens);
    yield put(authActions.tokensRefreshed());
  } catch {
    if (session.generation() !== generation) return;
    if (source !== 'query') tokenStore.clear();
    session.forget();
    yield put(authActions.refreshFailed());
  }
}

/** Logout ends the session here at once, then revokes it on the server (best effort). */
export function* handleLogoutRequested(deps: AuthDependencies): Saga<void> {
  const token = deps.session.accessToken();
  yield put(authActions.loggedOut());
  if (token) {
    try {
      yield* call(deps.authApi.logout, token);
    } catch {
      // The session ended here whatever the server says.
    }
  }
}

/**
 * A signed-in user who picks another language: the server keeps it for the e-mails it sends them. A shared
 * link's viewer has no account to keep it in. A failure leaves the interface in the chosen language and says so.
 */
export function* handleLanguageChanged(deps: AuthDependencies, action: ReturnType<typeof localeActions.languageChanged>): Saga<void> {
  yield* call(saveUserLanguage, deps, action.payload);
}

/** Tells the server the signed-in user's language (not a shared link's viewer's); a failure is a toast. */
function* saveUserLanguage(deps: AuthDependencies, language: Language): Saga<void> {
  const user = yield* select(selectUser);
  if (!user || user.role === 'NO') return;
  try {
    yield* callApi(keepOnScreen('USER_PANEL.LANGUAGE_NOT_SAVED'), deps.authApi.saveLanguage, language);
  } catch {
    // The toast said it; the next choice tries again.
  }
}

/**
 * The change-password form's call. A refusal the form explains (422: wrong current password, a policy
 * reason; 429: the throttle's wait) stays on the form; any other failure is the toast. Success is a toast
 * too: the server has ended the user's other sessions, this one goes on.
 */
export function* handlePasswordChange(deps: AuthDependencies): Saga<void> {
  const change = deps.passwordChange.take();
  if (!change) {
    yield put(authActions.passwordChangeFailed({ type: 'VALIDATION', status: 422 }));
    return;
  }
  const toast = (error: { status: number }) => (error.status === 422 || error.status === 429 ? null : 'ACCOUNT.PASSWORD.ERROR');
  try {
    yield* callApi(keepOnScreen(toast), deps.authApi.changePassword, change.currentPassword, change.newPassword);
  } catch (err) {
    yield put(authActions.passwordChangeFailed(serializeError(err)));
    return;
  }
  yield put(authActions.passwordChanged());
  yield put(snackbarActions.toastShown('ACCOUNT.PASSWORD.CHANGED', 'success'));
}

/** The forgotten-password page asks whether the server sends e-mail; unknown (no answer) reads as not. */
export function* handleForgotPasswordOpened(deps: AuthDependencies): Saga<void> {
  let available = false;
  try {
    available = yield* call(deps.authApi.mailAvailable);
  } catch {
    // No answer: the page says to ask an administrator.
  }
  yield put(passwordResetActions.mailChecked(available));
}

/** A reset link for the address, e-mailed in the page's language. */
export function* handleLinkRequested(deps: AuthDependencies, action: ReturnType<typeof passwordResetActions.linkRequested>): Saga<void> {
  try {
    yield* call(deps.authApi.forgotPassword, action.payload, yield* select(selectLanguage));
    yield put(passwordResetActions.linkSent());
  } catch (err) {
    yield put(passwordResetActions.linkFailed(serializeError(err)));
  }
}

/** The new password of the reset form, with the token of the link (the page's fragment). */
export function* handleNewPassword(deps: AuthDependencies): Saga<void> {
  const password = deps.newPassword.take();
  const token = deps.locationHash().replace(/^#/, '');
  if (!password) {
    yield put(passwordResetActions.newPasswordFailed({ type: 'VALIDATION', status: 422 }));
    return;
  }
  try {
    yield* call(deps.authApi.resetPassword, token, password);
    yield put(passwordResetActions.newPasswordSet());
  } catch (err) {
    yield put(passwordResetActions.newPasswordFailed(serializeError(err)));
  }
}

/** A session that ends for any reason leaves no token behind. */
export function* handleLoggedOut(deps: AuthDependencies): Saga<void> {
  deps.session.forget();
  yield* call(() => deps.tokenStore.clear());
}

export function* watchAuth(deps: AuthDependencies): Saga<void> {
  yield takeLeading(authActions.appStarted.type, handleAppStarted, deps);
  // takeLeading, not takeLatest: cancelling a refresh in flight would make the server see a reused token.
  yield takeLeading(authActions.refreshRequested.type, handleRefreshRequested, deps);
  yield takeEvery(authActions.logoutRequested.type, handleLogoutRequested, deps);
  yield takeEvery(authActions.loggedOut.type, handleLoggedOut, deps);
  yield takeLatest(localeActions.languageChanged.type, handleLanguageChanged, deps);
  yield takeLeading(authActions.passwordChangeRequested.type, handlePasswordChange, deps);
  yield takeLatest(passwordResetActions.forgotPasswordOpened.type, handleForgotPasswordOpened, deps);
  yield takeLeading(passwordResetActions.linkRequested.type, handleLinkRequested, deps);
  yield takeLeading(passwordResetActions.newPasswordRequested.type, handleNewPassword, deps);
  yield takeLatest(authActions.methodsRequested.type, handleMethodsRequested, deps);
  yield takeLeading(authActions.singleSignOnRequested.type, handleSingleSignOnRequested, deps);
  yield takeLeading(authActions.singleSignOnReturned.type, handleSingleSignOnReturned, deps);
  yield* fork(loginFlow, deps);
}
