import { delay, put, takeLatest } from 'redux-saga/effects';
import { snackbarActions } from './snackbarSlice.js';
import { SNACKBAR_AUTO_HIDE_MS } from '../../lib/constants.js';

/** Closes each toast after the auto-hide delay; a newer toast restarts the wait. */
export function* handleToastShown(action: ReturnType<typeof snackbarActions.toastShown>) {
  yield delay(SNACKBAR_AUTO_HIDE_MS);
  yield put(snackbarActions.toastClosed(action.payload.id));
}

export function* watchSnackbar() {
  yield takeLatest(snackbarActions.toastShown.type, handleToastShown);
}
