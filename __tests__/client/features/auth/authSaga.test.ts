import { jest } from '@jest/globals';
import { expectSaga } from 'redux-saga-test-plan';
import { fork } from 'redux-saga/effects';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { authActions, initialAuthState } from '../../../../src/client/features/auth/authSlice.js';
import {
  handleAppStarted,
  handleLogin,
  handleLogoutRequested,
  handleRefreshRequested,
  handleSingleSignOnRequested,
  handleSingleSignOnReturned,
  watchAuth,
} from '../../../../src/client/features/auth/authSaga.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import { localeActions } from '../../../../src/client/features/locale/localeSlice.js';
import { passwordResetActions } from '../../../../src/client/features/auth/passwordResetSlice.js';
import type { AuthApi } from '../../../../src/client/api/authApi.js';
import { demoUser, fakeDependencies, memoryPendingSignIn, memoryTokenStore, sessionContext, sessionWith } from '../../../helpers/client.js';

const state = (overrides = {}) => ({ ...rootReducer(undefined, { type: 'init' }), ...overrides });

describe('login saga', () => {
  it("logs in with PKCE, stores the tokens, loads me, and keeps the sign-in page's language as the user's", async () => {
    const tokenStore = memoryTokenStore();
    const calls: unknown[][] = [];
    const deps = fakeDependencies({ tokenStore });
    const saveLanguage = jest.fn<AuthApi['saveLanguage']>(async () => undefined);
    deps.authApi = { ...deps.authApi, saveLanguage, login: async (...args) => (calls.push(args), { code: 'code-1', state: 'state-1' }) };
    deps.credentials.put({ email: 'usuario@demo.es', password: 'demo1234' });
    const { storeState } = await expectSaga(handleLogin, deps)
      .withReducer(rootReducer, state({ locale: { language: 'en' } }))
      .provide([sessionContext(deps.session)])
      .put(authActions.loginSucceeded({ user: demoUser }))
      .run();
    expect(calls[0].slice(0, 3)).toEqual(['usuario@demo.es', 'demo1234', { verifier: 'verifier-1', challenge: 'challenge-1', state: 'state-1' }]);
    expect(tokenStore.saved).toEqual([{ accessToken: 'access-1' }]);
    expect([deps.session.accessToken(), deps.session.source()]).toEqual(['access-1', 'cookie']);
    expect(deps.credentials.take()).toBeNull();
    expect(storeState.auth).toMatchObject({ status: 'loaded', user: demoUser, login: { status: 'succeeded' } });
    expect(storeState.locale.language).toBe('en');
    expect(saveLanguage).toHaveBeenCalledWith('access-1', 'en');
  });

  it('fails like wrong credentials when the box is empty (a login action replayed from DevTools)', async () => {
    const deps = fakeDependencies();
    deps.authApi = { ...deps.authApi, login: jest.fn<typeof deps.authApi.login>() };
    const { storeState } = await expectSaga(watchAuth, deps).withReducer(rootReducer, state()).dispatch(authActions.loginRequested()).silentRun(50);
    expect(deps.authApi.login).not.toHaveBeenCalled();
    expect(storeState.auth.login).toEqual({ status: 'failed', error: { type: 'INVALID_CREDENTIALS', status: 401 } });
  });

  it('refuses an answer whose state differs from the one sent', async () => {
    const deps = fakeDependencies();
    deps.authApi = { ...deps.authApi, login: async () => ({ code: 'code-1', state: 'forged' }), exchangeCode: jest.fn<typeof deps.authApi.exchangeCode>() };
    deps.credentials.put({ email: 'a@b.es', password: 'x' });
    const { storeState } = await expectSaga(handleLogin, deps)
      .withReducer(rootReducer, state())
      .put(authActions.loginFailed({ type: 'INVALID_CREDENTIALS', status: 401 }))
      .run();
    expect(deps.authApi.exchangeCode).not.toHaveBeenCalled();
    expect(storeState.auth.user).toBeNull();
  });

  it('reports bad credentials', async () => {
    const deps = fakeDependencies();
    deps.authApi = { ...deps.authApi, login: async () => Promise.reject(new ApiError('INVALID_CREDENTIALS', 401)) };
    deps.credentials.put({ email: 'a@b.es', password: 'x' });
    const { storeState } = await expectSaga(handleLogin, deps).withReducer(rootReducer, state()).run();
    expect(storeState.auth.login).toEqual({ status: 'failed', error: { type: 'INVALID_CREDENTIALS', status: 401 } });
  });

  it('cancels a pending login when the user logs out', async () => {
    const deps = fakeDependencies();
    deps.authApi = { ...deps.authApi, login: () => new Promise(() => undefined) };
    deps.credentials.put({ email: 'a@b.es', password: 'x' });
    const { storeState } = await expectSaga(watchAuth, deps)
      .withReducer(rootReducer, state())
      .dispatch(authActions.loginRequested())
      .dispatch(authActions.logoutRequested())
      .not.put.actionType(authActions.loginSucceeded.type)
      .silentRun(50);
    expect(storeState.auth.user).toBeNull();
  });
});

