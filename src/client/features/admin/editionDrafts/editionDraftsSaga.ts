import { actionChannel, put, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { callApi } from '../../../app/apiCall.js';
import { errorPage, keepOnScreen } from '../../../app/callPolicies.js';
import { load, loadOnScreen } from '../../../app/load.js';
import { serializeError } from '../../../api/ApiError.js';
import { PATHS, editionDraftPath } from '../../../app/paths.js';
import { call, type Saga } from '../../../lib/typedEffects.js';
import type { RootState } from '../../../app/rootReducer.js';
import type { RequestError } from '../../../lib/remote.js';
import type { EditionsApi } from '../../../api/editionsApi.js';
import type { EditionDraft, SheetProblemsData, TreeOperation } from '../../../../shared/api/editions.js';
import { snackbarActions } from '../../snackbar/snackbarSlice.js';
import { alertsActions } from '../../alerts/alertsSlice.js';
import { editionDraftsActions } from './editionDraftsSlice.js';

/** What the draft sagas reach outside the store. */
export interface EditionDraftsDependencies {
  editionsApi: EditionsApi;
  navigate: (path: string) => void;
}

export function handleListRequested(deps: EditionDraftsDependencies) {
  return loadOnScreen('EDITION_DRAFT.TOAST.LOAD_ERROR', editionDraftsActions.listLoaded, editionDraftsActions.listFailed, deps.editionsApi.drafts);
}

/** 'Nueva edición a partir de …': the copy is made, and the editor opens on it. */
export function* handleCreate(deps: EditionDraftsDependencies, action: ReturnType<typeof editionDraftsActions.createRequested>): Saga<void> {
  try {
    const draft = yield* callApi(keepOnScreen('EDITION_DRAFT.TOAST.CREATE_ERROR'), deps.editionsApi.createDraft, action.payload);
    yield put(editionDraftsActions.loaded(draft));
    yield* call(deps.navigate, editionDraftPath(draft.campaignNumber));
  } catch (err) {
    yield put(editionDraftsActions.createFailed(serializeError(err)));
  }
}

export function handleOpened(deps: EditionDraftsDependencies, action: ReturnType<typeof editionDraftsActions.opened>) {
  return load(
    callApi(errorPage('EDITION_DRAFT.TOAST.LOAD_ERROR'), deps.editionsApi.draft, action.payload),
    editionDraftsActions.loaded,
    editionDraftsActions.loadFailed,
  );
}

/** One change, on the version the editor shows now: saved, or refused as stale (the other's draft shown), or refused. */
export function* saveChange(deps: EditionDraftsDependencies, operations: TreeOperation[]): Saga<void> {
  const draft = yield* selectDraft();
  if (!draft) return;
  try {
    const saved = yield* callApi(keepOnScreen(unlessConflict('EDITION_DRAFT.TOAST.SAVE_ERROR')), deps.editionsApi.updateDraft, {
      campaignNumber: draft.campaignNumber,
      version: draft.version,
      operations,
    });
    yield put(editionDraftsActions.saved(saved));
  } catch (err) {
    const error = serializeError(err);
    const current = currentDraftOf(error);
    yield put(current ? editionDraftsActions.conflicted(current) : editionDraftsActions.changeFailed(error));
  }
}

/** A failure's toast, but none for a conflict: that is said beside the draft (the other's version shown), not in a toast as well. */
const unlessConflict = (message: string) => (error: RequestError) => (error.type === 'CONFLICT' ? null : message);

/** The draft as it is now, which a 409 CONFLICT carries when someone else changed it first. */
const currentDraftOf = (error: RequestError): EditionDraft | undefined =>
  error.type === 'CONFLICT' ? (error.data as { draft?: EditionDraft } | null)?.draft : undefined;

function* selectDraft(): Saga<EditionDraft | null> {
  return (yield select((state: RootState) => state.editionDrafts.draft.data)) as EditionDraft | null;
}

/** Changes are sent one after another, each on the version the one before it gave: none overwrites another. */
export function* watchChanges(deps: EditionDraftsDependencies): Saga<void> {
  const channel = yield actionChannel(editionDraftsActions.changed.type);
  for (;;) {
    const action = (yield take(channel as never)) as PayloadAction<TreeOperation[]>;
    yield* saveChange(deps, action.payload);
  }
}

/** 'Publicar edición': the draft becomes its year's edition; the editions page lists it. */
export function* handlePublish(deps: EditionDraftsDependencies, action: ReturnType<typeof editionDraftsActions.publishRequested>): Saga<void> {
  // Asked in a dialog, which spins meanwhile and closes once answered.
  yield put(alertsActions.alertLoading(true));
  try {
    const edition = yield* callApi(keepOnScreen('EDITION_DRAFT.TOAST.PUBLISH_ERROR'), deps.editionsApi.publishDraft, action.payload);
    yield put(editionDraftsActions.published());
    yield put(snackbarActions.toastShown('EDITION_DRAFT.TOAST.PUBLISHED', 'success', { year: String(edition.year) }));
    yield* call(deps.navigate, PATHS.editions);
  } catch (err) {
    yield put(editionDraftsActions.publishFailed(serializeError(err)));
  } finally {
    yield put(alertsActions.alertHidden());
  }
}

/** 'Eliminar borrador': thrown away as it was read, back to the editions page; a change made since is shown instead. */
export function* handleDiscard(deps: EditionDraftsDependencies, action: ReturnType<typeof editionDraftsActions.discardRequested>): Saga<void> {
  yield put(alertsActions.alertLoading(true));
  try {
    yield* callApi(keepOnScreen(unlessConflict('EDITION_DRAFT.TOAST.DELETE_ERROR')), deps.editionsApi.deleteDraft, action.payload);
    yield put(editionDraftsActions.discarded());
    yield put(snackbarActions.toastShown('EDITION_DRAFT.TOAST.DELETED', 'success', { year: String(action.payload.campaignNumber) }));
    yield* call(deps.navigate, PATHS.editions);
  } catch (err) {
    const error = serializeError(err);
    yield put(editionDraftsActions.discardFailed({ error, current: currentDraftOf(error) }));
  } finally {
    yield put(alertsActions.alertHidden());
  }
}

/** 'Subir Excel': a draft made from the file opens in the editor; a refused file lists its problems at their cells. */
export function* handleSpreadsheet(deps: EditionDraftsDependencies, action: ReturnType<typeof editionDraftsActions.spreadsheetChosen>): Saga<void> {
  try {
    const draft = yield* callApi(
      keepOnScreen('EDITION_DRAFT.TOAST.UPLOAD_ERROR'),
      deps.editionsApi.uploadSpreadsheet,
      action.payload.campaignNumber,
      action.meta.file,
    );
    yield put(editionDraftsActions.loaded(draft));
    yield* call(deps.navigate, editionDraftPath(draft.campaignNumber));
  } catch (err) {
    const error = serializeError(err);
    const problems = error.type === 'VALIDATION' ? ((error.data as SheetProblemsData | null)?.problems ?? []) : [];
    yield put(editionDraftsActions.uploadFailed({ error, problems }));
  }
}

export function* watchEditionDrafts(deps: EditionDraftsDependencies): Saga<void> {
  yield takeLatest(editionDraftsActions.listRequested.type, handleListRequested, deps);
  yield takeLeading(editionDraftsActions.createRequested.type, handleCreate, deps);
  yield takeLatest(editionDraftsActions.opened.type, handleOpened, deps);
  yield takeLeading(editionDraftsActions.publishRequested.type, handlePublish, deps);
  yield takeLeading(editionDraftsActions.discardRequested.type, handleDiscard, deps);
  yield takeLeading(editionDraftsActions.spreadsheetChosen.type, handleSpreadsheet, deps);
  yield* watchChanges(deps);
}
