import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { isSessionChange } from '../auth/authSlice.js';

/** A dialog: title, message (message ids), links, and confirm/cancel buttons whose clicks dispatch actions. */
export interface Alert {
  id: string;
  title: string;
  message: string;
  values?: Record<string, string | number>;
  /** Links listed under the message: each label a message id with its values. */
  links?: { label: string; values?: Record<string, string | number>; href: string }[];
  /**
   * The confirm button; `danger` for a change that cannot be undone (removals, revocations). The dialog stays open,
   * spinning, until the saga that carries the action out hides it (confirmedChange), unless it `closes` at once (a
   * change queued, whose progress the page itself shows).
   */
  confirm?: { label: string; action: { type: string; payload?: unknown }; danger?: boolean; closes?: boolean };
  cancel?: { label: string };
}

/** The alert queue (spec section 4, Alerts): one shown at a time, the next one after the first is hidden. */
export interface AlertsState {
  queue: Alert[];
  visible: boolean;
  loading: boolean;
}

const initialAlertsState: AlertsState = { queue: [], visible: false, loading: false };

const alertsSlice = createSlice({
  name: 'alerts',
  initialState: initialAlertsState,
  reducers: {
    alertShown: {
      reducer(state, action: PayloadAction<Alert>) {
        state.queue.push(action.payload);
        state.visible = true;
      },
      prepare: (alert: Omit<Alert, 'id'>) => ({ payload: { ...alert, id: nanoid() } }),
    },
    /** Hides the first alert; the next one, if any, shows. */
    alertHidden(state) {
      state.queue.shift();
      state.visible = state.queue.length > 0;
      state.loading = false;
    },
    alertLoading(state, action: PayloadAction<boolean>) {
      state.loading = action.payload;
    },
  },
  // A pending dialog names the last user's rows (and would act on them).
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialAlertsState),
});

export const alertsActions = alertsSlice.actions;
export const alertsReducer = alertsSlice.reducer;
