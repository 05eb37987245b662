import { put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { callApi } from '../../app/apiCall.js';
import { keepOnScreen, sharedLink } from '../../app/callPolicies.js';
import { load, loadOnScreen } from '../../app/load.js';
import { serializeError } from '../../api/ApiError.js';
import type { CampaignCycleApi } from '../../api/campaignCycleApi.js';
import { select, type Saga } from '../../lib/typedEffects.js';
import type { RootState } from '../../app/rootReducer.js';
import { campaignCycleActions } from './campaignCycleSlice.js';
import { campaignsActions } from '../campaigns/campaignsSlice.js';
import { resultsActions } from '../results/resultsSlice.js';
import { openSharedLink, type ResultsDependencies } from '../results/resultsSaga.js';
import { snackbarActions } from '../snackbar/snackbarSlice.js';
import { changeErrorToast, isDeadlineRefusal } from './campaignCycleSelectors.js';
import { selectShownEditionId } from '../campaigns/campaignsSelectors.js';

/** What the deadline and reopening sagas reach outside the store. */
export interface CampaignCycleDependencies {
  campaignCycleApi: CampaignCycleApi;
}

type Deps = CampaignCycleDependencies & Pick<ResultsDependencies, 'resultsApi' | 'session'>;

/** The dates of the edition the status page shows (its deadline card). */
export function* handleEditionDeadlineRequested(deps: Deps): Saga<void> {
  const editionId = yield* select(selectShownEditionId);
  yield* loadOnScreen(
    'DEADLINE.TOAST.LOAD_ERROR',
    campaignCycleActions.editionDeadlineLoaded,
    campaignCycleActions.editionDeadlineFailed,
    deps.campaignCycleApi.editionDeadline,
    editionId,
  );
}

/** The questionnaire's dates load beside it (and again when a save is refused for them: the page turns read-only). */
export function* handleCampaignDeadline(deps: Deps, id: number): Saga<void> {
  yield put(campaignCycleActions.campaignDeadlineRequested(id));
  yield* loadOnScreen(
    undefined,
    campaignCycleActions.campaignDeadlineLoaded,
    campaignCycleActions.campaignDeadlineFailed,
    deps.campaignCycleApi.campaignDeadline,
    id,
  );
}

/** A save refused for the dates: the questionnaire's dates again, so that the page says why and turns read-only. */
export function* handleDeadlineRefusal(deps: Deps): Saga<void> {
  const id = yield* select((state: RootState) => state.campaigns.questionnaire.campaign?.id);
  if (id !== undefined) yield* handleCampaignDeadline(deps, id);
}

/** One change of the status page: its toast, the new figures, and for a reopening the table again. */
function* change<R>(request: Saga<R>, success: string, edition: (result: R) => ReturnType<typeof campaignCycleActions.changeSucceeded>['payload']): Saga<void> {
  try {
    const result = yield* request;
    yield put(campaignCycleActions.changeSucceeded(edition(result)));
    yield put(snackbarActions.toastShown(success, 'success'));
  } catch (err) {
    yield put(campaignCycleActions.changeFailed(serializeError(err)));
  }
}

export function handleDeadlineSet(deps: Deps, action: ReturnType<typeof campaignCycleActions.deadlineSetRequested>) {
  return change(callApi(keepOnScreen(changeErrorToast), deps.campaignCycleApi.setDeadline, action.payload), 'DEADLINE.TOAST.SAVED', (r) => r);
}

/** An extension in the edition whose dates the card shows. */
export function* handleExtension(deps: Deps, action: ReturnType<typeof campaignCycleActions.extensionRequested>): Saga<void> {
  const editionId = yield* select((state: RootState) => state.campaignCycle.edition.deadline?.editionId);
  yield* change(
    callApi(keepOnScreen(changeErrorToast), deps.campaignCycleApi.extendDeadline, { ...action.payload, ...(editionId === undefined ? {} : { editionId }) }),
    'DEADLINE.TOAST.EXTENDED',
    (r) => r,
  );
}

export function* handleReopen(deps: Deps, action: ReturnType<typeof campaignCycleActions.reopenRequested>): Saga<void> {
  yield* change(
    callApi(keepOnScreen(changeErrorToast), deps.campaignCycleApi.reopen, action.payload.id, action.payload.reason),
    'REOPEN.TOAST.DONE',
    () => null,
  );
  yield put(campaignsActions.statusRequested());
  yield put(campaignCycleActions.editionDeadlineRequested());
}

/** A report's reopenings: with the session, or with the shared link's token (which also says if the link predates them). */
export function* handleReportOpened(deps: Deps, action: ReturnType<typeof resultsActions.campaignOpened>): Saga<void> {
  if (action.payload === null) return;
  yield put(campaignCycleActions.reopeningsRequested(action.payload));
  yield* loadOnScreen(
    undefined,
    campaignCycleActions.reopeningsLoaded,
    campaignCycleActions.reopeningsFailed,
    deps.campaignCycleApi.reopenings,
    action.payload,
  );
}

export function* handleSharedReportOpened(deps: Deps): Saga<void> {
  try {
    const { token, id } = yield* openSharedLink(deps);
    yield put(campaignCycleActions.reopeningsRequested(id));
    yield* load(callApi(sharedLink(token), deps.campaignCycleApi.reopenings, id), campaignCycleActions.reopeningsLoaded, campaignCycleActions.reopeningsFailed);
  } catch (err) {
    // The report says the link is broken; the history has nothing to add.
    yield put(campaignCycleActions.reopeningsFailed(serializeError(err)));
  }
}

export function* watchCampaignCycle(deps: Deps): Saga<void> {
  yield takeLatest(campaignCycleActions.editionDeadlineRequested.type, handleEditionDeadlineRequested, deps);
  yield takeLeading(campaignCycleActions.deadlineSetRequested.type, handleDeadlineSet, deps);
  yield takeLeading(campaignCycleActions.extensionRequested.type, handleExtension, deps);
  yield takeLeading(campaignCycleActions.reopenRequested.type, handleReopen, deps);
  yield takeLatest(campaignsActions.questionnaireRequested.type, (action: ReturnType<typeof campaignsActions.questionnaireRequested>) =>
    handleCampaignDeadline(deps, action.payload),
  );
  yield takeLatest(
    (action: { type: string; payload?: unknown }) =>
      action.type === campaignsActions.answerSaveFailed.type &&
      isDeadlineRefusal((action as ReturnType<typeof campaignsActions.answerSaveFailed>).payload.error),
    () => handleDeadlineRefusal(deps),
  );
  yield takeLatest(resultsActions.campaignOpened.type, handleReportOpened, deps);
  yield takeEvery(resultsActions.sharedLinkOpened.type, handleSharedReportOpened, deps);
}
