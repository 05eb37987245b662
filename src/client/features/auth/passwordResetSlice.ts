import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { IDLE, type Remote, type RequestError } from '../../lib/remote.js';
import { isSessionChange } from './authSlice.js';

/**
 * The forgotten-password pages: whether the server sends e-mail (the page offers a link only then), the request
 * for a link, and the new password set with one. Neither the link's token nor the password enters the store.
 */
export interface PasswordResetState {
  mail: 'unknown' | 'available' | 'unavailable';
  request: Remote;
  reset: Remote;
}

export const initialPasswordResetState: PasswordResetState = { mail: 'unknown', request: { ...IDLE }, reset: { ...IDLE } };

const passwordResetSlice = createSlice({
  name: 'passwordReset',
  initialState: initialPasswordResetState,
  reducers: {
    /** The forgotten-password page opened: nothing of an earlier request stays, and the saga asks whether mail works. */
    forgotPasswordOpened(state) {
      state.request = { ...IDLE };
    },
    mailChecked(state, action: PayloadAction<boolean>) {
      state.mail = action.payload ? 'available' : 'unavailable';
    },
    linkRequested: {
      reducer(state) {
        state.request = { status: 'loading', error: null };
      },
      prepare: (email: string) => ({ payload: email }),
    },
    linkSent(state) {
      state.request = { status: 'succeeded', error: null };
    },
    linkFailed(state, action: PayloadAction<RequestError>) {
      state.request = { status: 'failed', error: action.payload };
    },
    /** The reset page opened. */
    resetOpened(state) {
      state.reset = { ...IDLE };
    },
    /** The form handed the new password to the saga outside the store (credentials.ts): no payload. */
    newPasswordRequested(state) {
      state.reset = { status: 'loading', error: null };
    },
    newPasswordSet(state) {
      state.reset = { status: 'succeeded', error: null };
    },
    newPasswordFailed(state, action: PayloadAction<RequestError>) {
      state.reset = { status: 'failed', error: action.payload };
    },
  },
  // Nothing of a reset asked before signing in (or by the previous user) outlives a session change.
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialPasswordResetState),
});

export const passwordResetActions = passwordResetSlice.actions;
export const passwordResetReducer = passwordResetSlice.reducer;
