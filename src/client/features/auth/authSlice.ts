import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CurrentUser } from '../../../shared/api/auth.js';
import type { Tokens } from '../../api/authApi.js';
import type { RequestError, RequestStatus } from '../../lib/remote.js';

/** Where the session's tokens came from: the cookie, or an `at` query parameter (memory only). */
export type TokenSource = 'cookie' | 'query';

export interface AuthState {
  /** 'loading' until the first `me` call answers (spec section 4, Authentication). */
  status: 'loading' | 'loaded';
  user: CurrentUser | null;
  tokens: Tokens | null;
  tokenSource: TokenSource | null;
  refreshing: boolean;
  login: { status: RequestStatus; error: RequestError | null };
}

export const initialAuthState: AuthState = {
  status: 'loading',
  user: null,
  tokens: null,
  tokenSource: null,
  refreshing: false,
  login: { status: 'idle', error: null },
};

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    appStarted: () => undefined,
    tokensRestored(state, action: PayloadAction<{ tokens: Tokens; source: TokenSource }>) {
      state.tokens = action.payload.tokens;
      state.tokenSource = action.payload.source;
    },
    sessionLoaded(state, action: PayloadAction<CurrentUser>) {
      state.status = 'loaded';
      state.user = action.payload;
    },
    sessionMissing(state) {
      Object.assign(state, { ...initialAuthState, status: 'loaded' });
    },
    loginRequested: {
      reducer(state) {
        state.login = { status: 'loading', error: null };
      },
      prepare: (credentials: { email: string; password: string }) => ({ payload: credentials }),
    },
    loginSucceeded(state, action: PayloadAction<{ user: CurrentUser; tokens: Tokens }>) {
      Object.assign(state, { status: 'loaded', user: action.payload.user, tokens: action.payload.tokens, tokenSource: 'cookie' });
      state.login = { status: 'succeeded', error: null };
    },
    loginFailed(state, action: PayloadAction<RequestError>) {
      state.login = { status: 'failed', error: action.payload };
    },
    refreshRequested(state) {
      state.refreshing = true;
    },
    tokensRefreshed(state, action: PayloadAction<Tokens>) {
      state.tokens = action.payload;
      state.refreshing = false;
    },
    refreshFailed(state) {
      state.tokens = null;
      state.refreshing = false;
    },
    /** Logout asked by the user (the /logout route). */
    logoutRequested: () => undefined,
    /** The session is gone: signed out, or the server refused its token. */
    loggedOut(state) {
      Object.assign(state, { ...initialAuthState, status: 'loaded' });
    },
  },
});

export const authActions = authSlice.actions;
export const authReducer = authSlice.reducer;
