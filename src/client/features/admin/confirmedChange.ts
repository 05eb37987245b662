import { put, type Effect } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import { apiCallHandling, type SecureFn } from '../../api/apiCall.js';
import { KEEP_ON_SCREEN } from '../../api/load.js';
import { alertsActions, type Alert } from '../alerts/alertsSlice.js';
import { snackbarActions } from '../snackbar/snackbarSlice.js';

/**
 * A change the user confirmed in the alert dialog: the dialog spins while the call runs, then closes; the
 * outcome is the `done` event and a success toast, or an error toast (the screen stays as it was).
 */
export function* confirmedChange<A extends unknown[], R>(
  messages: { success: string; failure: string },
  done: (result: R) => Action,
  fn: SecureFn<A, R>,
  ...args: A
): Generator<Effect, void, unknown> {
  yield put(alertsActions.alertLoading(true));
  try {
    const result = yield* apiCallHandling(KEEP_ON_SCREEN, fn, ...args);
    yield put(done(result));
    yield put(snackbarActions.toastShown(messages.success, 'success'));
  } catch {
    yield put(snackbarActions.toastShown(messages.failure));
  } finally {
    yield put(alertsActions.alertHidden());
  }
}

/** The alert that asks before a change; its confirm button (Eliminar unless told) dispatches `action`. */
export function askToConfirm(alert: Pick<Alert, 'title' | 'message' | 'values' | 'links'> & { action: Action; confirmLabel?: string }) {
  const { action, confirmLabel = 'COMMON.DELETE', ...shown } = alert;
  return alertsActions.alertShown({ ...shown, confirm: { label: confirmLabel, action }, cancel: { label: 'COMMON.CANCEL' } });
}
