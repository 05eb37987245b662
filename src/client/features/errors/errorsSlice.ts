import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TransportErrorMessage } from '../../lib/transportErrors.js';

/** The global error flag: when set, the error page replaces the screen (spec section 2, Error pages). */
export interface ErrorsState {
  globalError: TransportErrorMessage | null;
}

const errorsSlice = createSlice({
  name: 'errors',
  initialState: { globalError: null } as ErrorsState,
  reducers: {
    globalErrorRaised(state, action: PayloadAction<TransportErrorMessage>) {
      state.globalError = action.payload;
    },
    globalErrorDismissed(state) {
      state.globalError = null;
    },
  },
});

export const errorsActions = errorsSlice.actions;
export const errorsReducer = errorsSlice.reducer;