describe('startup', () => {
  it('prefers a token from the URL and keeps it in memory only', async () => {
    const tokenStore = memoryTokenStore({ accessToken: 'stored' });
    const seen: (string | null)[] = [];
    const deps = fakeDependencies({ tokenStore, locationSearch: () => '?at=from-link' });
    deps.authApi = { ...deps.authApi, me: async (token) => (seen.push(token), { ...demoUser, role: 'NO' }) };
    const { storeState } = await expectSaga(handleAppStarted, deps).withReducer(rootReducer, state()).provide(sessionContext(deps.session)).run();
    expect(seen).toEqual(['from-link']);
    expect(tokenStore.saved).toEqual([]);
    expect([deps.session.accessToken(), deps.session.source()]).toEqual(['from-link', 'query']);
    expect(storeState.auth).toMatchObject({ status: 'loaded', tokenSource: 'query' });
  });

  it('re-saves a stored token and loads the user with it', async () => {
    const tokens = { accessToken: 'stored' };
    const tokenStore = memoryTokenStore(tokens);
    const seen: (string | null)[] = [];
    const deps = fakeDependencies({ tokenStore });
    deps.authApi = { ...deps.authApi, me: async (token) => (seen.push(token), demoUser) };
    const { storeState } = await expectSaga(handleAppStarted, deps).withReducer(rootReducer, state()).provide(sessionContext(deps.session)).run();
    expect(seen).toEqual(['stored']);
    expect(tokenStore.saved).toEqual([tokens]);
    expect(storeState.auth).toMatchObject({ status: 'loaded', user: demoUser, tokenSource: 'cookie' });
  });

  it('clears user and tokens when there is no token, or when the stored one is refused', async () => {
    const none = await expectSaga(handleAppStarted, fakeDependencies()).withReducer(rootReducer, state()).run();
    expect(none.storeState.auth).toEqual({ ...initialAuthState, status: 'loaded' });

    const tokenStore = memoryTokenStore({ accessToken: 'revoked' });
    const deps = fakeDependencies({ tokenStore });
    deps.authApi = { ...deps.authApi, me: async () => Promise.reject(new ApiError('INVALID_TOKEN', 401)) };
    const refused = await expectSaga(handleAppStarted, deps).withReducer(rootReducer, state()).provide(sessionContext(deps.session)).run();
    expect(refused.storeState.auth).toEqual({ ...initialAuthState, status: 'loaded' });
    expect(refused.storeState.errors.globalError).toBeNull();
    expect(tokenStore.current).toBeNull();
    expect(deps.session.accessToken()).toBeNull();
  });
});

describe('logout', () => {
  it('revokes the session on the server and forgets tokens and user', async () => {
    const tokenStore = memoryTokenStore({ accessToken: 'a' });
    const deps = fakeDependencies({ tokenStore, session: sessionWith({ accessToken: 'a' }) });
    deps.authApi = { ...deps.authApi, logout: jest.fn<typeof deps.authApi.logout>(async () => undefined) };
    const signedIn = state({ auth: { ...initialAuthState, status: 'loaded', user: demoUser, tokenSource: 'cookie' } });
    const { storeState } = await expectSaga(watchAuth, deps).withReducer(rootReducer, signedIn).dispatch(authActions.logoutRequested()).silentRun(50);
    expect(deps.authApi.logout).toHaveBeenCalledWith('a');
    expect(storeState.auth.user).toBeNull();
    expect(tokenStore.current).toBeNull();
    expect(deps.session.accessToken()).toBeNull();
  });

  it('ends the session even when the server is unreachable', async () => {
    const deps = fakeDependencies({ session: sessionWith({ accessToken: 'a' }) });
    deps.authApi = { ...deps.authApi, logout: async () => Promise.reject(new ApiError('CONNECTION_FAILED', 600)) };
    const signedIn = state({ auth: { ...initialAuthState, status: 'loaded', user: demoUser, tokenSource: 'cookie' } });
    await expectSaga(handleLogoutRequested, deps).withReducer(rootReducer, signedIn).put(authActions.loggedOut()).run();
  });
});

