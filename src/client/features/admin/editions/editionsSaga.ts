import { put, takeLatest, takeLeading } from 'redux-saga/effects';
import { callApi } from '../../../app/apiCall.js';
import { errorPage, handling, keepOnScreen, KEPT_ON_SCREEN } from '../../../app/callPolicies.js';
import { load, loadOnScreen } from '../../../app/load.js';
import { ApiError, serializeError } from '../../../api/ApiError.js';
import { EDITION_FILE_MAX_BYTES } from '../../../../shared/constants.js';
import { call, type Saga } from '../../../lib/typedEffects.js';
import type { EditionsApi } from '../../../api/editionsApi.js';
import type { PublicationApi } from '../../../api/publicationApi.js';
import { editionsActions } from './editionsSlice.js';
import { editionFailureToast, meansFailureToast, otherMeansFrom, publishFailureToast, publishFinalFailureToast } from './editionsSelectors.js';
import { isEditionFinal } from '../../../lib/refusals.js';
import { snackbarActions } from '../../snackbar/snackbarSlice.js';
import { alertsActions } from '../../alerts/alertsSlice.js';
import { askToConfirm, confirmedChange } from '../../../app/confirmedChange.js';

/** What the edition sagas reach outside the store. */
export interface EditionsDependencies {
  editionsApi: EditionsApi;
  publicationApi: PublicationApi;
  download: (fileName: string, content: Blob, type: string) => void;
}

/** A file over the server's limit is refused on screen too (413), without sending it. */
const UPLOAD_POLICY = handling([...KEPT_ON_SCREEN, 'PAYLOAD_TOO_LARGE'], editionFailureToast);

/** The file being previewed, kept for the import (a File is not state). */
interface ChosenFile {
  file: Blob | null;
}

export function handleListRequested(deps: EditionsDependencies) {
  return load(callApi(errorPage('EDITIONS.TOAST.LOAD_ERROR'), deps.editionsApi.list), editionsActions.listLoaded, editionsActions.listFailed);
}

/** Checks the chosen file on the server: the preview, or its problems (422), kept on screen. */
export function handleFileChosen(deps: EditionsDependencies, chosen: ChosenFile, action: ReturnType<typeof editionsActions.fileChosen>) {
  chosen.file = action.meta.file;
  if (action.meta.file.size > EDITION_FILE_MAX_BYTES) {
    return load(tooLarge(), editionsActions.previewLoaded, editionsActions.previewFailed);
  }
  return load(callApi(UPLOAD_POLICY, deps.editionsApi.preview, action.meta.file), editionsActions.previewLoaded, editionsActions.previewFailed);
}

/** 'Importar edición' asks first, saying what importing the year changes; its confirmation imports. */
export function* handleImportAsked(action: ReturnType<typeof editionsActions.importAsked>): Saga<void> {
  const year = String(action.payload.year);
  yield put(
    askToConfirm({
      title: 'EDITIONS.IMPORT_CONFIRM.TITLE',
      message: 'EDITIONS.IMPORT_CONFIRM.MESSAGE',
      values: { year },
      action: editionsActions.importRequested(),
      confirmLabel: 'EDITIONS.IMPORT',
      danger: false,
    }),
  );
}

/**
 * 'Cambiar' beside an edition's means asks first, spelling out what the other rule does to the edition's reports
 * with its figures (how many campaigns are sent and validated); its confirmation changes it.
 */
export function* handleMeansFromAsked(action: ReturnType<typeof editionsActions.meansFromAsked>): Saga<void> {
  const edition = action.payload;
  const meansFrom = otherMeansFrom(edition.meansFrom);
  yield put(
    askToConfirm({
      title: 'EDITIONS.MEANS_CONFIRM.TITLE',
      message: `EDITIONS.MEANS_CONFIRM.${meansFrom}`,
      values: { year: String(edition.year), sent: edition.campaigns.sent, validated: edition.campaigns.validated },
      action: editionsActions.meansFromRequested({ campaignNumber: edition.year, meansFrom }),
      confirmLabel: 'EDITIONS.MEANS_CONFIRM.CONFIRM',
      danger: false,
    }),
  );
}

/** Changes the edition's means' rule (the dialog spins meanwhile); its row is replaced by the server's. */
export function* handleMeansFromRequested(deps: EditionsDependencies, action: ReturnType<typeof editionsActions.meansFromRequested>): Saga<void> {
  yield* confirmedChange(
    {
      success: 'EDITIONS.TOAST.MEANS_SAVED',
      successValues: (row) => ({ year: String(row.year) }),
      failure: meansFailureToast,
      done: editionsActions.editionSaved,
    },
    deps.editionsApi.settings,
    action.payload,
  );
}

/** Publishes the edition's provisional results (the dialog spins meanwhile; a refusal keeps it open with its date and says why). */
export function* handlePublish(deps: EditionsDependencies, action: ReturnType<typeof editionsActions.publishRequested>): Saga<void> {
  try {
    const publication = yield* callApi(keepOnScreen(publishFailureToast), deps.editionsApi.publishProvisional, action.payload);
    yield put(editionsActions.published(publication));
    yield put(snackbarActions.toastShown('EDITIONS.TOAST.PUBLISHED', 'success', { year: String(publication.campaignNumber) }));
  } catch (err) {
    yield put(editionsActions.publishFailed(serializeError(err)));
  }
}

