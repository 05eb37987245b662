import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { IDLE, LOADING, type Remote, type RequestError } from '../../lib/remote.js';
import { isSessionChange } from '../auth/authSlice.js';
import type { AccessibilityStatement, Complaint, ComplaintRequest, StatementContents } from '../../../shared/api/accessibility.js';

/**
 * The accessibility statement (/accesibilidad and the status page's reminder), the complaint a visitor sends from
 * it, and what an administrator does there: change the statement, read the complaints.
 */
export interface AccessibilityState {
  statement: Remote<{ value: AccessibilityStatement | null }>;
  complaint: Remote;
  save: Remote;
  complaints: Remote<{ items: Complaint[] }>;
}

const initialState: AccessibilityState = {
  statement: { ...IDLE, value: null },
  complaint: { ...IDLE },
  save: { ...IDLE },
  complaints: { ...IDLE, items: [] },
};

const accessibilitySlice = createSlice({
  name: 'accessibility',
  initialState,
  reducers: {
    /** The statement is wanted (its page, or the status page's reminder). */
    statementRequested(state) {
      state.statement = { ...LOADING, value: state.statement.value };
    },
    statementLoaded(state, action: PayloadAction<AccessibilityStatement>) {
      state.statement = { status: 'succeeded', error: null, value: action.payload };
    },
    statementFailed(state, action: PayloadAction<RequestError>) {
      state.statement = { status: 'failed', error: action.payload, value: state.statement.value };
    },
    complaintSent(state, _action: PayloadAction<ComplaintRequest>) {
      state.complaint = { ...LOADING };
    },
    complaintFiled(state) {
      state.complaint = { status: 'succeeded', error: null };
    },
    complaintFailed(state, action: PayloadAction<RequestError>) {
      state.complaint = { status: 'failed', error: action.payload };
    },
    /** The form is written again after a complaint went: its message gives way to the form. */
    complaintReset(state) {
      state.complaint = { ...IDLE };
    },
    saveRequested(state, _action: PayloadAction<StatementContents>) {
      state.save = { ...LOADING };
    },
    saved(state, action: PayloadAction<AccessibilityStatement>) {
      state.save = { status: 'succeeded', error: null };
      state.statement = { status: 'succeeded', error: null, value: action.payload };
    },
    saveFailed(state, action: PayloadAction<RequestError>) {
      state.save = { status: 'failed', error: action.payload };
    },
    complaintsRequested(state) {
      state.complaints = { ...LOADING, items: state.complaints.items };
    },
    complaintsLoaded(state, action: PayloadAction<Complaint[]>) {
      state.complaints = { status: 'succeeded', error: null, items: action.payload };
    },
    complaintsFailed(state, action: PayloadAction<RequestError>) {
      state.complaints = { status: 'failed', error: action.payload, items: [] };
    },
  },
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialState),
});

export const accessibilityActions = accessibilitySlice.actions;
export const accessibilityReducer = accessibilitySlice.reducer;
