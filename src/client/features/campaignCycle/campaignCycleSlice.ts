import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CampaignDeadline, EditionDeadline, ExtendDeadlineRequest, Reopening, SetDeadlineRequest } from '../../../shared/api/campaignCycle.js';
import { IDLE, remoteReducers, type Remote, type RequestError } from '../../lib/remote.js';
import { isSessionChange } from '../auth/authSlice.js';

/** Deadlines of the current edition (status page), of the questionnaire's campaign, and a report's reopenings. */
export interface CampaignCycleState {
  edition: Remote<{ deadline: EditionDeadline | null }>;
  /** The last change asked on the status page (dates, an extension, a reopening). */
  change: Remote<{ kind: 'deadline' | 'extension' | 'reopen' | null }>;
  campaign: Remote<{ campaignId: number | null; deadline: CampaignDeadline | null }>;
  reopenings: Remote<{ campaignId: number | null; items: Reopening[]; linkBeforeReopening: boolean }>;
}

const initialState: CampaignCycleState = {
  edition: { ...IDLE, deadline: null },
  change: { ...IDLE, kind: null },
  campaign: { ...IDLE, campaignId: null, deadline: null },
  reopenings: { ...IDLE, campaignId: null, items: [], linkBeforeReopening: false },
};

/** The current edition's deadline (status page): one call reads it. */
const editionDeadline = remoteReducers(
  (state: CampaignCycleState) => state.edition,
  (deadline: EditionDeadline) => ({ deadline }),
);

const campaignCycleSlice = createSlice({
  name: 'campaignCycle',
  initialState,
  reducers: {
    editionDeadlineRequested: editionDeadline.requested,
    editionDeadlineLoaded: editionDeadline.loaded,
    editionDeadlineFailed: editionDeadline.failed,
    /** 'Guardar plazo' (ADMIN). */
    deadlineSetRequested(state, _action: PayloadAction<SetDeadlineRequest>) {
      state.change = { status: 'loading', error: null, kind: 'deadline' };
    },
    /** 'Ampliar plazo' for one entity (ADMIN). */
    extensionRequested(state, _action: PayloadAction<ExtendDeadlineRequest>) {
      state.change = { status: 'loading', error: null, kind: 'extension' };
    },
    /** 'Reabrir' a sent campaign with a reason (ADMIN). */
    reopenRequested(state, _action: PayloadAction<{ id: number; reason: string }>) {
      state.change = { status: 'loading', error: null, kind: 'reopen' };
    },
    changeSucceeded(state, action: PayloadAction<EditionDeadline | null>) {
      state.change.status = 'succeeded';
      if (action.payload) state.edition = { status: 'succeeded', error: null, deadline: action.payload };
    },
    changeFailed(state, action: PayloadAction<RequestError>) {
      Object.assign(state.change, { status: 'failed', error: action.payload });
    },
    changeDismissed(state) {
      state.change = initialState.change;
    },
    campaignDeadlineRequested(state, action: PayloadAction<number>) {
      if (state.campaign.campaignId !== action.payload) state.campaign.deadline = null;
      Object.assign(state.campaign, { status: 'loading', error: null, campaignId: action.payload });
    },
    campaignDeadlineLoaded(state, action: PayloadAction<CampaignDeadline>) {
      Object.assign(state.campaign, { status: 'succeeded', error: null, deadline: action.payload });
    },
    campaignDeadlineFailed(state, action: PayloadAction<RequestError>) {
      Object.assign(state.campaign, { status: 'failed', error: action.payload });
    },
    reopeningsRequested(state, action: PayloadAction<number>) {
      state.reopenings = { ...initialState.reopenings, status: 'loading', campaignId: action.payload };
    },
    reopeningsLoaded(state, action: PayloadAction<{ reopenings: Reopening[]; linkBeforeReopening: boolean }>) {
      Object.assign(state.reopenings, {
        status: 'succeeded',
        error: null,
        items: action.payload.reopenings,
        linkBeforeReopening: action.payload.linkBeforeReopening,
      });
    },
    reopeningsFailed(state, action: PayloadAction<RequestError>) {
      Object.assign(state.reopenings, { status: 'failed', error: action.payload, items: [] });
    },
  },
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialState),
});

export const campaignCycleActions = campaignCycleSlice.actions;
export const campaignCycleReducer = campaignCycleSlice.reducer;
