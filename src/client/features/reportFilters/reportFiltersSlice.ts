import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resultsActions, SHARED_CAMPAIGN_ID } from '../results/resultsSlice.js';
import { comparisonsActions } from '../comparisons/comparisonsSlice.js';
import { isSessionChange } from '../auth/authSlice.js';

export type Territory = 'entity' | 'province' | 'autonomousCommunity' | 'country' | 'sizeBand';

/** The report filters (spec section 3): every territory shown, answers included, participants compared. */
export interface ReportFiltersState {
  territory: Record<Territory, boolean>;
  includeAnswers: boolean;
  compareWithParticipants: boolean;
  /** The campaign these filters were set for (persisted with them, so a reload keeps them). */
  campaignId: number | null;
}

export const initialReportFilters: ReportFiltersState = {
  territory: { entity: true, province: true, autonomousCommunity: true, country: true, sizeBand: true },
  includeAnswers: true,
  compareWithParticipants: true,
  campaignId: null,
};

/**
 * Filters return to all-on whenever the campaign changes (spec section 4, Reports); a shared link starts
 * all-on. A page without a campaign changes nothing.
 */
function campaignChanged(state: ReportFiltersState, campaignId: number | null): ReportFiltersState {
  if (campaignId === null || (campaignId === state.campaignId && campaignId !== SHARED_CAMPAIGN_ID)) return state;
  return { ...initialReportFilters, campaignId };
}

/** The persisted filters' shape version: 2 added the size band's checkbox ('Entidades de tamaño similar'). */
export const REPORT_FILTERS_VERSION = 2;

/**
 * A persisted copy of an older version, brought to this one: a territory it does not know (the size band, for
 * a copy of version 1) is shown, as for a new user; every choice it holds is kept.
 */
export function migrateReportFilters(stored: Partial<ReportFiltersState> & object): Partial<ReportFiltersState> {
  return { ...stored, territory: { ...initialReportFilters.territory, ...stored.territory } };
}

const reportFiltersSlice = createSlice({
  name: 'reportFilters',
  initialState: initialReportFilters,
  reducers: {
    territoryToggled(state, action: PayloadAction<Territory>) {
      state.territory[action.payload] = !state.territory[action.payload];
    },
    includeAnswersToggled(state) {
      state.includeAnswers = !state.includeAnswers;
    },
    compareWithParticipantsToggled(state) {
      state.compareWithParticipants = !state.compareWithParticipants;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(resultsActions.campaignOpened, (state, action) => campaignChanged(state, action.payload))
      .addCase(resultsActions.sharedLinkOpened, (state) => campaignChanged(state, SHARED_CAMPAIGN_ID))
      .addCase(comparisonsActions.campaignOpened, (state, action) => campaignChanged(state, action.payload))
      .addCase(comparisonsActions.sharedLinkOpened, (state) => campaignChanged(state, SHARED_CAMPAIGN_ID))
      // The campaign and choices were the last user's; the persisted copy is overwritten with these too.
      .addMatcher(isSessionChange, () => initialReportFilters);
  },
});

export const reportFiltersActions = reportFiltersSlice.actions;
export const reportFiltersReducer = reportFiltersSlice.reducer;
