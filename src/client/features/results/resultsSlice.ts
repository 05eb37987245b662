import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { EntityCampaigns, IndicatorGroup } from '../../../shared/api/campaigns.js';
import type { ResultResponse, TrendResponse } from '../../../shared/api/results.js';
import { IDLE, LOADING, type Remote, type RequestError } from '../../lib/remote.js';
import { isSessionChange } from '../auth/authSlice.js';
import { storedFields, storedId } from '../../lib/stored.js';

/** Which of a share's links a page passes on. */
export type ShareTarget = 'urlResults' | 'urlComparisons';

/** campaignId of a report opened from a shared link (spec section 2: "marked by campaignId -1"). */
export const SHARED_CAMPAIGN_ID = -1;

export const REPORT_VIEWS = ['report', 'global', 'plan'] as const;
export type ReportView = (typeof REPORT_VIEWS)[number];

/** A stored tab of the results page; anything else (an older copy, a tab since removed) is the report. */
export const readReportView = (stored: unknown): ReportView => ((REPORT_VIEWS as readonly unknown[]).includes(stored) ? (stored as ReportView) : 'report');

/**
 * An entity chosen in a report page's selector, with the campaign on screen when it was chosen: opening that
 * campaign again (a reload) keeps the choice, another campaign drops it. The only part kept across reloads.
 * Another entity closes the campaign on screen, so a choice is now made on none (null: the page without a
 * campaign); a copy stored by an earlier version may still name one.
 */
export interface EntityChoice {
  selectedEntityId: number | null;
  selectedOn: number | null;
}

export const ENTITY_CHOICE_KEYS = ['selectedEntityId', 'selectedOn'] as const;

/** The choice read back from local storage; a malformed one is no choice. */
export function readEntityChoice(stored: unknown): EntityChoice {
  const fields = storedFields(stored);
  const selectedEntityId = storedId(fields.selectedEntityId);
  return { selectedEntityId, selectedOn: selectedEntityId === null ? null : storedId(fields.selectedOn) };
}

/** What a reload of the results page keeps: the entity choice and the tab on screen ('Informe', 'Puntuación Global', 'Plan de mejora'). */
export const RESULTS_VIEW_KEYS = [...ENTITY_CHOICE_KEYS, 'view'] as const;

/** The results page's kept view read back from local storage, field by field. */
export function readResultsView(stored: unknown): EntityChoice & { view: ReportView } {
  return { ...readEntityChoice(stored), view: readReportView(storedFields(stored).view) };
}

/** The choice once `campaignId` opens: kept if it was made on that campaign. */
export const choiceAfterOpening = ({ selectedEntityId, selectedOn }: EntityChoice, campaignId: number | null): EntityChoice =>
  selectedOn === campaignId ? { selectedEntityId, selectedOn } : { selectedEntityId: null, selectedOn: null };

/** When the link just shared for a campaign stops working (an ISO date and time from the server). */
export interface ShareExpiry {
  campaignId: number;
  expiresAt: string;
}

export type CsvTable = { table: 'measures' } | { table: 'plan' } | { table: 'ranks' } | { table: 'answers' } | { table: 'comparison'; blockKey: string };

/** The results page: its selectors' options, the open campaign, its result and answers (each loaded on its own). */
export interface ResultsState extends EntityChoice {
  options: Remote<{ items: EntityCampaigns['entityCampaigns'] }>;
  /** The campaign on screen: null for none, SHARED_CAMPAIGN_ID for a shared link. */
  campaignId: number | null;
  result: Remote<{ data: ResultResponse | null }>;
  answers: Remote<{ indicators: IndicatorGroup[] | null }>;
  /** The entity's campaigns up to this one, for the printed summary's trend and improvements (none when it fails). */
  trend: Remote<{ data: TrendResponse | null }>;
  answersPage: number;
  share: Remote;
  /** The last link shared from this page, and when it expires (shown beside 'Compartir'); none for a shared report passing its own address on. */
  shareExpiry: ShareExpiry | null;
  view: ReportView;
  globalPage: number;
  /** A share link the browser would neither share nor copy is on screen to copy by hand; the link is in a box outside the store. */
  copyByHand: boolean;
}

const initialResultsState: ResultsState = {
  options: { ...IDLE, items: [] },
  selectedEntityId: null,
  selectedOn: null,
  campaignId: null,
  result: { ...IDLE, data: null },
  answers: { ...IDLE, indicators: null },
  trend: { ...IDLE, data: null },
  answersPage: 1,
  share: { ...IDLE },
  shareExpiry: null,
  view: 'report',
  globalPage: 1,
  copyByHand: false,
};

/** The chosen entity, or the one owning the open campaign (a deep link pre-selects it). */
export const entityOnScreen = (state: Pick<ResultsState, 'selectedEntityId' | 'campaignId' | 'options'>): number | null =>
  state.selectedEntityId ?? state.options.items.find((e) => e.campaigns.some((c) => c.id === state.campaignId))?.entityId ?? null;