describe('a refresh that outlives its session', () => {
  it('neither brings the session back nor writes the cookie when it answers after the logout', async () => {
    let answer = (_tokens: { accessToken: string }) => undefined as void;
    const tokenStore = memoryTokenStore({ accessToken: 'a' });
    const deps = fakeDependencies({ tokenStore, session: sessionWith({ accessToken: 'a' }) });
    deps.authApi = { ...deps.authApi, refresh: () => new Promise((resolve) => (answer = resolve)) };
    function* logoutDuringRefresh(): Generator<any, void, any> {
      yield fork(handleRefreshRequested, deps);
      deps.session.forget();
      tokenStore.clear();
      answer({ accessToken: 'a-2' });
    }
    await expectSaga(logoutDuringRefresh).withReducer(rootReducer, state()).not.put(authActions.tokensRefreshed()).silentRun(50);
    expect(deps.session.accessToken()).toBeNull();
    expect(tokenStore.saved).toEqual([]);
    expect(tokenStore.current).toBeNull();
  });
});

describe('the language a signed-in user chooses', () => {
  const choose = async (user: typeof demoUser | null, saveLanguage: AuthApi['saveLanguage']) => {
    const deps = fakeDependencies();
    deps.authApi = { ...deps.authApi, saveLanguage };
    return expectSaga(watchAuth, deps)
      .withReducer(rootReducer, state({ auth: { ...initialAuthState, status: 'loaded', user } }))
      .provide([sessionContext(sessionWith({ accessToken: 'access-1' }))])
      .dispatch(localeActions.languageChanged('ca'))
      .silentRun(50);
  };

  it('is kept on the server for the e-mails sent to the user', async () => {
    const saveLanguage = jest.fn<AuthApi['saveLanguage']>(async () => undefined);
    const { storeState } = await choose(demoUser, saveLanguage);
    expect(saveLanguage).toHaveBeenCalledWith('access-1', 'ca');
    expect(storeState.locale.language).toBe('ca');
  });

  it("is not sent for a shared link's viewer, who has no account, nor before anyone signs in", async () => {
    const saveLanguage = jest.fn<AuthApi['saveLanguage']>(async () => undefined);
    await choose({ ...demoUser, role: 'NO' }, saveLanguage);
    await choose(null, saveLanguage);
    expect(saveLanguage).not.toHaveBeenCalled();
  });

  it('stays chosen on screen when the server cannot keep it, and says so', async () => {
    const { storeState } = await choose(demoUser, async () => Promise.reject(new ApiError('UNAVAILABLE', 503)));
    expect(storeState.locale.language).toBe('ca');
    expect(storeState.errors.globalError).toBeNull();
    expect(JSON.stringify(storeState.snackbar)).toContain('USER_PANEL.LANGUAGE_NOT_SAVED');
  });
});

describe('a forgotten password', () => {
  it("asks for a link in the page's language", async () => {
    const deps = fakeDependencies();
    const forgotPassword = jest.fn<AuthApi['forgotPassword']>(async () => undefined);
    deps.authApi = { ...deps.authApi, forgotPassword };
    const { storeState } = await expectSaga(watchAuth, deps)
      .withReducer(rootReducer, state({ locale: { language: 'va' } }))
      .dispatch(passwordResetActions.linkRequested('ana@example.org'))
      .silentRun(50);
    expect(forgotPassword).toHaveBeenCalledWith('ana@example.org', 'va');
    expect(storeState.passwordReset.request.status).toBe('succeeded');
  });

  it("sets the new password with the token of the link's fragment, the password never in an action or the state", async () => {
    const deps = fakeDependencies({ locationHash: () => '#token-of-the-link' });
    const resetPassword = jest.fn<AuthApi['resetPassword']>(async () => undefined);
    deps.authApi = { ...deps.authApi, resetPassword };
    deps.newPassword.put('grulla violeta sobre el tejado');
    const { storeState, allEffects } = await expectSaga(watchAuth, deps)
      .withReducer(rootReducer, state())
      .dispatch(passwordResetActions.newPasswordRequested())
      .silentRun(50);
    expect(resetPassword).toHaveBeenCalledWith('token-of-the-link', 'grulla violeta sobre el tejado');
    expect(storeState.passwordReset.reset.status).toBe('succeeded');
    expect(JSON.stringify(storeState)).not.toContain('grulla');
    expect(JSON.stringify(allEffects.filter((e) => (e as { type?: string }).type === 'PUT'))).not.toContain('grulla');
  });

  it('says the server sends no mail when health says so or does not answer', async () => {
    const deps = fakeDependencies();
    deps.authApi = { ...deps.authApi, mailAvailable: async () => Promise.reject(new ApiError('CONNECTION_FAILED', 600)) };
    const { storeState } = await expectSaga(watchAuth, deps)
      .withReducer(rootReducer, state())
      .dispatch(passwordResetActions.forgotPasswordOpened())
      .silentRun(50);
    expect(storeState.passwordReset.mail).toBe('unavailable');
  });
});

