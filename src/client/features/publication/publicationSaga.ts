import { put, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../app/apiCall.js';
import { keepOnScreen } from '../../app/callPolicies.js';
import { loadOnScreen } from '../../app/load.js';
import { serializeError } from '../../api/ApiError.js';
import type { PublicationApi } from '../../api/publicationApi.js';
import type { Saga } from '../../lib/typedEffects.js';
import { snackbarActions } from '../snackbar/snackbarSlice.js';
import { publicationActions } from './publicationSlice.js';

/** What the publication's sagas reach outside the store. */
export interface PublicationDependencies {
  publicationApi: PublicationApi;
}

export function handleChoiceRequested(deps: PublicationDependencies, action: ReturnType<typeof publicationActions.choiceRequested>) {
  return loadOnScreen(undefined, publicationActions.choiceLoaded, publicationActions.choiceFailed, deps.publicationApi.state, action.payload);
}

export function handleSealRequested(deps: PublicationDependencies, action: ReturnType<typeof publicationActions.sealRequested>) {
  const campaignId = action.payload;
  return loadOnScreen(
    'SEAL.LOAD_ERROR',
    (seal) => publicationActions.sealLoaded({ campaignId, seal }),
    publicationActions.sealFailed,
    deps.publicationApi.campaignSeal,
    campaignId,
  );
}

/** The switch turned: changed, said so; refused, the switch stays as it was and the toast says why. */
export function* handleChangeAsked(deps: PublicationDependencies, action: ReturnType<typeof publicationActions.changeAsked>): Saga<void> {
  const { id, publish } = action.payload;
  try {
    const choice = yield* callApi(keepOnScreen('PUBLICATION.TOAST.ERROR'), deps.publicationApi.set, id, publish);
    yield put(publicationActions.changed(choice));
    yield put(snackbarActions.toastShown(choice.publish ? 'PUBLICATION.TOAST.PUBLISHED' : 'PUBLICATION.TOAST.PRIVATE', 'success'));
  } catch (err) {
    yield put(publicationActions.changeFailed(serializeError(err)));
  }
}

export function* watchPublication(deps: PublicationDependencies): Saga<void> {
  yield takeLatest(publicationActions.choiceRequested.type, handleChoiceRequested, deps);
  yield takeLatest(publicationActions.changeAsked.type, handleChangeAsked, deps);
  yield takeLatest(publicationActions.sealRequested.type, handleSealRequested, deps);
}
