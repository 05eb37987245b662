import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ComparisonLevel, ComparisonResponse, TrendResponse } from '../../../shared/api/results.js';
import { IDLE, type Remote, type RequestError } from '../../lib/remote.js';
import { choiceAfterOpening, SHARED_CAMPAIGN_ID, type EntityChoice } from '../results/resultsSlice.js';
import { isSessionChange } from '../auth/authSlice.js';

/** The comparisons page: the campaign on screen (SHARED_CAMPAIGN_ID for a shared link) and its comparison. */
export interface ComparisonsState extends EntityChoice {
  campaignId: number | null;
  comparison: Remote<{ data: ComparisonResponse | null }>;
  /** The entity's editions up to the campaign's, loaded beside the comparison ('Evolución'). */
  trend: Remote<{ data: TrendResponse | null }>;
  /** The tab shown: the groups' radars, or 'Evolución'. Paper gets both. */
  view: ComparisonView;
  /** Each group's charts, radars unless its 'Radar / Barras' switch chose bars. */
  groupCharts: Partial<Record<ComparisonLevel, GroupChart>>;
}

export type ComparisonView = 'groups' | 'trend';
export type GroupChart = 'radar' | 'bars';

const initialComparisonsState: ComparisonsState = {
  campaignId: null,
  selectedEntityId: null,
  selectedOn: null,
  comparison: { ...IDLE, data: null },
  trend: { ...IDLE, data: null },
  view: 'groups',
  groupCharts: {},
};

const comparisonsSlice = createSlice({
  name: 'comparisons',
  initialState: initialComparisonsState,
  reducers: {
    /**
     * Chosen in the selector: the comparison on screen goes at once, and the saga opens the entity's last sent
     * campaign. An entity with none stays chosen on /comparisons, which the saga opens (null follows the open
     * campaign).
     */
    entityChosen(state, action: PayloadAction<number>) {
      Object.assign(state, { selectedEntityId: action.payload, selectedOn: null });
      state.comparison = { status: 'idle', error: null, data: null };
      state.trend = { status: 'idle', error: null, data: null };
    },
    campaignOpened(state, action: PayloadAction<number | null>) {
      Object.assign(state, choiceAfterOpening(state, action.payload));
      state.campaignId = action.payload;
      state.comparison = { status: action.payload === null ? 'idle' : 'loading', error: null, data: null };
      state.trend = { status: action.payload === null ? 'idle' : 'loading', error: null, data: null };
    },
    /** No payload, as resultsActions.sharedLinkOpened: the token stays in the session holder. */
    sharedLinkOpened(state) {
      Object.assign(state, { campaignId: SHARED_CAMPAIGN_ID, selectedEntityId: null, selectedOn: null });
      state.comparison = { status: 'loading', error: null, data: null };
      state.trend = { status: 'loading', error: null, data: null };
    },
    comparisonLoaded(state, action: PayloadAction<ComparisonResponse>) {
      state.comparison = { status: 'succeeded', error: null, data: action.payload };
    },
    comparisonFailed(state, action: PayloadAction<RequestError>) {
      state.comparison = { status: 'failed', error: action.payload, data: null };
    },
    trendLoaded(state, action: PayloadAction<TrendResponse>) {
      state.trend = { status: 'succeeded', error: null, data: action.payload };
    },
    trendFailed(state, action: PayloadAction<RequestError>) {
      state.trend = { status: 'failed', error: action.payload, data: null };
    },
    viewChanged(state, action: PayloadAction<ComparisonView>) {
      state.view = action.payload;
    },
    /** A group's 'Radar / Barras' switch; the choice stays while the page does, for every entity. */
    groupChartChosen(state, action: PayloadAction<{ level: ComparisonLevel; chart: GroupChart }>) {
      state.groupCharts[action.payload.level] = action.payload.chart;
    },
    /** 'Descargar CSV' of one group's differences table. */
    csvRequested: (_state, _action: PayloadAction<ComparisonLevel>) => undefined,
    /** 'Descargar Excel': every group's differences table, open at this group's sheet. */
    excelRequested: (_state, _action: PayloadAction<ComparisonLevel>) => undefined,
  },
  // The next user of this tab sees nothing of the last one's comparisons.
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialComparisonsState),
});

export const comparisonsActions = comparisonsSlice.actions;
export const comparisonsReducer = comparisonsSlice.reducer;
