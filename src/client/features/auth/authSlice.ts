import { createSlice, current, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { CurrentUser, OidcRefusal, SignInMethods } from '../../../shared/api/auth.js';
import { IDLE, type Remote, type RequestError } from '../../lib/remote.js';
import type { TokenSource } from '../../lib/sessionTokens.js';

export type { TokenSource };

/** What the UI needs of the session. The tokens themselves never enter the store (lib/sessionTokens.ts). */
export interface AuthState {
  /** 'loading' until the first `me` call answers (spec section 4, Authentication). */
  status: 'loading' | 'loaded';
  user: CurrentUser | null;
  tokenSource: TokenSource | null;
  refreshing: boolean;
  login: Remote;
  /** The change-password form's call. */
  passwordChange: Remote;
  /** How users sign in on this server (auth/methods); a password only until the server says otherwise. */
  methods: Remote<{ password: boolean; oidcName: string | null }>;
  /**
   * A sign-in through the OpenID provider: the browser leaving for it, the app back from it finishing the sign-in,
   * or the reason it ended without a session.
   */
  singleSignOn: { status: 'idle' | 'leaving' | 'returning' | 'failed'; refusal: OidcRefusal | null };
}

export const initialAuthState: AuthState = {
  status: 'loading',
  user: null,
  tokenSource: null,
  refreshing: false,
  login: { ...IDLE },
  passwordChange: { ...IDLE },
  methods: { ...IDLE, password: true, oidcName: null },
  singleSignOn: { status: 'idle', refusal: null },
};

/** No session, and nobody's data: what every way out of a session leaves (how users sign in is the server's, not the user's). */
function signedOut(state: AuthState): AuthState {
  return { ...initialAuthState, status: 'loaded', methods: current(state).methods ?? initialAuthState.methods };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    appStarted: () => undefined,
    /** The session's tokens were found, in the cookie or in the address; the saga keeps them. */
    tokensRestored(state, action: PayloadAction<TokenSource>) {
      state.tokenSource = action.payload;
    },
    sessionLoaded(state, action: PayloadAction<CurrentUser>) {
      state.status = 'loaded';
      state.user = action.payload;
    },
    sessionMissing: signedOut,
    /** The form handed its credentials to the saga outside the store (credentials.ts): no payload. */
    loginRequested(state) {
      state.login = { status: 'loading', error: null };
      state.singleSignOn = { status: 'idle', refusal: null };
    },
    loginSucceeded(state, action: PayloadAction<{ user: CurrentUser }>) {
      Object.assign(state, { status: 'loaded', user: action.payload.user, tokenSource: 'cookie' });
      state.login = { status: 'succeeded', error: null };
      state.singleSignOn = { status: 'idle', refusal: null };
    },
    /** The login page asks how users sign in. */
    methodsRequested(state) {
      state.methods = { ...state.methods, status: 'loading', error: null };
    },
    methodsLoaded(state, action: PayloadAction<SignInMethods>) {
      state.methods = { status: 'succeeded', error: null, password: action.payload.password, oidcName: action.payload.oidc?.name ?? null };
    },
    /** No answer: the page keeps the password form, the one way in it can be sure of. */
    methodsFailed(state, action: PayloadAction<RequestError>) {
      state.methods = { status: 'failed', error: action.payload, password: true, oidcName: null };
    },
    /** 'Entrar con …': the saga sends the browser to the provider (no payload: the PKCE values stay out of the store). */
    singleSignOnRequested(state) {
      state.singleSignOn = { status: 'leaving', refusal: null };
      state.login = { ...IDLE };
    },
    /** The browser came back from the provider to the app's redirect URI; the saga finishes the sign-in. */
    singleSignOnReturned(state) {
      state.singleSignOn = { status: 'returning', refusal: null };
    },
    singleSignOnFailed(state, action: PayloadAction<OidcRefusal>) {
      state.singleSignOn = { status: 'failed', refusal: action.payload };
    },
    loginFailed(state, action: PayloadAction<RequestError>) {
      state.login = { status: 'failed', error: action.payload };
    },
    /** The server refused a call because the user's password is temporary: the guards send them to the change form. */
    passwordChangeRequired(state) {
      if (state.user) state.user.mustChangePassword = true;
    },
    /** The change-password form opened: nothing of an earlier change stays on it. */
    passwordChangeOpened(state) {
      state.passwordChange = { ...IDLE };
    },
    /** The form handed the passwords to the saga outside the store (credentials.ts): no payload. */
    passwordChangeRequested(state) {
      state.passwordChange = { status: 'loading', error: null };
    },
    passwordChanged(state) {
      if (state.user) delete state.user.mustChangePassword;
      state.passwordChange = { status: 'succeeded', error: null };
    },
    passwordChangeFailed(state, action: PayloadAction<RequestError>) {
      state.passwordChange = { status: 'failed', error: action.payload };
    },
    refreshRequested(state) {
      state.refreshing = true;
    },
    tokensRefreshed(state) {
      state.refreshing = false;
    },
    /** The session could not be renewed: it is over. */
    refreshFailed: signedOut,
    /** Logout asked by the user (the /logout route): the screen forgets the user at once. */
    logoutRequested: signedOut,
    /** The session is gone: signed out, or the server refused its token. */
    loggedOut: signedOut,
  },
});

export const authActions = authSlice.actions;
export const authReducer = authSlice.reducer;

/**
 * The events after which nothing loaded in the previous session may stay on screen: the session ended
 * (logout, refused or unrenewable token) or a new one began. Every slice that holds server data returns
 * to its initial state on them, in the same dispatch, so no render in between can show the old data.
 * (sessionMissing is not one: it only answers the startup check, before anyone's data was loaded, and a
 * shared link's report may already be on screen then.)
 */
export const isSessionChange = isAnyOf(authActions.logoutRequested, authActions.loggedOut, authActions.refreshFailed, authActions.loginSucceeded);
