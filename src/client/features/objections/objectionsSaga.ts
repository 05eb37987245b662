import { put, takeEvery, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../app/apiCall.js';
import { keepOnScreen } from '../../app/callPolicies.js';
import { loadOnScreen } from '../../app/load.js';
import { serializeError } from '../../api/ApiError.js';
import type { ObjectionsApi } from '../../api/objectionsApi.js';
import type { RequestError } from '../../lib/remote.js';
import { refusalCode } from '../../lib/refusals.js';
import type { Saga } from '../../lib/typedEffects.js';
import { snackbarActions } from '../snackbar/snackbarSlice.js';
import { objectionsActions } from './objectionsSlice.js';

/** What the objections' sagas reach outside the store. */
export interface ObjectionsDependencies {
  objectionsApi: ObjectionsApi;
}

/** The toast of a refused objection or decision: why, in Spanish, from the server's code. */
export function objectionErrorToast(error: RequestError): string {
  const code = refusalCode(error);
  if (code === 'OBJECTIONS_CLOSED') return 'OBJECTIONS.TOAST.CLOSED';
  if (code === 'OBJECTION_OPEN') return 'OBJECTIONS.TOAST.ALREADY_OPEN';
  if (code === 'OBJECTION_RESOLVED') return 'OBJECTIONS.TOAST.ALREADY_RESOLVED';
  if (code === 'REVIEW_STATE' || code === 'CAMPAIGN_NOT_SENT') return 'OBJECTIONS.TOAST.NOT_NOW';
  if (error.type === 'VALIDATION') return 'OBJECTIONS.TOAST.INVALID';
  return 'OBJECTIONS.TOAST.ERROR';
}

export function handleList(deps: ObjectionsDependencies, action: ReturnType<typeof objectionsActions.listRequested>) {
  return loadOnScreen('OBJECTIONS.TOAST.LOAD_ERROR', objectionsActions.listLoaded, objectionsActions.listFailed, deps.objectionsApi.list, action.payload);
}

/** 'Enviar alegación': filed, said so; refused, the form stays with its text and the toast says why. */
export function* handleFile(deps: ObjectionsDependencies, action: ReturnType<typeof objectionsActions.objectionFiled>): Saga<void> {
  const { question } = action.payload;
  try {
    const objection = yield* callApi(keepOnScreen(objectionErrorToast), deps.objectionsApi.object, action.payload);
    yield put(objectionsActions.filed(objection));
    yield put(snackbarActions.toastShown('OBJECTIONS.TOAST.FILED', 'success'));
  } catch (err) {
    yield put(objectionsActions.fileFailed({ question, error: serializeError(err) }));
  }
}

/** 'Aceptar' or 'Rechazar' an objection, with the reason the entity reads. */
export function* handleResolve(deps: ObjectionsDependencies, action: ReturnType<typeof objectionsActions.resolutionAsked>): Saga<void> {
  const { objectionId, accepted } = action.payload;
  try {
    const objection = yield* callApi(keepOnScreen(objectionErrorToast), deps.objectionsApi.resolve, action.payload);
    yield put(objectionsActions.resolved(objection));
    yield put(snackbarActions.toastShown(accepted ? 'OBJECTIONS.TOAST.ACCEPTED' : 'OBJECTIONS.TOAST.REFUSED', 'success'));
  } catch (err) {
    yield put(objectionsActions.resolveFailed({ objectionId, error: serializeError(err) }));
  }
}

export function* watchObjections(deps: ObjectionsDependencies): Saga<void> {
  yield takeLatest(objectionsActions.listRequested.type, handleList, deps);
  // Objections to different answers go at once; the server takes them in turn on the campaign's row.
  yield takeEvery(objectionsActions.objectionFiled.type, handleFile, deps);
  yield takeEvery(objectionsActions.resolutionAsked.type, handleResolve, deps);
}
