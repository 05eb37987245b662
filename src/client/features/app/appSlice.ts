import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TransportErrorMessage } from '../../lib/transportErrors.js';

/** The global error flag: when set, the error page replaces the screen (spec section 2, Error pages). */
export interface AppState {
  globalError: TransportErrorMessage | null;
  /** The splash screen, hidden once the session is known or after 3 s (spec section 9). */
  splashVisible: boolean;
}

const appSlice = createSlice({
  name: 'app',
  initialState: { globalError: null, splashVisible: true } as AppState,
  reducers: {
    globalErrorRaised(state, action: PayloadAction<TransportErrorMessage>) {
      state.globalError = action.payload;
    },
    globalErrorDismissed(state) {
      state.globalError = null;
    },
    splashHidden(state) {
      state.splashVisible = false;
    },
  },
});

export const appActions = appSlice.actions;
export const appReducer = appSlice.reducer;
