import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/rootReducer.js';
import { AUDIT_ACTIONS } from '../../../../shared/audit.js';
import { auditRowView, isBackwardsRange } from './auditModel.js';
import { compareSpanish } from '../../../lib/search.js';

export const selectAuditFilters = (state: RootState) => state.audit.filters;
export const selectAuditList = (state: RootState) => state.audit.list;
export const selectAuditMore = (state: RootState) => state.audit.more;
export const selectAuditExporting = (state: RootState) => state.audit.exporting;
export const selectAuditRetentionDays = (state: RootState) => state.audit.retentionDays;

/** The rows on screen, as the table shows them. */
export const selectAuditRows = createSelector([selectAuditList], (list) => list.rows.map(auditRowView));

/** Whether 'Cargar más' shows: another page follows and none is on its way. */
export const selectCanLoadMore = createSelector(
  [selectAuditList, selectAuditMore],
  (list, more) => list.status === 'succeeded' && list.next !== null && more.status !== 'loading',
);

/** The range runs backwards: the page says so instead of asking. */
export const selectAuditRangeInvalid = createSelector([selectAuditFilters], isBackwardsRange);

/** The options of the filters: users by e-mail, entities by name, the known actions by code (labels are translated on screen). */
export const selectAuditActorOptions = createSelector([(state: RootState) => state.users.list.items], (users) =>
  [...users].sort((a, b) => a.email.localeCompare(b.email)).map((u) => ({ value: u.id, label: u.email })),
);

export const selectAuditEntityOptions = createSelector([(state: RootState) => state.entities.list.items], (entities) =>
  [...entities].sort((a, b) => compareSpanish(a.name, b.name)).map((e) => ({ value: e.id, label: e.name })),
);

export const AUDIT_ACTION_OPTIONS = Object.entries(AUDIT_ACTIONS).map(([value, message]) => ({ value, message }));
