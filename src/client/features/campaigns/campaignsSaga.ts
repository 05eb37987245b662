import { fork, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { callApi } from '../../app/apiCall.js';
import { errorPage, keepOnScreen } from '../../app/callPolicies.js';
import { load } from '../../app/load.js';
import { askToConfirm, confirmedChange } from '../../app/confirmedChange.js';
import {
  autosaveAnswers,
  handleEvidenceDownloadRequested,
  handleEvidenceLinkRequested,
  handleEvidenceRemoveRequested,
  handleHistoryRequested,
  handleEvidenceUploadRequested,
  handleSubmitAsked,
} from './answersSaga.js';
import { serializeError } from '../../api/ApiError.js';
import type { CampaignsApi, ReferenceApi } from '../../api/campaignsApi.js';
import { call, select, type Saga } from '../../lib/typedEffects.js';
import { campaignsActions } from './campaignsSlice.js';
import { referenceActions } from '../reference/referenceSlice.js';
import { snackbarActions } from '../snackbar/snackbarSlice.js';
import { selectRole } from '../auth/authSelectors.js';
import { selectLanguage } from '../locale/localeSelectors.js';
import { createErrorToast } from './campaignsSelectors.js';
import { answerErrorToast } from '../campaignCycle/campaignCycleSelectors.js';
import type { RootState } from '../../app/rootReducer.js';
import type { EntityCampaigns, EVIDENCE_MISSING, PREFILL_UNCONFIRMED } from '../../../shared/api/campaigns.js';
import { dataCode, type RequestError } from '../../lib/remote.js';
import type { DownloadContent } from '../../lib/browser.js';

const toast = snackbarActions.toastShown;

/** What the campaign sagas reach outside the store. */
export interface CampaignsDependencies {
  campaignsApi: CampaignsApi;
  referenceApi: ReferenceApi;
  navigate: (path: string) => void;
  download: (fileName: string, content: DownloadContent, type: string) => void;
}

export function handleMineRequested(deps: CampaignsDependencies) {
  return load(callApi(errorPage('CAMPAIGNS.TOAST.LOAD_LIST_ERROR'), deps.campaignsApi.all), campaignsActions.mineLoaded, campaignsActions.mineFailed);
}

export function handleStatusRequested(deps: CampaignsDependencies) {
  return load(callApi(errorPage('CAMPAIGNS.TOAST.LOAD_LIST_ERROR'), deps.campaignsApi.status), campaignsActions.statusLoaded, campaignsActions.statusFailed);
}

export function handleQuestionnaireRequested(deps: CampaignsDependencies, action: ReturnType<typeof campaignsActions.questionnaireRequested>) {
  const request = callApi(errorPage('CAMPAIGNS.TOAST.LOAD_CAMPAIGN_ERROR'), deps.campaignsApi.get, action.payload);
  return load(request, campaignsActions.questionnaireLoaded, campaignsActions.questionnaireFailed);
}

// The codes are typed from the contract; the client imports no value from it (docs in src/shared/api/schema.ts).
const evidenceMissing: typeof EVIDENCE_MISSING = 'EVIDENCE_MISSING';
const prefillUnconfirmed: typeof PREFILL_UNCONFIRMED = 'PREFILL_UNCONFIRMED';

/** Why the server refused to send: evidence missing or copies unconfirmed (another user's change meanwhile), the dates, or else. */
const submitErrorToast = (error: RequestError) => {
  const code = error.type === 'VALIDATION' ? dataCode(error) : undefined;
  if (code === evidenceMissing) return 'CAMPAIGNS.TOAST.SUBMIT_EVIDENCE_MISSING';
  if (code === prefillUnconfirmed) return 'CAMPAIGNS.TOAST.SUBMIT_UNCONFIRMED';
  return answerErrorToast('CAMPAIGNS.TOAST.SUBMIT_ERROR')(error);
};

/** Confirmed: the dialog spins while it is sent, then 'Cuestionario enviado' (and the results), or the failure toast. */
export function handleSubmitConfirmed(deps: CampaignsDependencies, action: ReturnType<typeof campaignsActions.submitConfirmed>) {
  const outcome = { success: 'CAMPAIGNS.TOAST.SUBMITTED', failure: submitErrorToast, done: campaignsActions.submitted };
  return confirmedChange(outcome, deps.campaignsApi.submit, action.payload);
}

/** 'Partir de las respuestas de…': copied, the questionnaire is read again to show the copies to confirm. */
export function* handlePrefillRequested(deps: CampaignsDependencies, action: ReturnType<typeof campaignsActions.prefillRequested>): Saga<void> {
  try {
    const result = yield* callApi(keepOnScreen(answerErrorToast('QUESTIONNAIRE.PREFILL.ERROR')), deps.campaignsApi.prefill, action.payload);
    yield put(campaignsActions.prefillDone(result));
    yield put(campaignsActions.questionnaireRequested(action.payload));
  } catch (err) {
    yield put(campaignsActions.prefillFailed(serializeError(err)));
  }
}

/** A sent campaign's user goes to its results (spec section 4). */
export function* handleSubmitted(deps: CampaignsDependencies, action: ReturnType<typeof campaignsActions.submitted>): Saga<void> {
  yield* call(deps.navigate, `/results/${action.payload.campaign.id}`);
}

/**
 * After creating, ADMIN goes straight to the questionnaire; FEC stays on the status page (spec section 4). A refusal
 * because the entity has its campaign already says so, and the status rows reload so that the dialog leaves it out.
 */
export function* handleCreate(deps: CampaignsDependencies, action: ReturnType<typeof campaignsActions.createRequested>): Saga<void> {
  try {
    const { campaign } = yield* callApi(keepOnScreen(createErrorToast), deps.campaignsApi.create, action.payload);
    yield put(campaignsActions.created(campaign));
    yield put(toast('CAMPAIGNS.TOAST.CREATED', 'success'));
    if ((yield* select(selectRole)) === 'ADMIN') yield* call(deps.navigate, `/my-campaigns/${campaign.id}`);
    else yield put(campaignsActions.statusRequested());
  } catch (err) {
    const error = serializeError(err);
    yield put(campaignsActions.createFailed(error));
    if (error.type === 'CONFLICT') yield put(campaignsActions.statusRequested());
  }
}

/** Deleting asks first (spec section 9: confirmation dialogs). */
export function* handleDeleteAsked(action: ReturnType<typeof campaignsActions.deleteAsked>): Saga<void> {
  yield put(
    askToConfirm({
      title: 'CAMPAIGNS.DELETE.TITLE',
      message: 'CAMPAIGNS.DELETE.MESSAGE',
      values: { entity: action.payload.entity, year: action.payload.year },
      action: campaignsActions.deleteConfirmed(action.payload.id),
    }),
  );
}

export function handleDeleteConfirmed(deps: CampaignsDependencies, action: ReturnType<typeof campaignsActions.deleteConfirmed>) {
  const outcome = { success: 'CAMPAIGNS.TOAST.DELETED', failure: 'CAMPAIGNS.TOAST.DELETE_ERROR', done: () => campaignsActions.deleted(action.payload) };
  return confirmedChange(outcome, deps.campaignsApi.remove, action.payload);
}

export function handleEntityOptionsRequested(deps: CampaignsDependencies) {
  const options = ({ entityCampaigns }: EntityCampaigns) =>
    campaignsActions.entityOptionsLoaded(entityCampaigns.map(({ entityId, text, archived }) => ({ entityId, text, archived })));
  return load(callApi(errorPage('CAMPAIGNS.TOAST.LOAD_ANSWERS_ERROR'), deps.campaignsApi.getByUser, true), options, campaignsActions.entityOptionsFailed);
}

/** Communities load once per session. */
export function* handleCommunitiesRequested(deps: CampaignsDependencies): Saga<void> {
  const loaded = yield* select((state: RootState) => state.reference.communities.status === 'succeeded' && state.reference.communities.items.length > 0);
  if (loaded) return;
  yield* load(
    callApi(errorPage('CAMPAIGNS.TOAST.LOAD_FILTERS_ERROR'), deps.referenceApi.communities),
    referenceActions.communitiesLoaded,
    referenceActions.communitiesFailed,
  );
}

/**
 * A whole edition as CSV or Excel (ADMIN, FEC), in the interface's language: read with the session's token, then
 * saved under the server's name.
 */
export function* handleEditionExportRequested(
  deps: Pick<CampaignsDependencies, 'campaignsApi' | 'download'>,
  action: ReturnType<typeof campaignsActions.editionExportRequested>,
): Saga<void> {
  try {
    const language = yield* select(selectLanguage);
    const file = yield* callApi(keepOnScreen('CAMPAIGNS.TOAST.EXPORT_ERROR'), deps.campaignsApi.exportEdition, { language, ...action.payload });
    yield* call(deps.download, file.name, file.blob, file.blob.type);
  } catch {
    // callApi showed the toast.
  } finally {
    yield put(campaignsActions.editionExportFinished());
  }
}

export function* watchCampaigns(deps: CampaignsDependencies): Saga<void> {
  yield takeLatest(campaignsActions.mineRequested.type, handleMineRequested, deps);
  yield takeLatest(campaignsActions.statusRequested.type, handleStatusRequested, deps);
  yield takeLeading(campaignsActions.editionExportRequested.type, handleEditionExportRequested, deps);
  yield takeLatest(campaignsActions.questionnaireRequested.type, handleQuestionnaireRequested, deps);
  yield fork(autosaveAnswers, deps.campaignsApi);
  yield takeLeading(campaignsActions.submitAsked.type, handleSubmitAsked);
  yield takeLeading(campaignsActions.prefillRequested.type, handlePrefillRequested, deps);
  yield takeEvery(campaignsActions.evidenceLinkRequested.type, handleEvidenceLinkRequested, deps.campaignsApi);
  yield takeEvery(campaignsActions.evidenceUploadRequested.type, handleEvidenceUploadRequested, deps.campaignsApi);
  yield takeEvery(campaignsActions.evidenceDownloadRequested.type, handleEvidenceDownloadRequested, deps);
  yield takeEvery(campaignsActions.evidenceRemoveRequested.type, handleEvidenceRemoveRequested, deps.campaignsApi);
  yield takeEvery(campaignsActions.historyRequested.type, handleHistoryRequested, deps.campaignsApi);
  yield takeLeading(campaignsActions.submitConfirmed.type, handleSubmitConfirmed, deps);
  yield takeEvery(campaignsActions.submitted.type, handleSubmitted, deps);
  yield takeLeading(campaignsActions.createRequested.type, handleCreate, deps);
  yield takeEvery(campaignsActions.deleteAsked.type, handleDeleteAsked);
  yield takeLeading(campaignsActions.deleteConfirmed.type, handleDeleteConfirmed, deps);
  yield takeLatest(campaignsActions.entityOptionsRequested.type, handleEntityOptionsRequested, deps);
  yield takeLeading(referenceActions.communitiesRequested.type, handleCommunitiesRequested, deps);
}