/** A new campaign on screen: nothing of the previous one stays. */
function openCampaign(state: ResultsState, campaignId: number | null) {
  const busy = campaignId === null ? IDLE : LOADING;
  Object.assign(state, {
    campaignId,
    result: { ...busy, data: null },
    answers: { ...busy, indicators: null },
    trend: { ...busy, data: null },
    answersPage: 1,
    globalPage: 1,
    shareExpiry: null,
  });
}

const resultsSlice = createSlice({
  name: 'results',
  initialState: initialResultsState,
  reducers: {
    optionsRequested(state) {
      state.options = { status: 'loading', error: null, items: [] };
    },
    optionsLoaded(state, action: PayloadAction<EntityCampaigns>) {
      state.options = { status: 'succeeded', error: null, items: action.payload.entityCampaigns };
    },
    optionsFailed(state, action: PayloadAction<RequestError>) {
      state.options = { status: 'failed', error: action.payload, items: [] };
    },
    /**
     * The entity chosen in the selector; without one, the selector follows the open campaign's entity. Another
     * entity than the one on screen closes the report at once (the saga leaves its address for /results), and
     * the choice is made on no campaign: /results, reloaded, keeps it.
     */
    entitySelected(state, action: PayloadAction<number>) {
      if (action.payload === entityOnScreen(state)) return;
      Object.assign(state, { selectedEntityId: action.payload, selectedOn: null });
      openCampaign(state, null);
    },
    /** Chosen in the selector; the saga navigates to /results/{id}, whose page then opens it. */
    campaignChosen: (_state, _action: PayloadAction<number>) => undefined,
    /** The route's campaign (null when the address names none). */
    campaignOpened(state, action: PayloadAction<number | null>) {
      Object.assign(state, choiceAfterOpening(state, action.payload));
      openCampaign(state, action.payload);
    },
    /** No payload: the saga reads the link's token from the session holder (sharedLink.ts), never from the store. */
    sharedLinkOpened(state) {
      openCampaign(state, SHARED_CAMPAIGN_ID);
    },
    resultLoaded(state, action: PayloadAction<ResultResponse>) {
      state.result = { status: 'succeeded', error: null, data: action.payload };
    },
    resultFailed(state, action: PayloadAction<RequestError>) {
      state.result = { status: 'failed', error: action.payload, data: null };
    },
    answersLoaded(state, action: PayloadAction<IndicatorGroup[]>) {
      state.answers = { status: 'succeeded', error: null, indicators: action.payload };
    },
    answersFailed(state, action: PayloadAction<RequestError>) {
      state.answers = { status: 'failed', error: action.payload, indicators: null };
    },
    trendLoaded(state, action: PayloadAction<TrendResponse>) {
      state.trend = { status: 'succeeded', error: null, data: action.payload };
    },
    trendFailed(state, action: PayloadAction<RequestError>) {
      state.trend = { status: 'failed', error: action.payload, data: null };
    },
    answersPageChanged(state, action: PayloadAction<number>) {
      state.answersPage = action.payload;
    },
    viewChanged(state, action: PayloadAction<ReportView>) {
      state.view = action.payload;
    },
    globalPageChanged(state, action: PayloadAction<number>) {
      state.globalPage = action.payload;
    },
    /** Share a campaign's link; campaignId null warns, SHARED_CAMPAIGN_ID passes on the page's own address. */
    shareRequested(state, _action: PayloadAction<{ campaignId: number | null; target: ShareTarget }>) {
      state.share = { status: 'loading', error: null };
    },
    /** The link was shared, copied or shown; with when it expires when a new one was made. */
    shareFinished(state, action: PayloadAction<ShareExpiry | undefined>) {
      state.share = { status: 'succeeded', error: null };
      if (action.payload) state.shareExpiry = action.payload;
    },
    shareFailed(state, action: PayloadAction<RequestError>) {
      state.share = { status: 'failed', error: action.payload };
    },
    /** No payload: the link carries a token, the saga left it in the `linkToCopy` box. */
    linkToCopyShown(state) {
      state.copyByHand = true;
    },
    /** The saga empties the box too. */
    linkToCopyClosed(state) {
      state.copyByHand = false;
    },
    /** Asked from the report's actions; the confirmation dialog dispatches unshareConfirmed. */
    unshareAsked: (_state, _action: PayloadAction<number | null>) => undefined,
    unshareConfirmed: (_state, _action: PayloadAction<number>) => undefined,
    printRequested: (_state, _action: PayloadAction<number | null>) => undefined,
    csvRequested: (_state, _action: PayloadAction<CsvTable>) => undefined,
    /** 'Descargar Excel': the whole report as a workbook, open at this table's sheet. */
    excelRequested: (_state, _action: PayloadAction<CsvTable>) => undefined,
  },
  // The next user of this tab sees nothing of the last one's reports.
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialResultsState),
});

export const resultsActions = resultsSlice.actions;
export const resultsReducer = resultsSlice.reducer;
