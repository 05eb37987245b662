import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CampaignDetail, CampaignStateResponse, ReviewMark } from '../../../shared/api/campaigns.js';
import type { MarkRequest, ReviewQueue, ReviewQueueQuery } from '../../../shared/api/review.js';
import { IDLE, LOADING, type Remote, type RequestError } from '../../lib/remote.js';
import { isSessionChange } from '../auth/authSlice.js';
import { objectionsActions } from '../objections/objectionsSlice.js';

/** The queue's narrowing, asked of the server: '' is every community, province or status. */
export interface ReviewFilters {
  communityId: string;
  provinceId: string;
  reviewStatus: '' | NonNullable<ReviewQueueQuery['reviewStatus']>;
}

export const NO_REVIEW_FILTERS: ReviewFilters = { communityId: '', provinceId: '', reviewStatus: '' };

/** 'Revisión' (ADMIN, FEC): the queue of an edition and the campaign being reviewed. */
export interface ReviewState {
  /** The edition chosen; null is the current one (the server's default). */
  editionId: number | null;
  filters: ReviewFilters;
  /** The page of the queue shown (the server sends one at a time). */
  page: number;
  queue: Remote<{ data: ReviewQueue | null }>;
  campaign: Remote<{ data: CampaignDetail | null }>;
  /** Marks on their way or refused, by question. */
  marking: Record<number, Remote>;
  /** 'Pedir correcciones' or 'Validar' on its way. */
  decision: Remote;
}

const initialState: ReviewState = {
  editionId: null,
  filters: NO_REVIEW_FILTERS,
  page: 1,
  queue: { ...IDLE, data: null },
  campaign: { ...IDLE, data: null },
  marking: {},
  decision: { ...IDLE },
};

const reviewSlice = createSlice({
  name: 'review',
  initialState,
  reducers: {
    queueOpened(state) {
      Object.assign(state.queue, LOADING);
    },
    /** Another edition: its territories are others, so the narrowing starts again. */
    editionChosen(state, action: PayloadAction<number>) {
      state.editionId = action.payload;
      state.filters = NO_REVIEW_FILTERS;
      state.page = 1;
      Object.assign(state.queue, LOADING);
    },
    filtersChanged(state, action: PayloadAction<Partial<ReviewFilters>>) {
      state.filters = { ...state.filters, ...action.payload };
      // A province belongs to one community: choosing another community forgets it.
      if (action.payload.communityId !== undefined) state.filters.provinceId = action.payload.provinceId ?? '';
      state.page = 1;
      Object.assign(state.queue, LOADING);
    },
    pageChosen(state, action: PayloadAction<number>) {
      state.page = action.payload;
      Object.assign(state.queue, LOADING);
    },
    queueLoaded(state, action: PayloadAction<ReviewQueue>) {
      state.queue = { status: 'succeeded', error: null, data: action.payload };
      state.editionId = action.payload.editionId;
    },
    queueFailed(state, action: PayloadAction<RequestError>) {
      state.queue = { status: 'failed', error: action.payload, data: null };
    },
    campaignOpened(state, _action: PayloadAction<number>) {
      state.campaign = { ...LOADING, data: null };
      state.marking = {};
      state.decision = { ...IDLE };
    },
    campaignLoaded(state, action: PayloadAction<CampaignDetail>) {
      state.campaign = { status: 'succeeded', error: null, data: action.payload };
    },
    campaignFailed(state, action: PayloadAction<RequestError>) {
      state.campaign = { status: 'failed', error: action.payload, data: null };
    },
    markRequested(state, action: PayloadAction<MarkRequest>) {
      state.marking[action.payload.question] = { ...LOADING };
    },
    /** A mark saved: the campaign's question shows it. */
    markSaved(state, action: PayloadAction<{ question: number; mark: ReviewMark }>) {
      state.marking[action.payload.question] = { status: 'succeeded', error: null };
      for (const indicator of state.campaign.data?.indicators ?? [])
        for (const sub of indicator.subindicators) if (sub.id === action.payload.question) sub.review = action.payload.mark;
    },
    markFailed(state, action: PayloadAction<{ question: number; error: RequestError }>) {
      state.marking[action.payload.question] = { status: 'failed', error: action.payload.error };
    },
    changesRequestAsked(state, _action: PayloadAction<{ id: number; message: string }>) {
      state.decision = { ...LOADING };
    },
    validationAsked(state, _action: PayloadAction<number>) {
      state.decision = { ...LOADING };
    },
    decided(state, action: PayloadAction<CampaignStateResponse>) {
      state.decision = { status: 'succeeded', error: null };
      if (state.campaign.data) state.campaign.data.reviewStatus = action.payload.campaign.reviewStatus;
    },
    decisionFailed(state, action: PayloadAction<RequestError>) {
      state.decision = { status: 'failed', error: action.payload };
    },
  },
  extraReducers: (builder) =>
    builder
      // An objection accepted sends the campaign back to its entity, its answer marked to correct with the reason.
      .addCase(objectionsActions.resolved, (state, action) => {
        const objection = action.payload;
        const campaign = state.campaign.data;
        if (objection.status !== 'accepted' || campaign?.id !== objection.campaignId) return;
        campaign.reviewStatus = 'changesRequested';
        campaign.reviewMessage = objection.reason;
        campaign.validatedAt = null;
        const mark = {
          verdict: 'fix' as const,
          comment: objection.reason,
          reviewer: objection.resolvedBy ?? '',
          markedAt: objection.resolvedAt ?? objection.createdAt,
        };
        for (const indicator of campaign.indicators) for (const sub of indicator.subindicators) if (sub.id === objection.question) sub.review = mark;
      })
      .addMatcher(isSessionChange, () => initialState),
});

export const reviewActions = reviewSlice.actions;
export const reviewReducer = reviewSlice.reducer;
