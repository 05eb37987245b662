import { put, takeLatest, takeLeading } from 'redux-saga/effects';
import { callApi } from '../../app/apiCall.js';
import { keepOnScreen } from '../../app/callPolicies.js';
import { load, loadOnScreen } from '../../app/load.js';
import { serializeError } from '../../api/ApiError.js';
import type { AccessibilityApi } from '../../api/accessibilityApi.js';
import { call, type Saga } from '../../lib/typedEffects.js';
import { snackbarActions } from '../snackbar/snackbarSlice.js';
import { accessibilityActions } from './accessibilitySlice.js';

/** What the accessibility statement's sagas reach outside the store. */
export interface AccessibilityDependencies {
  accessibilityApi: AccessibilityApi;
}

export function handleStatementRequested(deps: AccessibilityDependencies) {
  return load(call(deps.accessibilityApi.statement), accessibilityActions.statementLoaded, accessibilityActions.statementFailed);
}

/** A visitor's complaint: the page says it arrived, or why not (the form keeps what was written). */
export function* handleComplaintSent(deps: AccessibilityDependencies, action: ReturnType<typeof accessibilityActions.complaintSent>): Saga<void> {
  try {
    yield* call(deps.accessibilityApi.complain, action.payload);
    yield put(accessibilityActions.complaintFiled());
  } catch (err) {
    yield put(accessibilityActions.complaintFailed(serializeError(err)));
  }
}

/** An administrator's change of the statement; a refused date is said beside the form. */
export function* handleSaveRequested(deps: AccessibilityDependencies, action: ReturnType<typeof accessibilityActions.saveRequested>): Saga<void> {
  try {
    const statement = yield* callApi(keepOnScreen(), deps.accessibilityApi.update, action.payload);
    yield put(accessibilityActions.saved(statement));
    yield put(snackbarActions.toastShown('ACCESSIBILITY.EDIT.SAVED', 'success'));
  } catch (err) {
    yield put(accessibilityActions.saveFailed(serializeError(err)));
  }
}

export function* handleComplaintsRequested(deps: AccessibilityDependencies): Saga<void> {
  yield* loadOnScreen(undefined, accessibilityActions.complaintsLoaded, accessibilityActions.complaintsFailed, deps.accessibilityApi.complaints);
}

export function* watchAccessibility(deps: AccessibilityDependencies): Saga<void> {
  yield takeLatest(accessibilityActions.statementRequested.type, handleStatementRequested, deps);
  yield takeLeading(accessibilityActions.complaintSent.type, handleComplaintSent, deps);
  yield takeLeading(accessibilityActions.saveRequested.type, handleSaveRequested, deps);
  yield takeLatest(accessibilityActions.complaintsRequested.type, handleComplaintsRequested, deps);
}
