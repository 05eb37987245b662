import { put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { callApi } from '../../../app/apiCall.js';
import { errorPage, keepOnScreen } from '../../../app/callPolicies.js';
import { load } from '../../../app/load.js';
import { askToConfirm, confirmedChange } from '../../../app/confirmedChange.js';
import { serializeError } from '../../../api/ApiError.js';
import { all, call, select, type Saga } from '../../../lib/typedEffects.js';
import type { EntitiesApi } from '../../../api/adminApi.js';
import { entitiesActions } from './entitiesSlice.js';
import { entityCreateErrorMessage, entityUpdateErrorMessage } from './entitiesSelectors.js';
import { snackbarActions } from '../../snackbar/snackbarSlice.js';
import { PATHS } from '../../../app/paths.js';
import { campaignLabelMessage } from '../../../i18n/labels.js';
import type { RootState } from '../../../app/rootReducer.js';

/** What the entity sagas reach outside the store. */
export interface EntitiesDependencies {
  entitiesApi: EntitiesApi;
  navigate: (path: string) => void;
}

const toast = snackbarActions.toastShown;

export function handleListRequested(deps: EntitiesDependencies) {
  return load(callApi(errorPage('ENTITIES.TOAST.LOAD_ERROR'), deps.entitiesApi.list), entitiesActions.listLoaded, entitiesActions.listFailed);
}

/** Municipalities and provinces load together, once per session. */
export function* handleGeographyRequested(deps: EntitiesDependencies): Saga<void> {
  if (yield* select((state: RootState) => state.entities.geography.status === 'succeeded')) return;
  // The first failure cancels the other call, so one toast at most.
  const policy = errorPage('ENTITIES.TOAST.LOAD_MUNICIPALITIES_ERROR');
  function* both() {
    const [municipalities, provinces] = yield* all(callApi(policy, deps.entitiesApi.municipalities), callApi(policy, deps.entitiesApi.provinces));
    return { municipalities, provinces };
  }
  yield* load(both(), entitiesActions.geographyLoaded, entitiesActions.geographyFailed);
}

/** Creates the entity and goes back to the list; a refusal keeps the form with the spec's message. */
export function* handleCreate(deps: EntitiesDependencies, action: ReturnType<typeof entitiesActions.createRequested>): Saga<void> {
  try {
    const { entity } = yield* callApi(
      keepOnScreen((error) => entityCreateErrorMessage(error) as string),
      deps.entitiesApi.create,
      action.payload,
    );
    yield put(entitiesActions.created(entity));
    yield put(toast('ENTITIES.TOAST.CREATED', 'success'));
    yield* call(deps.navigate, PATHS.entities);
  } catch (err) {
    yield put(entitiesActions.createFailed(serializeError(err)));
  }
}

/** Saves the edit form and goes back to the list; a refusal keeps the form with the spec's message. */
export function* handleUpdate(deps: EntitiesDependencies, action: ReturnType<typeof entitiesActions.updateRequested>): Saga<void> {
  try {
    const { entity } = yield* callApi(
      keepOnScreen((error) => entityUpdateErrorMessage(error) as string),
      deps.entitiesApi.update,
      action.payload,
    );
    yield put(entitiesActions.updated(entity));
    yield put(toast('ENTITIES.TOAST.UPDATED', 'success'));
    yield* call(deps.navigate, PATHS.entities);
  } catch (err) {
    yield put(entitiesActions.updateFailed(serializeError(err)));
  }
}

/**
 * Removing asks first. An entity with sent campaigns opens the dialog that offers to archive it (its history
 * kept) or to delete it for good once its name is typed; any other is confirmed as before, listing the
 * campaigns that go with it (sent ones link to their results, the others to the status page).
 */
export function* handleRemoveAsked(action: ReturnType<typeof entitiesActions.removeAsked>): Saga<void> {
  const { id, name, campaigns, archived } = action.payload;
  const sent = campaigns.filter((c) => c.status === 'sent').length;
  if (sent > 0) {
    yield put(entitiesActions.removalDialogOpened({ id, name, sent, archived }));
    return;
  }
  yield put(
    askToConfirm({
      title: 'ENTITIES.DELETE.TITLE',
      message: 'ENTITIES.DELETE.MESSAGE',
      values: { entity: name, count: campaigns.length },
      links: campaigns.map((c) => {
        const { id: label, values } = campaignLabelMessage(c.campaignNumber);
        return { label, values, href: c.status === 'sent' ? `${PATHS.results}/${c.id}` : PATHS.status };
      }),
      action: entitiesActions.removeConfirmed(id),
    }),
  );
}

export function handleRemoveConfirmed(deps: EntitiesDependencies, action: ReturnType<typeof entitiesActions.removeConfirmed>) {
  const outcome = { success: 'ENTITIES.TOAST.DELETED', failure: 'ENTITIES.TOAST.DELETE_ERROR', done: () => entitiesActions.removed(action.payload) };
  return confirmedChange(outcome, deps.entitiesApi.remove, { id: action.payload });
}

/** Archives the entity of the removal dialog: it leaves the list, its history stays. */
export function* handleArchive(deps: EntitiesDependencies, action: ReturnType<typeof entitiesActions.archiveRequested>): Saga<void> {
  try {
    yield* callApi(keepOnScreen('ENTITIES.TOAST.ARCHIVE_ERROR'), deps.entitiesApi.archive, action.payload);
    yield put(entitiesActions.archived(action.payload));
    yield put(toast('ENTITIES.TOAST.ARCHIVED', 'success'));
  } catch {
    yield put(entitiesActions.removalFailed());
  }
}

/** Deletes the entity of the removal dialog for good, with the name typed (the server checks it again). */
export function* handleRemoveForGood(deps: EntitiesDependencies, action: ReturnType<typeof entitiesActions.removeForGoodRequested>): Saga<void> {
  try {
    yield* callApi(keepOnScreen('ENTITIES.TOAST.DELETE_ERROR'), deps.entitiesApi.remove, action.payload);
    yield put(entitiesActions.removed(action.payload.id));
    yield put(toast('ENTITIES.TOAST.DELETED', 'success'));
  } catch {
    yield put(entitiesActions.removalFailed());
  }
}

/** Brings an archived entity back to the lists. */
export function* handleRestore(deps: EntitiesDependencies, action: ReturnType<typeof entitiesActions.restoreRequested>): Saga<void> {
  try {
    yield* callApi(keepOnScreen('ENTITIES.TOAST.RESTORE_ERROR'), deps.entitiesApi.restore, action.payload);
    yield put(entitiesActions.restored(action.payload));
    yield put(toast('ENTITIES.TOAST.RESTORED', 'success'));
  } catch {
    // The failure toast is the policy's.
  }
}

export function* watchEntities(deps: EntitiesDependencies): Saga<void> {
  yield takeLatest(entitiesActions.listRequested.type, handleListRequested, deps);
  yield takeLeading(entitiesActions.geographyRequested.type, handleGeographyRequested, deps);
  yield takeLeading(entitiesActions.createRequested.type, handleCreate, deps);
  yield takeEvery(entitiesActions.removeAsked.type, handleRemoveAsked);
  yield takeLeading(entitiesActions.removeConfirmed.type, handleRemoveConfirmed, deps);
  yield takeLeading(entitiesActions.updateRequested.type, handleUpdate, deps);
  yield takeLeading(entitiesActions.archiveRequested.type, handleArchive, deps);
  yield takeLeading(entitiesActions.removeForGoodRequested.type, handleRemoveForGood, deps);
  yield takeLeading(entitiesActions.restoreRequested.type, handleRestore, deps);
}
