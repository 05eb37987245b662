import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { isSessionChange } from '../auth/authSlice.js';

export type Severity = 'success' | 'info' | 'warning' | 'error';

/** A toast: a message id with its values and a severity. */
export interface Toast {
  id: string;
  message: string;
  values?: Record<string, string | number>;
  severity: Severity;
}

/** The snackbar (spec section 4): open with one toast, closed after SNACKBAR_AUTO_HIDE_MS by its saga. */
export interface SnackbarState {
  open: boolean;
  current: Toast | null;
}

const initialSnackbarState: SnackbarState = { open: false, current: null };

const snackbarSlice = createSlice({
  name: 'snackbar',
  initialState: initialSnackbarState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.open = true;
        state.current = action.payload;
      },
      prepare: (message: string, severity: Severity = 'error', values?: Toast['values']) => ({ payload: { id: nanoid(), message, severity, values } }),
    },
    toastClosed(state, action: PayloadAction<string | undefined>) {
      if (action.payload === undefined || state.current?.id === action.payload) state.open = false;
    },
  },
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialSnackbarState),
});

export const snackbarActions = snackbarSlice.actions;
export const snackbarReducer = snackbarSlice.reducer;
