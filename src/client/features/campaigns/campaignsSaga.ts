import { call, put, select, takeEvery, takeLatest, takeLeading, type Effect } from 'redux-saga/effects';
import { apiCall, apiCallHandling } from '../../api/apiCall.js';
import { KEEP_ON_SCREEN, load } from '../../api/load.js';
import { serializeError } from '../../api/ApiError.js';
import type { CampaignsApi, ReferenceApi } from '../../api/campaignsApi.js';
import { campaignsActions } from './campaignsSlice.js';
import { referenceActions } from '../reference/referenceSlice.js';
import { snackbarActions } from '../snackbar/snackbarSlice.js';
import { alertsActions } from '../alerts/alertsSlice.js';
import { selectRole } from '../auth/authSelectors.js';
import type { RootState } from '../../app/rootReducer.js';
import type { CampaignStateResponse, EntityCampaigns } from '../../../shared/api/campaigns.js';

const toast = snackbarActions.toastShown;

/** What the campaign sagas reach outside the store. */
export interface CampaignsDependencies {
  campaignsApi: CampaignsApi;
  referenceApi: ReferenceApi;
  navigate: (path: string) => void;
}

export function handleMineRequested(deps: CampaignsDependencies) {
  return load(() => apiCall(deps.campaignsApi.all), campaignsActions.mineLoaded, campaignsActions.mineFailed, 'CAMPAIGNS.TOAST.LOAD_LIST_ERROR');
}

export function handleStatusRequested(deps: CampaignsDependencies) {
  return load(() => apiCall(deps.campaignsApi.status), campaignsActions.statusLoaded, campaignsActions.statusFailed, 'CAMPAIGNS.TOAST.LOAD_LIST_ERROR');
}

export function handleQuestionnaireRequested(deps: CampaignsDependencies, action: ReturnType<typeof campaignsActions.questionnaireRequested>) {
  return load(
    () => apiCall(deps.campaignsApi.get, action.payload),
    campaignsActions.questionnaireLoaded,
    campaignsActions.questionnaireFailed,
    'CAMPAIGNS.TOAST.LOAD_CAMPAIGN_ERROR',
  );
}

export function* handleAnswerSave(deps: CampaignsDependencies, action: ReturnType<typeof campaignsActions.answerSaveRequested>): Generator<Effect, void, unknown> {
  const { campaignId, question, answer } = action.payload;
  try {
    const result = (yield* apiCallHandling(KEEP_ON_SCREEN, deps.campaignsApi.saveAnswer, campaignId, question, answer)) as CampaignStateResponse;
    yield put(campaignsActions.answerSaved({ question, answer, result }));
  } catch (err) {
    yield put(campaignsActions.answerSaveFailed({ question, error: serializeError(err) }));
    yield put(toast('CAMPAIGNS.TOAST.SAVE_ERROR'));
  }
}

export function* handleSubmit(deps: CampaignsDependencies, action: ReturnType<typeof campaignsActions.submitRequested>): Generator<Effect, void, unknown> {
  try {
    const result = (yield* apiCallHandling(KEEP_ON_SCREEN, deps.campaignsApi.submit, action.payload)) as CampaignStateResponse;
    yield put(campaignsActions.submitted(result));
    yield put(toast('CAMPAIGNS.TOAST.SUBMITTED', 'success'));
    yield call(deps.navigate, `/results/${action.payload}`);
  } catch (err) {
    yield put(campaignsActions.submitFailed(serializeError(err)));
    yield put(toast('CAMPAIGNS.TOAST.SUBMIT_ERROR'));
  }
}

