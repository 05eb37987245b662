import { put, takeEvery, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../app/apiCall.js';
import { keepOnScreen, sharedLink } from '../../app/callPolicies.js';
import { load } from '../../app/load.js';
import { serializeError } from '../../api/ApiError.js';
import { call, select, type Saga } from '../../lib/typedEffects.js';
import { openSharedLink, type ResultsDependencies } from '../results/resultsSaga.js';
import type { RootState } from '../../app/rootReducer.js';
import { comparisonsActions } from './comparisonsSlice.js';

/** The comparison sagas need what the report sagas need. */
export type ComparisonsDependencies = Pick<ResultsDependencies, 'resultsApi' | 'navigate' | 'session'>;

const TOAST = 'COMPARISONS.TOAST.LOAD_ERROR';

/** Choosing an entity opens its last sent campaign (the last in its list). */
export function* handleEntityChosen(deps: ComparisonsDependencies, action: ReturnType<typeof comparisonsActions.entityChosen>): Saga<void> {
  const campaigns = yield* select((state: RootState) => state.results.options.items.find((e) => e.entityId === action.payload)?.campaigns ?? []);
  const last = campaigns.at(-1);
  // An entity with no sent campaign stays chosen, and the page says so.
  if (last) yield* call(deps.navigate, `/comparisons/${last.id}`);
}

export function* handleCampaignOpened(deps: ComparisonsDependencies, action: ReturnType<typeof comparisonsActions.campaignOpened>): Saga<void> {
  const id = action.payload;
  if (id === null) return;
  yield* load(callApi(keepOnScreen(TOAST), deps.resultsApi.comparison, id), comparisonsActions.comparisonLoaded, comparisonsActions.comparisonFailed);
}

/** A shared link's comparison, read with its own token (from the session holder); a broken link fails without a toast. */
export function* handleSharedLinkOpened(deps: ComparisonsDependencies): Saga<void> {
  let link: { token: string; id: number };
  try {
    link = yield* openSharedLink(deps);
  } catch (err) {
    yield put(comparisonsActions.comparisonFailed(serializeError(err)));
    return;
  }
  const { token, id } = link;
  yield* load(callApi(sharedLink(token, TOAST), deps.resultsApi.comparison, id), comparisonsActions.comparisonLoaded, comparisonsActions.comparisonFailed);
}

/** Whichever opened last wins: a slower earlier load never overwrites the comparison on screen. */
function* handleOpened(deps: ComparisonsDependencies, action: ReturnType<typeof comparisonsActions.campaignOpened> | ReturnType<typeof comparisonsActions.sharedLinkOpened>) {
  if (comparisonsActions.sharedLinkOpened.match(action)) yield* handleSharedLinkOpened(deps);
  else yield* handleCampaignOpened(deps, action);
}

export function* watchComparisons(deps: ComparisonsDependencies): Saga<void> {
  yield takeEvery(comparisonsActions.entityChosen.type, handleEntityChosen, deps);
  yield takeLatest([comparisonsActions.campaignOpened.type, comparisonsActions.sharedLinkOpened.type], handleOpened, deps);
}
