import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CampaignSeal, EntityPublication } from '../../../shared/api/publication.js';
import { IDLE, LOADING, type Remote, type RequestError } from '../../lib/remote.js';
import { isSessionChange } from '../auth/authSlice.js';

/** The choice of the entity on screen to publish its figures ('Publicar mis resultados'): one entity at a time. */
export interface PublicationState {
  entityId: number | null;
  choice: Remote<{ data: EntityPublication | null }>;
  /** A change on its way (the switch waits for it), or refused. */
  change: Remote;
  /** The seal of the campaign on screen, and how far it is from its threshold. */
  sealCampaignId: number | null;
  seal: Remote<{ data: CampaignSeal | null }>;
}

const initialState: PublicationState = {
  entityId: null,
  choice: { ...IDLE, data: null },
  change: { ...IDLE },
  sealCampaignId: null,
  seal: { ...IDLE, data: null },
};

const publicationSlice = createSlice({
  name: 'publication',
  initialState,
  reducers: {
    choiceRequested(state, action: PayloadAction<number>) {
      // Another entity's choice is not this one's: it goes while its own loads.
      if (state.entityId !== action.payload) return { ...initialState, entityId: action.payload, choice: { ...LOADING, data: null } };
      Object.assign(state.choice, LOADING);
    },
    choiceLoaded(state, action: PayloadAction<EntityPublication>) {
      if (state.entityId === action.payload.entityId) state.choice = { status: 'succeeded', error: null, data: action.payload };
    },
    choiceFailed(state, action: PayloadAction<RequestError>) {
      state.choice = { status: 'failed', error: action.payload, data: null };
    },
    changeAsked(state, _action: PayloadAction<{ id: number; publish: boolean }>) {
      state.change = { ...LOADING };
    },
    /** Changed: the switch shows the server's choice. */
    changed(state, action: PayloadAction<EntityPublication>) {
      state.change = { status: 'succeeded', error: null };
      if (state.entityId === action.payload.entityId) state.choice = { status: 'succeeded', error: null, data: action.payload };
    },
    changeFailed(state, action: PayloadAction<RequestError>) {
      state.change = { status: 'failed', error: action.payload };
    },
    sealRequested(state, action: PayloadAction<number>) {
      state.sealCampaignId = action.payload;
      state.seal = { ...LOADING, data: null };
    },
    sealLoaded(state, action: PayloadAction<{ campaignId: number; seal: CampaignSeal }>) {
      if (state.sealCampaignId === action.payload.campaignId) state.seal = { status: 'succeeded', error: null, data: action.payload.seal };
    },
    sealFailed(state, action: PayloadAction<RequestError>) {
      state.seal = { status: 'failed', error: action.payload, data: null };
    },
  },
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialState),
});

export const publicationActions = publicationSlice.actions;
export const publicationReducer = publicationSlice.reducer;
