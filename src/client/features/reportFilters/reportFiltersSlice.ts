import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type Territory = 'entity' | 'province' | 'autonomousCommunity' | 'country';

/** The report filters (spec section 3): every territory shown, answers included, participants compared. */
export interface ReportFiltersState {
  territory: Record<Territory, boolean>;
  includeAnswers: boolean;
  compareWithParticipants: boolean;
}

export const initialReportFilters: ReportFiltersState = {
  territory: { entity: true, province: true, autonomousCommunity: true, country: true },
  includeAnswers: true,
  compareWithParticipants: true,
};

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
    /** Filters return to all-on whenever the campaign changes (spec section 4, Reports). */
    campaignChanged: () => initialReportFilters,
  },
});

export const reportFiltersActions = reportFiltersSlice.actions;
export const reportFiltersReducer = reportFiltersSlice.reducer;
