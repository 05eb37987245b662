import { call, put, select, takeEvery, takeLatest, type Effect } from 'redux-saga/effects';
import { apiCallHandling } from '../../api/apiCall.js';
import { KEEP_ON_SCREEN, load } from '../../api/load.js';
import { serializeError } from '../../api/ApiError.js';
import type { ResultsDependencies } from '../results/resultsSaga.js';
import type { RootState } from '../../app/rootReducer.js';
import type { ComparisonResponse } from '../../../shared/api/results.js';
import { comparisonsActions } from './comparisonsSlice.js';

/** The comparison sagas need what the report sagas need. */
export type ComparisonsDependencies = Pick<ResultsDependencies, 'resultsApi' | 'navigate'>;

const TOAST = 'COMPARISONS.TOAST.LOAD_ERROR';

/** Choosing an entity opens its last sent campaign (the last in its list). */
export function* handleEntityChosen(deps: ComparisonsDependencies, action: ReturnType<typeof comparisonsActions.entityChosen>): Generator<Effect, void, unknown> {
  const campaigns = (yield select((state: RootState) => state.results.options.items.find((e) => e.entityId === action.payload)?.campaigns ?? [])) as { id: number }[];
  const last = campaigns.at(-1);
  // An entity with no sent campaign yet: the page says so.
  yield call(deps.navigate, last ? `/comparisons/${last.id}` : '/comparisons');
}

export function* handleCampaignOpened(deps: ComparisonsDependencies, action: ReturnType<typeof comparisonsActions.campaignOpened>): Generator<Effect, void, unknown> {
  const id = action.payload;
  if (id === null) return;
  yield* load(() => apiCallHandling(KEEP_ON_SCREEN, deps.resultsApi.comparison, id), comparisonsActions.comparisonLoaded, comparisonsActions.comparisonFailed, TOAST);
}

/** A shared link's comparison, read with its own token; a broken link fails without a toast. */
export function* handleSharedLinkOpened(deps: ComparisonsDependencies, action: ReturnType<typeof comparisonsActions.sharedLinkOpened>): Generator<Effect, void, unknown> {
  const token = action.payload;
  try {
    const id = (yield call(deps.resultsApi.sharedCampaign, token)) as number;
    yield put(comparisonsActions.comparisonLoaded((yield call(deps.resultsApi.comparison, token, id)) as ComparisonResponse));
  } catch (err) {
    yield put(comparisonsActions.comparisonFailed(serializeError(err)));
  }
}

export function* watchComparisons(deps: ComparisonsDependencies): Generator<Effect, void, unknown> {
  yield takeEvery(comparisonsActions.entityChosen.type, handleEntityChosen, deps);
  yield takeLatest(comparisonsActions.campaignOpened.type, handleCampaignOpened, deps);
  yield takeLatest(comparisonsActions.sharedLinkOpened.type, handleSharedLinkOpened, deps);
}
