import { all, call, put, select, takeEvery, takeLatest, takeLeading, type Effect } from 'redux-saga/effects';
import { apiCall, apiCallHandling } from '../../../api/apiCall.js';
import { KEEP_ON_SCREEN, load } from '../../../api/load.js';
import { serializeError } from '../../../api/ApiError.js';
import type { EntitiesApi } from '../../../api/adminApi.js';
import { entitiesActions } from './entitiesSlice.js';
import { entityCreateErrorMessage } from './entitiesSelectors.js';
import { snackbarActions } from '../../snackbar/snackbarSlice.js';
import { askToConfirm, confirmedChange } from '../confirmedChange.js';
import { PATHS } from '../../../app/paths.js';
import type { RootState } from '../../../app/rootReducer.js';
import type { CreateEntityResponse } from '../../../../shared/api/admin.js';
import type { Municipality, Province } from '../../../../shared/api/reference.js';

/** What the entity sagas reach outside the store. */
export interface EntitiesDependencies {
  entitiesApi: EntitiesApi;
  navigate: (path: string) => void;
}

const toast = snackbarActions.toastShown;

export function handleListRequested(deps: EntitiesDependencies) {
  return load(() => apiCall(deps.entitiesApi.list), entitiesActions.listLoaded, entitiesActions.listFailed, 'ENTITIES.TOAST.LOAD_ERROR');
}

/** Municipalities and provinces load together, once per session. */
export function* handleGeographyRequested(deps: EntitiesDependencies): Generator<Effect, void, unknown> {
  const loaded = (yield select((state: RootState) => state.entities.geography.status === 'succeeded')) as boolean;
  if (loaded) return;
  function* both() {
    const [municipalities, provinces] = (yield all([call(apiCall, deps.entitiesApi.municipalities), call(apiCall, deps.entitiesApi.provinces)])) as [Municipality[], Province[]];
    return { municipalities, provinces };
  }
  yield* load(both, entitiesActions.geographyLoaded, entitiesActions.geographyFailed, 'ENTITIES.TOAST.LOAD_MUNICIPALITIES_ERROR');
}

/** Creates the entity and goes back to the list; a refusal keeps the form with the spec's message. */
export function* handleCreate(deps: EntitiesDependencies, action: ReturnType<typeof entitiesActions.createRequested>): Generator<Effect, void, unknown> {
  try {
    const { entity } = (yield* apiCallHandling(KEEP_ON_SCREEN, deps.entitiesApi.create, action.payload)) as CreateEntityResponse;
    yield put(entitiesActions.created(entity));
    yield put(toast('ENTITIES.TOAST.CREATED', 'success'));
    yield call(deps.navigate, PATHS.entities);
  } catch (err) {
    const error = serializeError(err);
    yield put(entitiesActions.createFailed(error));
    yield put(toast(entityCreateErrorMessage(error) as string));
  }
}

/**
 * Removing asks first, listing the campaigns that go with the entity (sent ones link to their results, the
 * others to the status page).
 */
export function* handleRemoveAsked(action: ReturnType<typeof entitiesActions.removeAsked>): Generator<Effect, void, unknown> {
  const { id, name, campaigns } = action.payload;
  yield put(
    askToConfirm({
      title: 'ENTITIES.DELETE.TITLE',
      message: 'ENTITIES.DELETE.MESSAGE',
      values: { entity: name, count: campaigns.length },
      links: campaigns.map((c) => ({ label: c.text, href: c.status === 'sent' ? `${PATHS.results}/${c.id}` : PATHS.status })),
      action: entitiesActions.removeConfirmed(id),
    }),
  );
}

export function handleRemoveConfirmed(deps: EntitiesDependencies, action: ReturnType<typeof entitiesActions.removeConfirmed>) {
  const messages = { success: 'ENTITIES.TOAST.DELETED', failure: 'ENTITIES.TOAST.DELETE_ERROR' };
  return confirmedChange(messages, () => entitiesActions.removed(action.payload), deps.entitiesApi.remove, action.payload);
}

export function* watchEntities(deps: EntitiesDependencies): Generator<Effect, void, unknown> {
  yield takeLatest(entitiesActions.listRequested.type, handleListRequested, deps);
  yield takeLeading(entitiesActions.geographyRequested.type, handleGeographyRequested, deps);
  yield takeLeading(entitiesActions.createRequested.type, handleCreate, deps);
  yield takeEvery(entitiesActions.removeAsked.type, handleRemoveAsked);
  yield takeLeading(entitiesActions.removeConfirmed.type, handleRemoveConfirmed, deps);
}