/**
 * Publishes the edition's results as final (the dialog spins meanwhile). Refused while something is still open, the
 * dialog stays and lists it; final already (another administrator's publication), the list is read again to say so.
 */
export function* handlePublishFinal(deps: EditionsDependencies, action: ReturnType<typeof editionsActions.finalPublishRequested>): Saga<void> {
  try {
    const publication = yield* callApi(keepOnScreen(publishFinalFailureToast), deps.editionsApi.publishFinal, action.payload);
    yield put(editionsActions.finalPublished(publication));
    yield put(snackbarActions.toastShown('EDITIONS.TOAST.FINAL_PUBLISHED', 'success', { year: String(publication.campaignNumber) }));
  } catch (err) {
    const error = serializeError(err);
    yield put(editionsActions.finalPublishFailed(error));
    if (isEditionFinal(error)) yield put(editionsActions.listRequested());
  }
}

export function handleSealOpened(deps: EditionsDependencies, action: ReturnType<typeof editionsActions.sealOpened>) {
  return loadOnScreen(
    'EDITIONS.TOAST.SEAL_LOAD_ERROR',
    editionsActions.sealLoaded,
    editionsActions.sealLoadFailed,
    deps.publicationApi.thresholds,
    action.payload,
  );
}

/** Saves an edition's seal thresholds (the dialog spins meanwhile; refused, it stays open with what was typed and the toast says why). */
export function* handleSealSave(deps: EditionsDependencies, action: ReturnType<typeof editionsActions.sealSaveRequested>): Saga<void> {
  const { campaignNumber, thresholds } = action.payload;
  try {
    yield* callApi(keepOnScreen('EDITIONS.TOAST.SEAL_ERROR'), deps.publicationApi.setThresholds, campaignNumber, thresholds);
    yield put(editionsActions.sealSaved());
    yield put(snackbarActions.toastShown('EDITIONS.TOAST.SEAL_SAVED', 'success', { year: String(campaignNumber) }));
  } catch (err) {
    yield put(editionsActions.sealSaveFailed(serializeError(err)));
  }
}

/** Imports the previewed file (the server checks it again; the dialog spins meanwhile), says what happened, then lists the editions again. */
export function* handleImport(deps: EditionsDependencies, chosen: ChosenFile): Saga<void> {
  if (!chosen.file) return;
  yield put(alertsActions.alertLoading(true));
  try {
    const edition = yield* callApi(UPLOAD_POLICY, deps.editionsApi.import, chosen.file);
    chosen.file = null;
    yield put(editionsActions.imported(edition));
    yield put(snackbarActions.toastShown('EDITIONS.TOAST.IMPORTED', 'success', { year: String(edition.year) }));
    yield put(editionsActions.listRequested());
  } catch (err) {
    yield put(editionsActions.importFailed(serializeError(err)));
  } finally {
    yield put(alertsActions.alertHidden());
  }
}

/** 'Descargar en Excel': the edition's spreadsheet read with the session's token, then saved under the server's name. */
export function* handleSpreadsheetRequested(deps: EditionsDependencies, action: ReturnType<typeof editionsActions.spreadsheetRequested>): Saga<void> {
  try {
    const file = yield* callApi(keepOnScreen('EDITIONS.TOAST.SPREADSHEET_ERROR'), deps.editionsApi.spreadsheet, action.payload);
    yield* call(deps.download, file.name, file.blob, file.blob.type);
  } catch {
    // callApi showed the toast.
  } finally {
    yield put(editionsActions.spreadsheetFinished());
  }
}

/** What the server would answer to a file over its limit, said before sending it. */
function* tooLarge(): Saga<never> {
  yield put(snackbarActions.toastShown('EDITIONS.TOAST.TOO_LARGE'));
  throw new ApiError('PAYLOAD_TOO_LARGE', 413);
}

export function* watchEditions(deps: EditionsDependencies): Saga<void> {
  const chosen: ChosenFile = { file: null };
  yield takeLatest(editionsActions.listRequested.type, handleListRequested, deps);
  yield takeLatest(editionsActions.fileChosen.type, handleFileChosen, deps, chosen);
  yield takeLeading(editionsActions.importAsked.type, handleImportAsked);
  yield takeLeading(editionsActions.meansFromAsked.type, handleMeansFromAsked);
  yield takeLeading(editionsActions.meansFromRequested.type, handleMeansFromRequested, deps);
  yield takeLeading(editionsActions.importRequested.type, handleImport, deps, chosen);
  yield takeLeading(editionsActions.publishRequested.type, handlePublish, deps);
  yield takeLeading(editionsActions.finalPublishRequested.type, handlePublishFinal, deps);
  yield takeLatest(editionsActions.sealOpened.type, handleSealOpened, deps);
  yield takeLeading(editionsActions.sealSaveRequested.type, handleSealSave, deps);
  yield takeLeading(editionsActions.spreadsheetRequested.type, handleSpreadsheetRequested, deps);
  yield takeLatest(editionsActions.uploadCancelled.type, () => {
    chosen.file = null;
  });
}
