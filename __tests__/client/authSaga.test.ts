import { jest } from '@jest/globals';
import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../src/client/app/rootReducer.js';
import { authActions, initialAuthState } from '../../src/client/features/auth/authSlice.js';
import { handleAppStarted, handleLogin, handleLogoutRequested, watchAuth } from '../../src/client/features/auth/authSaga.js';
import { ApiError } from '../../src/client/api/ApiError.js';
import { demoUser, fakeDependencies, memoryTokenStore } from '../helpers/client.js';

const state = (overrides = {}) => ({ ...rootReducer(undefined, { type: 'init' }), ...overrides });

describe('login saga', () => {
  it('logs in with PKCE, stores the tokens, loads me and sets Spanish', async () => {
    const tokenStore = memoryTokenStore();
    const calls: unknown[][] = [];
    const deps = fakeDependencies({ tokenStore });
    deps.authApi = { ...deps.authApi, login: async (...args) => (calls.push(args), { code: 'code-1', state: 'state-1' }) };
    const { storeState } = await expectSaga(handleLogin, deps, authActions.loginRequested({ email: 'usuario@demo.es', password: 'demo1234' }))
      .withReducer(rootReducer, state({ locale: { language: 'en' } }))
      .put(authActions.loginSucceeded({ user: demoUser, tokens: { accessToken: 'access-1', refreshToken: 'refresh-1' } }))
      .run();
    expect(calls[0].slice(0, 3)).toEqual(['usuario@demo.es', 'demo1234', { verifier: 'verifier-1', challenge: 'challenge-1', state: 'state-1' }]);
    expect(tokenStore.saved).toEqual([{ accessToken: 'access-1', refreshToken: 'refresh-1' }]);
    expect(storeState.auth).toMatchObject({ status: 'loaded', user: demoUser, login: { status: 'succeeded' } });
    expect(storeState.locale.language).toBe('es');
  });

  it('refuses an answer whose state differs from the one sent', async () => {
    const deps = fakeDependencies();
    deps.authApi = { ...deps.authApi, login: async () => ({ code: 'code-1', state: 'forged' }), exchangeCode: jest.fn<typeof deps.authApi.exchangeCode>() };
    const { storeState } = await expectSaga(handleLogin, deps, authActions.loginRequested({ email: 'a@b.es', password: 'x' }))
      .withReducer(rootReducer, state())
      .put(authActions.loginFailed({ type: 'INVALID_CREDENTIALS', status: 401 }))
      .run();
    expect(deps.authApi.exchangeCode).not.toHaveBeenCalled();
    expect(storeState.auth.user).toBeNull();
  });

  it('reports bad credentials', async () => {
    const deps = fakeDependencies();
    deps.authApi = { ...deps.authApi, login: async () => Promise.reject(new ApiError('INVALID_CREDENTIALS', 401)) };
    const { storeState } = await expectSaga(handleLogin, deps, authActions.loginRequested({ email: 'a@b.es', password: 'x' }))
      .withReducer(rootReducer, state())
      .run();
    expect(storeState.auth.login).toEqual({ status: 'failed', error: { type: 'INVALID_CREDENTIALS', status: 401 } });
  });

  it('cancels a pending login when the user logs out', async () => {
    const deps = fakeDependencies();
    deps.authApi = { ...deps.authApi, login: () => new Promise(() => undefined) };
    const { storeState } = await expectSaga(watchAuth, deps)
      .withReducer(rootReducer, state())
      .dispatch(authActions.loginRequested({ email: 'a@b.es', password: 'x' }))
      .dispatch(authActions.logoutRequested())
      .not.put.actionType(authActions.loginSucceeded.type)
      .silentRun(50);
    expect(storeState.auth.user).toBeNull();
  });
});

describe('startup', () => {
  it('prefers a token from the URL and keeps it in memory only', async () => {
    const tokenStore = memoryTokenStore({ accessToken: 'stored', refreshToken: 'stored-r' });
    const seen: (string | null)[] = [];
    const deps = fakeDependencies({ tokenStore, locationSearch: () => '?at=from-link' });
    deps.authApi = { ...deps.authApi, me: async (token) => (seen.push(token), { ...demoUser, role: 'NO' }) };
    const { storeState } = await expectSaga(handleAppStarted, deps).withReducer(rootReducer, state()).run();
    expect(seen).toEqual(['from-link']);
    expect(tokenStore.saved).toEqual([]);
    expect(storeState.auth).toMatchObject({ status: 'loaded', tokenSource: 'query', tokens: { accessToken: 'from-link', refreshToken: null } });
  });

  it('re-saves a stored token and loads the user with it', async () => {
    const tokens = { accessToken: 'stored', refreshToken: 'stored-r' };
    const tokenStore = memoryTokenStore(tokens);
    const { storeState } = await expectSaga(handleAppStarted, fakeDependencies({ tokenStore })).withReducer(rootReducer, state()).run();
    expect(tokenStore.saved).toEqual([tokens]);
    expect(storeState.auth).toMatchObject({ status: 'loaded', user: demoUser, tokenSource: 'cookie' });
  });

  it('clears user and tokens when there is no token, or when the stored one is refused', async () => {
    const none = await expectSaga(handleAppStarted, fakeDependencies()).withReducer(rootReducer, state()).run();
    expect(none.storeState.auth).toEqual({ ...initialAuthState, status: 'loaded' });

    const tokenStore = memoryTokenStore({ accessToken: 'revoked', refreshToken: null });
    const deps = fakeDependencies({ tokenStore });
    deps.authApi = { ...deps.authApi, me: async () => Promise.reject(new ApiError('INVALID_TOKEN', 401)) };
    const refused = await expectSaga(handleAppStarted, deps).withReducer(rootReducer, state()).run();
    expect(refused.storeState.auth).toEqual({ ...initialAuthState, status: 'loaded' });
    expect(refused.storeState.app.globalError).toBeNull();
    expect(tokenStore.current).toBeNull();
  });
});

describe('logout', () => {
  it('revokes the session on the server and forgets tokens and user', async () => {
    const tokenStore = memoryTokenStore({ accessToken: 'a', refreshToken: 'r' });
    const deps = fakeDependencies({ tokenStore });
    deps.authApi = { ...deps.authApi, logout: jest.fn<typeof deps.authApi.logout>(async () => undefined) };
    const signedIn = state({ auth: { ...initialAuthState, status: 'loaded', user: demoUser, tokens: { accessToken: 'a', refreshToken: 'r' } } });
    const { storeState } = await expectSaga(watchAuth, deps).withReducer(rootReducer, signedIn).dispatch(authActions.logoutRequested()).silentRun(50);
    expect(deps.authApi.logout).toHaveBeenCalledWith('a');
    expect(storeState.auth.user).toBeNull();
    expect(tokenStore.current).toBeNull();
  });

  it('ends the session even when the server is unreachable', async () => {
    const deps = fakeDependencies();
    deps.authApi = { ...deps.authApi, logout: async () => Promise.reject(new ApiError('CONNECTION_FAILED', 600)) };
    const signedIn = state({ auth: { ...initialAuthState, status: 'loaded', user: demoUser, tokens: { accessToken: 'a', refreshToken: 'r' } } });
    await expectSaga(handleLogoutRequested, deps).withReducer(rootReducer, signedIn).put(authActions.loggedOut()).run();
  });
});
