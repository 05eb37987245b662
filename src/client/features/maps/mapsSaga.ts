import { put, takeEvery, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../app/apiCall.js';
import { keepOnScreen, sharedLink } from '../../app/callPolicies.js';
import { loadOnScreen } from '../../app/load.js';
import { serializeError } from '../../api/ApiError.js';
import type { MapsApi } from '../../api/mapsApi.js';
import { select, type Saga } from '../../lib/typedEffects.js';
import type { RootState } from '../../app/rootReducer.js';
import { mapsActions } from './mapsSlice.js';
import { campaignsActions, mayChangeShownEdition } from '../campaigns/campaignsSlice.js';
import { selectStatusEditions } from '../campaigns/campaignsSelectors.js';
import { resultsActions } from '../results/resultsSlice.js';
import { openSharedLink, type ResultsDependencies } from '../results/resultsSaga.js';

/** What the maps' sagas reach outside the store. */
export interface MapsDependencies extends Pick<ResultsDependencies, 'resultsApi' | 'session'> {
  mapsApi: MapsApi;
}

/** The status page's participation; a failure leaves the map's place to a message (the table has its own toast). */
export function* handleParticipationRequested(deps: MapsDependencies, action: ReturnType<typeof mapsActions.participationRequested>): Saga<void> {
  yield* loadOnScreen(undefined, mapsActions.participationLoaded, mapsActions.participationFailed, deps.mapsApi.participation, action.payload);
}

type StatusAction = ReturnType<
  typeof campaignsActions.statusLoaded | typeof campaignsActions.statusFailed | typeof campaignsActions.deleted | typeof campaignsActions.statusViewChanged
>;

/**
 * The status page's map follows its rows and its edition: whenever the rows load (the page opens, or an action
 * reloads them: a reopening, an opening, a creation, a deletion) or another edition is chosen, the participation of
 * the edition the page shows is loaded again.
 */
export function* refreshParticipation(action: StatusAction): Saga<void> {
  if (!mayChangeShownEdition(action)) return;
  const editionId = (yield* select((state: RootState) => selectStatusEditions(state).chosen?.editionId)) ?? null;
  yield put(mapsActions.participationRequested(editionId));
}

/** Each province's municipalities, one call each (a shared link with its own token). */
function* loadBoundaries(deps: MapsDependencies, provinceIds: readonly string[], token: string | undefined): Saga<void> {
  for (const provinceId of provinceIds) {
    try {
      const request = token ? callApi(sharedLink(token), deps.mapsApi.boundaries, provinceId) : callApi(keepOnScreen(), deps.mapsApi.boundaries, provinceId);
      yield put(mapsActions.boundariesLoaded(yield* request));
    } catch (err) {
      yield put(mapsActions.boundariesFailed({ provinceId, error: serializeError(err) }));
    }
  }
}

/** Boundaries a signed-in page asked for (the entity form). */
export function* handleBoundariesRequested(deps: MapsDependencies, action: ReturnType<typeof mapsActions.boundariesRequested>): Saga<void> {
  // Those boundariesRequested marked loading: not the ones loaded or on their way already.
  const boundaries = yield* select((state: RootState) => state.maps.boundaries);
  const pending = action.payload.filter((id) => boundaries[id]?.status === 'loading' && boundaries[id]?.data === null);
  yield* loadBoundaries(deps, pending, undefined);
}

/** A result's maps: the edition's means per province, then the entity's province's municipalities (a shared link with its own token). */
export function* handleResultOpened(
  deps: MapsDependencies,
  action: ReturnType<typeof resultsActions.campaignOpened> | ReturnType<typeof resultsActions.sharedLinkOpened>,
): Saga<void> {
  let token: string | undefined;
  let id: number | null;
  try {
    if (resultsActions.sharedLinkOpened.match(action)) ({ token, id } = yield* openSharedLink(deps));
    else id = action.payload;
    if (id === null) return;
    const map = yield* token ? callApi(sharedLink(token), deps.mapsApi.resultMap, id) : callApi(keepOnScreen(), deps.mapsApi.resultMap, id);
    yield put(mapsActions.resultMapLoaded(map));
    const known = yield* select((state: RootState) => state.maps.boundaries[map.provinceId]);
    if (known?.status !== 'succeeded') yield* loadBoundaries(deps, [map.provinceId], token);
  } catch (err) {
    yield put(mapsActions.resultMapFailed(serializeError(err)));
  }
}

export function* watchMaps(deps: MapsDependencies): Saga<void> {
  yield takeLatest(mapsActions.participationRequested.type, handleParticipationRequested, deps);
  yield takeLatest(
    [campaignsActions.statusLoaded.type, campaignsActions.statusFailed.type, campaignsActions.deleted.type, campaignsActions.statusViewChanged.type],
    refreshParticipation,
  );
  yield takeEvery(mapsActions.boundariesRequested.type, handleBoundariesRequested, deps);
  yield takeLatest([resultsActions.campaignOpened.type, resultsActions.sharedLinkOpened.type], handleResultOpened, deps);
}
