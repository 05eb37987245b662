import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuditPage, AuditRow } from '../../../../shared/api/audit.js';
import { IDLE, LOADING, type Remote, type RequestError } from '../../../lib/remote.js';
import { isSessionChange } from '../../auth/authSlice.js';
import { NO_FILTERS, type AuditFilterValues } from './auditModel.js';

/** A page's rows and where the next begins: what the list is made of. */
type PageRows = Pick<AuditPage, 'rows' | 'next'>;

/** The activity log: its filters, the rows loaded so far (pages from the server) and the CSV download. */
export interface AuditState {
  filters: AuditFilterValues;
  list: Remote<{ rows: AuditRow[]; next: string | null }>;
  /** How many days the server keeps a row (the first page says it); null until a page has arrived. */
  retentionDays: number | null;
  /** 'Cargar más' on its way: the rows already on screen stay. */
  more: Remote;
  exporting: boolean;
}

const initialAuditState: AuditState = {
  filters: NO_FILTERS,
  list: { ...IDLE, rows: [], next: null },
  retentionDays: null,
  more: { ...IDLE },
  exporting: false,
};

const auditSlice = createSlice({
  name: 'audit',
  initialState: initialAuditState,
  reducers: {
    /** The page opened: its first page loads with the filters kept. */
    pageOpened(state) {
      Object.assign(state.list, LOADING);
    },
    filtersChanged(state, action: PayloadAction<Partial<AuditFilterValues>>) {
      state.filters = { ...state.filters, ...action.payload };
      Object.assign(state.list, LOADING);
    },
    filtersCleared(state) {
      state.filters = NO_FILTERS;
      Object.assign(state.list, LOADING);
    },
    /** A first page: from the server (which says how long it keeps rows), or an empty one the client made. */
    firstPageLoaded(state, action: PayloadAction<PageRows & { retentionDays?: number }>) {
      state.list = { status: 'succeeded', error: null, rows: action.payload.rows, next: action.payload.next };
      state.retentionDays = action.payload.retentionDays ?? state.retentionDays;
      state.more = { ...IDLE };
    },
    firstPageFailed(state, action: PayloadAction<RequestError>) {
      state.list = { status: 'failed', error: action.payload, rows: [], next: null };
    },
    moreRequested(state) {
      state.more = { status: 'loading', error: null };
    },
    /** A page after `after`; ignored when the filters changed meanwhile (the list is no longer the one it continues). */
    moreLoaded(state, action: PayloadAction<{ after: string; page: PageRows }>) {
      if (state.list.next !== action.payload.after) return;
      state.list.rows.push(...action.payload.page.rows);
      state.list.next = action.payload.page.next;
      state.more = { status: 'succeeded', error: null };
    },
    moreFailed(state, action: PayloadAction<RequestError>) {
      state.more = { status: 'failed', error: action.payload };
    },
    exportRequested(state) {
      state.exporting = true;
    },
    exportFinished(state) {
      state.exporting = false;
    },
  },
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialAuditState),
});

export const auditActions = auditSlice.actions;
export const auditReducer = auditSlice.reducer;