/** After creating, ADMIN goes straight to the questionnaire; FEC stays on the status page (spec section 4). */
export function* handleCreate(deps: CampaignsDependencies, action: ReturnType<typeof campaignsActions.createRequested>): Generator<Effect, void, unknown> {
  try {
    const { campaign } = (yield* apiCallHandling(KEEP_ON_SCREEN, deps.campaignsApi.create, action.payload)) as { campaign: { id: number } };
    yield put(campaignsActions.created(campaign));
    yield put(toast('CAMPAIGNS.TOAST.CREATED', 'success'));
    const role = (yield select(selectRole)) as string | null;
    if (role === 'ADMIN') yield call(deps.navigate, `/my-campaigns/${campaign.id}`);
    else yield put(campaignsActions.statusRequested());
  } catch (err) {
    yield put(campaignsActions.createFailed(serializeError(err)));
    yield put(toast('CAMPAIGNS.TOAST.CREATE_ERROR'));
  }
}

/** Deleting asks first (spec section 9: confirmation dialogs). */
export function* handleDeleteAsked(action: ReturnType<typeof campaignsActions.deleteAsked>): Generator<Effect, void, unknown> {
  yield put(
    alertsActions.alertShown({
      title: 'CAMPAIGNS.DELETE.TITLE',
      message: 'CAMPAIGNS.DELETE.MESSAGE',
      values: { entity: action.payload.entity },
      confirm: { label: 'COMMON.DELETE', action: campaignsActions.deleteConfirmed(action.payload.id) },
      cancel: { label: 'COMMON.CANCEL' },
    }),
  );
}

export function* handleDeleteConfirmed(deps: CampaignsDependencies, action: ReturnType<typeof campaignsActions.deleteConfirmed>): Generator<Effect, void, unknown> {
  yield put(alertsActions.alertLoading(true));
  try {
    yield* apiCallHandling(KEEP_ON_SCREEN, deps.campaignsApi.remove, action.payload);
    yield put(campaignsActions.deleted(action.payload));
    yield put(toast('CAMPAIGNS.TOAST.DELETED', 'success'));
  } catch {
    yield put(toast('CAMPAIGNS.TOAST.DELETE_ERROR'));
  } finally {
    yield put(alertsActions.alertHidden());
  }
}

export function handleEntityOptionsRequested(deps: CampaignsDependencies) {
  return load(
    () => apiCall(deps.campaignsApi.getByUser, true),
    ({ entityCampaigns }: EntityCampaigns) => campaignsActions.entityOptionsLoaded(entityCampaigns.map(({ entityId, text }) => ({ entityId, text }))),
    campaignsActions.entityOptionsFailed,
    'CAMPAIGNS.TOAST.LOAD_ANSWERS_ERROR',
  );
}

/** Communities load once per session. */
export function* handleCommunitiesRequested(deps: CampaignsDependencies): Generator<Effect, void, unknown> {
  const loaded = (yield select((state: RootState) => state.reference.communities.status === 'succeeded' && state.reference.communities.items.length > 0)) as boolean;
  if (loaded) return;
  yield* load(() => apiCall(deps.referenceApi.communities), referenceActions.communitiesLoaded, referenceActions.communitiesFailed, 'CAMPAIGNS.TOAST.LOAD_FILTERS_ERROR');
}

export function* watchCampaigns(deps: CampaignsDependencies): Generator<Effect, void, unknown> {
  yield takeLatest(campaignsActions.mineRequested.type, handleMineRequested, deps);
  yield takeLatest(campaignsActions.statusRequested.type, handleStatusRequested, deps);
  yield takeLatest(campaignsActions.questionnaireRequested.type, handleQuestionnaireRequested, deps);
  yield takeEvery(campaignsActions.answerSaveRequested.type, handleAnswerSave, deps);
  yield takeLeading(campaignsActions.submitRequested.type, handleSubmit, deps);
  yield takeLeading(campaignsActions.createRequested.type, handleCreate, deps);
  yield takeEvery(campaignsActions.deleteAsked.type, handleDeleteAsked);
  yield takeLeading(campaignsActions.deleteConfirmed.type, handleDeleteConfirmed, deps);
  yield takeLatest(campaignsActions.entityOptionsRequested.type, handleEntityOptionsRequested, deps);
  yield takeLeading(referenceActions.communitiesRequested.type, handleCommunitiesRequested, deps);
}
