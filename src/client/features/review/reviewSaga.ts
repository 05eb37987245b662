import { put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { callApi } from '../../app/apiCall.js';
import { keepOnScreen } from '../../app/callPolicies.js';
import { loadOnScreen } from '../../app/load.js';
import { PATHS } from '../../app/paths.js';
import { serializeError } from '../../api/ApiError.js';
import type { ReviewApi } from '../../api/reviewApi.js';
import type { RequestError } from '../../lib/remote.js';
import { refusalCode } from '../../lib/refusals.js';
import { call, select, type Saga } from '../../lib/typedEffects.js';
import { snackbarActions } from '../snackbar/snackbarSlice.js';
import { reviewActions } from './reviewSlice.js';
import { selectQueueQuery } from './reviewSelectors.js';

/** What the review's sagas reach outside the store. */
export interface ReviewDependencies {
  reviewApi: ReviewApi;
  navigate: (path: string) => void;
}

/** The toast of a refused decision or mark: why, in Spanish, from the server's code. */
export function reviewErrorToast(error: RequestError): string {
  const code = refusalCode(error);
  if (code === 'NOTHING_FLAGGED') return 'REVIEW.TOAST.NOTHING_FLAGGED';
  if (code === 'ANSWERS_TO_FIX') return 'REVIEW.TOAST.ANSWERS_TO_FIX';
  if (code === 'REVIEW_STATE') return 'REVIEW.TOAST.NOT_PENDING';
  if (error.type === 'VALIDATION') return 'REVIEW.TOAST.INVALID';
  return 'REVIEW.TOAST.ERROR';
}

/** The page of the queue asked: the edition chosen (the current one at first) narrowed as chosen; a newer choice cancels the load in flight. */
export function* handleQueue(deps: ReviewDependencies): Saga<void> {
  const query = yield* select(selectQueueQuery);
  yield* loadOnScreen('REVIEW.LOAD_ERROR', reviewActions.queueLoaded, reviewActions.queueFailed, deps.reviewApi.queue, query);
}

export function* handleCampaign(deps: ReviewDependencies, action: ReturnType<typeof reviewActions.campaignOpened>): Saga<void> {
  yield* loadOnScreen('REVIEW.LOAD_ERROR', reviewActions.campaignLoaded, reviewActions.campaignFailed, deps.reviewApi.campaign, action.payload);
}

export function* handleMark(deps: ReviewDependencies, action: ReturnType<typeof reviewActions.markRequested>): Saga<void> {
  const { question } = action.payload;
  try {
    const mark = yield* callApi(keepOnScreen(reviewErrorToast), deps.reviewApi.mark, action.payload);
    yield put(reviewActions.markSaved({ question, mark }));
  } catch (err) {
    yield put(reviewActions.markFailed({ question, error: serializeError(err) }));
  }
}

/** A decision taken: its toast, and back to the queue for the next campaign. */
function* decide(deps: ReviewDependencies, request: Saga<Parameters<typeof reviewActions.decided>[0]>, success: string): Saga<void> {
  try {
    const result = yield* request;
    yield put(reviewActions.decided(result));
    yield put(snackbarActions.toastShown(success, 'success'));
    yield* call(deps.navigate, PATHS.review);
  } catch (err) {
    yield put(reviewActions.decisionFailed(serializeError(err)));
  }
}

export function handleRequestChanges(deps: ReviewDependencies, action: ReturnType<typeof reviewActions.changesRequestAsked>) {
  return decide(deps, callApi(keepOnScreen(reviewErrorToast), deps.reviewApi.requestChanges, action.payload), 'REVIEW.TOAST.CHANGES_REQUESTED');
}

export function handleValidate(deps: ReviewDependencies, action: ReturnType<typeof reviewActions.validationAsked>) {
  return decide(deps, callApi(keepOnScreen(reviewErrorToast), deps.reviewApi.validate, action.payload), 'REVIEW.TOAST.VALIDATED');
}

export function* watchReview(deps: ReviewDependencies): Saga<void> {
  const queueAsked = [reviewActions.queueOpened, reviewActions.editionChosen, reviewActions.filtersChanged, reviewActions.pageChosen].map((a) => a.type);
  yield takeLatest(queueAsked, handleQueue, deps);
  yield takeLatest(reviewActions.campaignOpened.type, handleCampaign, deps);
  // Marks of different questions go at once; the server takes them in turn on the campaign's row.
  yield takeEvery(reviewActions.markRequested.type, handleMark, deps);
  yield takeLeading([reviewActions.changesRequestAsked.type], handleRequestChanges, deps);
  yield takeLeading([reviewActions.validationAsked.type], handleValidate, deps);
}
