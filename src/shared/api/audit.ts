import { Type, type Static } from 'typebox';
import { apiCall, CalendarDate, Id, Strict } from './schema.js';
import { FILE_TYPES } from '../csv.js';

/** The activity log (ADMIN only): who did what and when, newest first, in keyset pages. */

/** An action code ('campaign.create'); unknown codes are allowed (the log may hold actions this version does not name). */
const ActionCode = Type.String({ pattern: '^[a-z][A-Za-z0-9_.]{0,63}$', maxLength: 64 });

/** Where the previous page ended: opaque text the answer gave as `next`. */
const Cursor = Type.String({ pattern: '^[0-9]{1,17}:[0-9]{1,18}$', maxLength: 40 });

/** The filters of the log and of its CSV: actor (a user id), entity, action, and Madrid dates from and to, both included. */
const filterProperties = {
  actor: Type.Optional(Id),
  entity: Type.Optional(Id),
  action: Type.Optional(ActionCode),
  from: Type.Optional(CalendarDate),
  to: Type.Optional(CalendarDate),
};

export const AuditQuery = Strict({ ...filterProperties, after: Type.Optional(Cursor) });
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditExportQuery = Strict(filterProperties);
export type AuditFilters = Static<typeof AuditExportQuery>;

/** One row: when (ISO 8601), the action code, who (the actor's e-mail, or the e-mail a failed sign-in tried), the entity, what and details. */
export const AuditRow = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  action: Type.String(),
  actorId: Type.Union([Type.Integer(), Type.Null()]),
  actorEmail: Type.Union([Type.String(), Type.Null()]),
  entityId: Type.Union([Type.Integer(), Type.Null()]),
  entityName: Type.Union([Type.String(), Type.Null()]),
  targetType: Type.Union([Type.String(), Type.Null()]),
  targetId: Type.Union([Type.String(), Type.Null()]),
  details: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});
export type AuditRow = Static<typeof AuditRow>;

/**
 * A page of the log; `next` asks for the following one (null: this was the last); `retentionDays`, how many days
 * the server keeps a row before removing it (LOG_RETENTION_DAYS).
 */
export const AuditPage = Type.Object({
  rows: Type.Array(AuditRow),
  next: Type.Union([Type.String(), Type.Null()]),
  retentionDays: Type.Integer({ minimum: 1 }),
});
export type AuditPage = Static<typeof AuditPage>;

/** The rows of one page. */
export const AUDIT_PAGE_SIZE = 50;

export const auditCalls = {
  list: apiCall({
    method: 'GET',
    url: '/audit/list',
    access: 'user',
    querystring: AuditQuery,
    response: AuditPage,
    summary: 'The activity log, newest first, filtered, one page at a time (ADMIN only)',
  }),
  exportCsv: apiCall({
    method: 'GET',
    url: '/audit/export',
    access: 'user',
    querystring: AuditExportQuery,
    response: Type.String({ format: 'binary' }),
    file: { csv: FILE_TYPES.csv },
    summary: 'The filtered activity log as CSV (ADMIN only)',
  }),
};
