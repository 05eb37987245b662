import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Objection, ObjectionRequest, ResolveObjectionRequest } from '../../../shared/api/objections.js';
import { IDLE, LOADING, type Remote, type RequestError } from '../../lib/remote.js';
import { isSessionChange } from '../auth/authSlice.js';

/**
 * The objections of the campaign on screen (docs/api.md, "Objections"): the entity's questionnaire files them, the
 * reviewer's page resolves them. One campaign at a time.
 */
export interface ObjectionsState {
  campaignId: number | null;
  list: Remote<{ data: Objection[] | null }>;
  /** 'Presentar alegación' on its way or refused, by question. */
  filing: Record<number, Remote>;
  /** A decision on its way or refused, by objection. */
  resolving: Record<number, Remote>;
}

const initialState: ObjectionsState = { campaignId: null, list: { ...IDLE, data: null }, filing: {}, resolving: {} };

const objectionsSlice = createSlice({
  name: 'objections',
  initialState,
  reducers: {
    listRequested(state, action: PayloadAction<number>) {
      // Another campaign's objections are not this one's: they go while its own load.
      if (state.campaignId !== action.payload) return { ...initialState, campaignId: action.payload, list: { ...LOADING, data: null } };
      Object.assign(state.list, LOADING);
    },
    listLoaded(state, action: PayloadAction<Objection[]>) {
      state.list = { status: 'succeeded', error: null, data: action.payload };
    },
    listFailed(state, action: PayloadAction<RequestError>) {
      state.list = { status: 'failed', error: action.payload, data: null };
    },
    /** 'Presentar alegación' opens the form afresh: what happened to an earlier one on that answer is over. */
    objectionStarted(state, action: PayloadAction<number>) {
      delete state.filing[action.payload];
    },
    objectionFiled(state, action: PayloadAction<ObjectionRequest>) {
      state.filing[action.payload.question] = { ...LOADING };
    },
    /** Filed: it heads the list, newest first as the server lists them. */
    filed(state, action: PayloadAction<Objection>) {
      state.filing[action.payload.question] = { status: 'succeeded', error: null };
      if (state.campaignId === action.payload.campaignId) state.list.data = [action.payload, ...(state.list.data ?? [])];
    },
    fileFailed(state, action: PayloadAction<{ question: number; error: RequestError }>) {
      state.filing[action.payload.question] = { status: 'failed', error: action.payload.error };
    },
    resolutionAsked(state, action: PayloadAction<ResolveObjectionRequest>) {
      state.resolving[action.payload.objectionId] = { ...LOADING };
    },
    /** Resolved: the objection replaced by the server's. */
    resolved(state, action: PayloadAction<Objection>) {
      state.resolving[action.payload.id] = { status: 'succeeded', error: null };
      state.list.data = (state.list.data ?? []).map((o) => (o.id === action.payload.id ? action.payload : o));
    },
    resolveFailed(state, action: PayloadAction<{ objectionId: number; error: RequestError }>) {
      state.resolving[action.payload.objectionId] = { status: 'failed', error: action.payload.error };
    },
  },
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialState),
});

export const objectionsActions = objectionsSlice.actions;
export const objectionsReducer = objectionsSlice.reducer;
