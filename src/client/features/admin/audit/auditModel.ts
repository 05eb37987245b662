import { auditActionMessageId } from '../../../../shared/audit.js';
import { MADRID_TIME_ZONE } from '../../../../shared/dates.js';
import type { AuditFilters, AuditQuery, AuditRow } from '../../../../shared/api/audit.js';

/** The activity log page's plain logic: the query of its filters, the range check and what a row shows. */

/** The filters the page edits; empty ones are left out of the query. */
export type AuditFilterValues = { [K in keyof AuditFilters]-?: AuditFilters[K] | null };

export const NO_FILTERS: AuditFilterValues = { actor: null, entity: null, action: null, from: null, to: null };

/** The query of the filters (and a page's cursor): only the filters set. */
export function auditQuery(filters: AuditFilterValues, after?: string | null): AuditQuery {
  const query: AuditQuery = {};
  for (const [key, value] of Object.entries(filters) as [keyof AuditFilterValues, string | number | null][]) {
    if (value !== null && value !== '') (query as Record<string, unknown>)[key] = value;
  }
  if (after) query.after = after;
  return query;
}

/** True when both dates are set and 'Desde' comes after 'Hasta' (the server would refuse it). */
export const isBackwardsRange = (filters: AuditFilterValues): boolean => !!filters.from && !!filters.to && filters.from > filters.to;

/** What a row shows: its action's message id (null: an action this version does not know, shown by its code), who, the entity and the details. */
export interface AuditRowView {
  id: string;
  at: string;
  action: string;
  actionMessage: string | null;
  actor: string | null;
  entity: string | null;
  target: { type: string; id: string } | null;
  details: string;
}

/** Detail keys the row shows elsewhere (the entity column) or that only repeat the target. */
const SHOWN_ELSEWHERE = new Set(['entityId', 'entityName']);

function detailText(value: unknown): string {
  if (Array.isArray(value)) return value.map(detailText).join(', ');
  if (value !== null && typeof value === 'object') return Object.entries(value).map(([k, v]) => `${k}: ${detailText(v)}`).join(', ');
  return String(value);
}

/** The details as one line, 'key: value' pairs, without what other columns show. */
export const detailsLine = (details: AuditRow['details']): string =>
  details ? Object.entries(details).filter(([key]) => !SHOWN_ELSEWHERE.has(key)).map(([key, value]) => `${key}: ${detailText(value)}`).join(' · ') : '';

export function auditRowView(row: AuditRow): AuditRowView {
  const entity = row.entityName ?? (row.entityId !== null ? `#${row.entityId}` : null);
  return {
    id: row.id,
    at: row.at,
    action: row.action,
    actionMessage: auditActionMessageId(row.action) ?? null,
    actor: row.actorEmail,
    entity,
    target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId } : null,
    details: detailsLine(row.details),
  };
}

/** Date and time as the reader's language writes them, on Madrid's clock. */
export const AUDIT_DATE_FORMAT: Intl.DateTimeFormatOptions = {
  timeZone: MADRID_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit',
};
