import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TransportErrorMessage } from '../../lib/transportErrors.js';

/** The global error flag: when set, the error page replaces the screen (spec section 2, Error pages). */
export interface ErrorsState {
  globalError: TransportErrorMessage | null;
}

const noError: ErrorsState = { globalError: null };

const errorsSlice = createSlice({
  name: 'errors',
  initialState: noError,
  reducers: {
    globalErrorRaised: (state, action: PayloadAction<TransportErrorMessage>) => ({ ...state, globalError: action.payload }),
    /** The error page's way back: the screen shows again. */
    globalErrorDismissed: () => noError,
  },
});

export const errorsActions = errorsSlice.actions;
export const errorsReducer = errorsSlice.reducer;
