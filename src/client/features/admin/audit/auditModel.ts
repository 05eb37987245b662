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

/** A detail's value as the page writes it: plain text, a moment (Madrid time), a calendar day, or a message. */
export type DetailValue = { text: string } | { moment: string } | { day: string } | { message: string };

/** One detail of a row: its label's message id (null: a key this version does not know, shown as it is) and value. */
export interface DetailPart {
  key: string;
  label: string | null;
  value: DetailValue;
}

/** What a row shows: its action's message id (null: an action this version does not know, shown by its code), who, the entity and the details. */
export interface AuditRowView {
  id: string;
  at: string;
  action: string;
  actionMessage: string | null;
  actor: string | null;
  entity: string | null;
  target: { type: string; id: string } | null;
  details: DetailPart[];
}

/** Detail keys the row shows elsewhere (the entity column) or that only repeat the target. */
const SHOWN_ELSEWHERE = new Set(['entityId', 'entityName']);

/** The detail keys the server writes (grep recordAudit), each with its label 'AUDIT.DETAIL.<KEY>' in i18n. */
export const DETAIL_KEYS = [
  'email',
  'role',
  'by',
  'ip',
  'reason',
  'retryAfterSeconds',
  'clientId',
  'entities',
  'name',
  'population',
  'provinceId',
  'municipalities',
  'campaigns',
  'revoked',
  'sentAt',
  'year',
  'axes',
  'policies',
  'measures',
  'questions',
  'edition',
  'opensOn',
  'closesOn',
  'previousOpensOn',
  'previousClosesOn',
  'editionClosesOn',
  'scope',
  'id',
  'created',
  'existing',
  'notify',
  'recipients',
  'sent',
  'failed',
  'known',
  'otherSessionsEnded',
  'before',
  'after',
  'status',
  'question',
  'kind',
  'url',
  'fileName',
  'contentType',
  'size',
  'from',
  'fromYear',
  'copied',
  'changed',
  'verdict',
  'comment',
  'message',
  'meansFrom',
  'previous',
  'validated',
  'objectionsUntil',
  'text',
  'accepted',
] as const;
const DETAIL_LABELS: ReadonlyMap<string, string> = new Map(
  DETAIL_KEYS.map((key) => [key, `AUDIT.DETAIL.${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`]),
);

const MEANS_FROM = { sent: 'EDITIONS.MEANS.sent', validated: 'EDITIONS.MEANS.validated' };

/**
 * Details whose values are codes, each code's message: the territories an edition is opened for, a reviewer's
 * verdict, an evidence item's kind, an edition's means' rule (new and previous), a campaign's status.
 */
export const VALUE_MESSAGES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  scope: { all: 'AUDIT.SCOPE.ALL', community: 'AUDIT.SCOPE.COMMUNITY', province: 'AUDIT.SCOPE.PROVINCE' },
  verdict: { ok: 'REVIEW.MARK.ok', fix: 'REVIEW.MARK.fix' },
  kind: { link: 'AUDIT.KIND.LINK', file: 'AUDIT.KIND.FILE' },
  meansFrom: MEANS_FROM,
  previous: MEANS_FROM,
  status: { created: 'CAMPAIGNS.STATUS.created', draft: 'CAMPAIGNS.STATUS.draft', sent: 'CAMPAIGNS.STATUS.sent' },
};

function detailText(value: unknown): string {
  if (Array.isArray(value)) return value.map(detailText).join(', ');
  if (value !== null && typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${k}: ${detailText(v)}`)
      .join(', ');
  return String(value);
}

function detailValue(key: string, value: unknown): DetailValue {
  if (value === null || value === undefined) return { message: 'AUDIT.VALUE.NONE' };
  if (typeof value === 'boolean') return { message: value ? 'AUDIT.VALUE.YES' : 'AUDIT.VALUE.NO' };
  if (typeof value === 'string') {
    const message = Object.hasOwn(VALUE_MESSAGES, key) && Object.hasOwn(VALUE_MESSAGES[key], value) ? VALUE_MESSAGES[key][value] : undefined;
    if (message) return { message };
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value))) return { moment: value };
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return { day: value };
  }
  return { text: detailText(value) };
}

/** The details, labelled, without what other columns show. */
export const detailParts = (details: AuditRow['details']): DetailPart[] =>
  details
    ? Object.entries(details)
        .filter(([key]) => !SHOWN_ELSEWHERE.has(key))
        .map(([key, value]) => ({ key, label: DETAIL_LABELS.get(key) ?? null, value: detailValue(key, value) }))
    : [];

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
    details: detailParts(row.details),
  };
}

/** Date and time as the reader's language writes them, on Madrid's clock. */
export const AUDIT_DATE_FORMAT: Intl.DateTimeFormatOptions = {
  timeZone: MADRID_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};
