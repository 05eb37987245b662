import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MunicipalityBoundaries, Participation, ResultMap } from '../../../shared/api/maps.js';
import { IDLE, LOADING, type Remote, type RequestError } from '../../lib/remote.js';
import { isSessionChange } from '../auth/authSlice.js';
import { resultsActions } from '../results/resultsSlice.js';

/** The maps' data: participation per province, a result's means per province, municipalities per province. */
export interface MapsState {
  participation: Remote<{ data: Participation | null }>;
  resultMap: Remote<{ data: ResultMap | null }>;
  /** By province code; a province asked for once is kept for the session (the shapes never change). */
  boundaries: Record<string, Remote<{ data: MunicipalityBoundaries | null }>>;
}

const initialMapsState: MapsState = { participation: { ...IDLE, data: null }, resultMap: { ...IDLE, data: null }, boundaries: {} };

const mapsSlice = createSlice({
  name: 'maps',
  initialState: initialMapsState,
  reducers: {
    /** The participation of an edition (its id; null: the current edition). */
    participationRequested(state, _action: PayloadAction<number | null>) {
      state.participation = { ...LOADING, data: state.participation.data };
    },
    participationLoaded(state, action: PayloadAction<Participation>) {
      state.participation = { status: 'succeeded', error: null, data: action.payload };
    },
    participationFailed(state, action: PayloadAction<RequestError>) {
      state.participation = { status: 'failed', error: action.payload, data: null };
    },
    resultMapLoaded(state, action: PayloadAction<ResultMap>) {
      state.resultMap = { status: 'succeeded', error: null, data: action.payload };
    },
    resultMapFailed(state, action: PayloadAction<RequestError>) {
      state.resultMap = { status: 'failed', error: action.payload, data: null };
    },
    /** The provinces a map needs: those not asked for yet (or failed) are loaded. */
    boundariesRequested(state, action: PayloadAction<string[]>) {
      for (const id of action.payload) {
        const known = state.boundaries[id];
        if (!known || known.status === 'failed') state.boundaries[id] = { ...LOADING, data: null };
      }
    },
    boundariesLoaded(state, action: PayloadAction<MunicipalityBoundaries>) {
      state.boundaries[action.payload.provinceId] = { status: 'succeeded', error: null, data: action.payload };
    },
    boundariesFailed(state, action: PayloadAction<{ provinceId: string; error: RequestError }>) {
      state.boundaries[action.payload.provinceId] = { status: 'failed', error: action.payload.error, data: null };
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(resultsActions.campaignOpened, (state) => {
        state.resultMap = { ...LOADING, data: null };
      })
      .addCase(resultsActions.sharedLinkOpened, (state) => {
        state.resultMap = { ...LOADING, data: null };
      })
      .addMatcher(isSessionChange, () => initialMapsState),
});

export const mapsActions = mapsSlice.actions;
export const mapsReducer = mapsSlice.reducer;
