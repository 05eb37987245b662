import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ComparisonResponse } from '../../../shared/api/results.js';
import { IDLE, type Remote, type RequestError } from '../../lib/remote.js';
import { SHARED_CAMPAIGN_ID } from '../results/resultsSlice.js';
import { isSessionChange } from '../auth/authSlice.js';

/** The comparisons page: the campaign on screen (SHARED_CAMPAIGN_ID for a shared link) and its comparison. */
export interface ComparisonsState {
  campaignId: number | null;
  /** An entity chosen in the selector that has no sent campaign to open; null follows the open campaign. */
  selectedEntityId: number | null;
  comparison: Remote<{ data: ComparisonResponse | null }>;
}

const initialComparisonsState: ComparisonsState = {
  campaignId: null,
  selectedEntityId: null,
  comparison: { ...IDLE, data: null },
};

const comparisonsSlice = createSlice({
  name: 'comparisons',
  initialState: initialComparisonsState,
  reducers: {
    /** Chosen in the selector: the saga opens the entity's last sent campaign. */
    entityChosen(state, action: PayloadAction<number>) {
      state.selectedEntityId = action.payload;
    },
    campaignOpened(state, action: PayloadAction<number | null>) {
      state.campaignId = action.payload;
      state.selectedEntityId = null;
      state.comparison = { status: action.payload === null ? 'idle' : 'loading', error: null, data: null };
    },
    /** No payload, as resultsActions.sharedLinkOpened: the token stays in the session holder. */
    sharedLinkOpened(state) {
      state.campaignId = SHARED_CAMPAIGN_ID;
      state.selectedEntityId = null;
      state.comparison = { status: 'loading', error: null, data: null };
    },
    comparisonLoaded(state, action: PayloadAction<ComparisonResponse>) {
      state.comparison = { status: 'succeeded', error: null, data: action.payload };
    },
    comparisonFailed(state, action: PayloadAction<RequestError>) {
      state.comparison = { status: 'failed', error: action.payload, data: null };
    },
  },
  // The next user of this tab sees nothing of the last one's comparisons.
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialComparisonsState),
});

export const comparisonsActions = comparisonsSlice.actions;
export const comparisonsReducer = comparisonsSlice.reducer;
