import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MailSummary, OpenEditionRequest, OpenEditionResult, OpeningQuery, OpeningSummary, Reminders } from '../../../shared/api/editionOpening.js';
import type { AutonomousCommunity, Province } from '../../../shared/api/reference.js';
import { IDLE, type Remote, type RequestError } from '../../lib/remote.js';
import { isSessionChange } from '../auth/authSlice.js';

/** Opening the current edition for a scope (summary, confirmation, result) and the reminders, on the status page. */
export interface EditionOpeningState {
  territories: Remote<{ communities: AutonomousCommunity[]; provinces: Province[] }>;
  /** The figures of the scope asked about, shown for confirmation. */
  summary: Remote<{ scope: OpeningQuery | null; figures: OpeningSummary | null }>;
  opening: Remote<{ result: OpenEditionResult | null }>;
  reminders: Remote<{ data: Reminders | null }>;
  reminding: Remote<{ result: MailSummary | null }>;
}

const initialState: EditionOpeningState = {
  territories: { ...IDLE, communities: [], provinces: [] },
  summary: { ...IDLE, scope: null, figures: null },
  opening: { ...IDLE, result: null },
  reminders: { ...IDLE, data: null },
  reminding: { ...IDLE, result: null },
};

const editionOpeningSlice = createSlice({
  name: 'editionOpening',
  initialState,
  reducers: {
    territoriesRequested(state) {
      if (state.territories.status !== 'succeeded') state.territories.status = 'loading';
    },
    territoriesLoaded(state, action: PayloadAction<{ communities: AutonomousCommunity[]; provinces: Province[] }>) {
      state.territories = { status: 'succeeded', error: null, ...action.payload };
    },
    territoriesFailed(state, action: PayloadAction<RequestError>) {
      Object.assign(state.territories, { status: 'failed', error: action.payload });
    },
    /** 'Ver resumen': the counts of the chosen scope, before anything is created. */
    summaryRequested(state, action: PayloadAction<OpeningQuery>) {
      state.summary = { status: 'loading', error: null, scope: action.payload, figures: null };
      state.opening = initialState.opening;
    },
    summaryLoaded(state, action: PayloadAction<OpeningSummary>) {
      Object.assign(state.summary, { status: 'succeeded', error: null, figures: action.payload });
    },
    summaryFailed(state, action: PayloadAction<RequestError>) {
      Object.assign(state.summary, { status: 'failed', error: action.payload });
    },
    /** 'Confirmar' after the summary. */
    openingConfirmed(state, _action: PayloadAction<OpenEditionRequest>) {
      state.opening = { status: 'loading', error: null, result: null };
    },
    editionOpened(state, action: PayloadAction<OpenEditionResult>) {
      state.opening = { status: 'succeeded', error: null, result: action.payload };
      state.summary = initialState.summary;
    },
    openingFailed(state, action: PayloadAction<RequestError>) {
      Object.assign(state.opening, { status: 'failed', error: action.payload });
    },
    /** 'Cancelar' or closing the result. */
    openingDismissed(state) {
      state.summary = initialState.summary;
      state.opening = initialState.opening;
    },
    remindersRequested(state) {
      state.reminders.status = 'loading';
    },
    remindersLoaded(state, action: PayloadAction<Reminders>) {
      state.reminders = { status: 'succeeded', error: null, data: action.payload };
    },
    remindersFailed(state, action: PayloadAction<RequestError>) {
      Object.assign(state.reminders, { status: 'failed', error: action.payload });
    },
    /** 'Enviar recordatorio' (confirmed). */
    remindRequested(state) {
      state.reminding = { status: 'loading', error: null, result: null };
    },
    remindersSent(state, action: PayloadAction<MailSummary>) {
      state.reminding = { status: 'succeeded', error: null, result: action.payload };
    },
    remindFailed(state, action: PayloadAction<RequestError>) {
      Object.assign(state.reminding, { status: 'failed', error: action.payload });
    },
    remindDismissed(state) {
      state.reminding = initialState.reminding;
    },
    /** 'Descargar CSV de correos'. */
    emailsCsvRequested() {},
  },
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialState),
});

export const editionOpeningActions = editionOpeningSlice.actions;
export const editionOpeningReducer = editionOpeningSlice.reducer;