describe("sign-in through the organisation's OpenID provider", () => {
  const known = (overrides = {}) => state({ auth: { ...initialAuthState, status: 'loaded' }, ...overrides });

  it('keeps the PKCE verifier and state in the tab, out of the store, and sends the browser to the server with the challenge', async () => {
    const left: string[] = [];
    const deps = fakeDependencies({ leaveFor: (url) => left.push(url) });
    const { storeState } = await expectSaga(handleSingleSignOnRequested, deps).withReducer(rootReducer, known()).run();
    expect(left).toEqual(['/api/v1/auth/oidc/start?state=state-1']);
    expect(deps.pendingSignIn.take()).toEqual({ verifier: 'verifier-1', state: 'state-1' });
    expect(JSON.stringify(storeState)).not.toContain('verifier-1');
  });

  it('back with the code and the state it saved, exchanges the code with its verifier and signs in', async () => {
    const tokenStore = memoryTokenStore();
    const exchangeCode = jest.fn<AuthApi['exchangeCode']>(async () => ({ accessToken: 'access-sso' }));
    const deps = fakeDependencies({
      tokenStore,
      locationSearch: () => '?code=the-code&state=state-1',
      pendingSignIn: memoryPendingSignIn({ verifier: 'verifier-1', state: 'state-1' }),
    });
    deps.authApi = { ...deps.authApi, exchangeCode };
    const { storeState } = await expectSaga(handleSingleSignOnReturned, deps)
      .withReducer(rootReducer, known())
      .provide([sessionContext(deps.session)])
      .put(authActions.loginSucceeded({ user: demoUser }))
      .run();
    expect(exchangeCode).toHaveBeenCalledWith('the-code', 'verifier-1');
    expect(tokenStore.saved).toEqual([{ accessToken: 'access-sso' }]);
    expect(storeState.auth.singleSignOn).toEqual({ status: 'idle', refusal: null });
    expect(deps.pendingSignIn.take()).toBeNull();
  });

  it('waits for the startup check, so that its answer does not undo the sign-in', async () => {
    const deps = fakeDependencies({ locationSearch: () => '?code=c&state=state-1', pendingSignIn: memoryPendingSignIn({ verifier: 'v', state: 'state-1' }) });
    const { storeState } = await expectSaga(handleSingleSignOnReturned, deps)
      .withReducer(rootReducer, state())
      .provide([sessionContext(deps.session)])
      .dispatch(authActions.sessionMissing())
      .put(authActions.loginSucceeded({ user: demoUser }))
      .run();
    expect(storeState.auth.user).toEqual(demoUser);
  });

  it("refuses a code whose state is not the tab's, or with nothing saved (another tab, a link), without exchanging it", async () => {
    for (const [search, pending] of [
      ['?code=c&state=forged', { verifier: 'v', state: 'state-1' }],
      ['?code=c&state=state-1', null],
    ] as const) {
      const exchangeCode = jest.fn<AuthApi['exchangeCode']>();
      const deps = fakeDependencies({ locationSearch: () => search, pendingSignIn: memoryPendingSignIn(pending) });
      deps.authApi = { ...deps.authApi, exchangeCode };
      const { storeState } = await expectSaga(handleSingleSignOnReturned, deps).withReducer(rootReducer, known()).run();
      expect(exchangeCode).not.toHaveBeenCalled();
      expect(storeState.auth.singleSignOn).toEqual({ status: 'failed', refusal: 'SIGN_IN_FAILED' });
    }
  });

  it("keeps the server's reason, and reads an unknown one as a failed check", async () => {
    for (const [error, refusal] of [
      ['NO_ACCOUNT', 'NO_ACCOUNT'],
      ['EMAIL_NOT_VERIFIED', 'EMAIL_NOT_VERIFIED'],
      ['<script>', 'SIGN_IN_FAILED'],
    ]) {
      const deps = fakeDependencies({
        locationSearch: () => `?error=${encodeURIComponent(error)}&state=state-1`,
        pendingSignIn: memoryPendingSignIn({ verifier: 'v', state: 'state-1' }),
      });
      const { storeState } = await expectSaga(handleSingleSignOnReturned, deps).withReducer(rootReducer, known()).run();
      expect(storeState.auth.singleSignOn).toEqual({ status: 'failed', refusal });
    }
  });

  it("keeps how users sign in through a sign-out: it is the server's, not the user's", () => {
    let auth = rootReducer(undefined, authActions.methodsLoaded({ password: false, oidc: { name: 'Cl@ve' } })).auth;
    auth = rootReducer({ ...state(), auth }, authActions.loggedOut()).auth;
    expect(auth.methods).toMatchObject({ password: false, oidcName: 'Cl@ve' });
  });
});
