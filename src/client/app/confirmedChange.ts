import { put } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import type { SecureFn } from '../api/http.js';
import type { Saga } from '../lib/typedEffects.js';
import { alertsActions, type Alert } from '../features/alerts/alertsSlice.js';
import { snackbarActions, type Toast } from '../features/snackbar/snackbarSlice.js';
import { callApi, type FailureToast } from './apiCall.js';
import { keepOnScreen } from './callPolicies.js';

/**
 * The alert that asks before a change; its confirm button (Eliminar unless told) dispatches `action`. It is red
 * (Bootstrap's danger) unless the change can be undone (`danger: false`); the message names what goes.
 */
export function askToConfirm(
  alert: Pick<Alert, 'title' | 'message' | 'values' | 'links'> & { action: Action; confirmLabel?: string; danger?: boolean; closes?: boolean },
) {
  const { action, confirmLabel = 'COMMON.DELETE', danger = true, closes, ...shown } = alert;
  return alertsActions.alertShown({
    ...shown,
    confirm: { label: confirmLabel, action, danger, ...(closes ? { closes } : {}) },
    cancel: { label: 'COMMON.CANCEL' },
  });
}

/** What a confirmed change says: the toasts of success (its values may come from the answer) and failure, and the event of a success. */
interface ChangeOutcome<R> {
  success: string;
  successValues?: (result: R) => Toast['values'];
  failure: FailureToast;
  done?: (result: R) => Action;
}

/**
 * A change the user confirmed in the alert dialog (askToConfirm): the dialog spins while the call runs, then
 * closes; the outcome is the `done` event and the success toast, or the failure toast (the screen stays as it
 * was: keepOnScreen).
 */
export function* confirmedChange<A extends unknown[], R>(outcome: ChangeOutcome<R>, fn: SecureFn<A, R>, ...args: A): Saga<void> {
  yield put(alertsActions.alertLoading(true));
  try {
    const result = yield* callApi(keepOnScreen(outcome.failure), fn, ...args);
    if (outcome.done) yield put(outcome.done(result));
    yield put(snackbarActions.toastShown(outcome.success, 'success', outcome.successValues?.(result)));
  } catch {
    // The failure toast is the policy's.
  } finally {
    yield put(alertsActions.alertHidden());
  }
}
