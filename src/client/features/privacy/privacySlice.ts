import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { IDLE, LOADING, type Remote, type RequestError } from '../../lib/remote.js';
import { isSessionChange } from '../auth/authSlice.js';

/** The privacy page: how long this server keeps the log, and the signed-in user's download and erasure request. */
export interface PrivacyState {
  retention: Remote<{ days: number | null }>;
  download: Remote;
  /** The erasure request: when it was filed, once it has been. */
  erasure: Remote<{ requestedAt: string | null }>;
}

const initialState: PrivacyState = {
  retention: { ...IDLE, days: null },
  download: { ...IDLE },
  erasure: { ...IDLE, requestedAt: null },
};

const privacySlice = createSlice({
  name: 'privacy',
  initialState,
  reducers: {
    opened(state) {
      state.retention = { ...LOADING, days: state.retention.days };
    },
    retentionLoaded(state, action: PayloadAction<number>) {
      state.retention = { status: 'succeeded', error: null, days: action.payload };
    },
    retentionFailed(state, action: PayloadAction<RequestError>) {
      state.retention = { status: 'failed', error: action.payload, days: null };
    },
    downloadRequested(state) {
      state.download = { ...LOADING };
    },
    downloaded(state) {
      state.download = { status: 'succeeded', error: null };
    },
    downloadFailed(state, action: PayloadAction<RequestError>) {
      state.download = { status: 'failed', error: action.payload };
    },
    erasureRequested(state, _action: PayloadAction<string>) {
      state.erasure = { ...LOADING, requestedAt: state.erasure.requestedAt };
    },
    erasureFiled(state, action: PayloadAction<string>) {
      state.erasure = { status: 'succeeded', error: null, requestedAt: action.payload };
    },
    erasureFailed(state, action: PayloadAction<RequestError>) {
      state.erasure = { status: 'failed', error: action.payload, requestedAt: state.erasure.requestedAt };
    },
  },
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialState),
});

export const privacyActions = privacySlice.actions;
export const privacyReducer = privacySlice.reducer;
