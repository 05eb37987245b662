import { releaseRows, type Queryable } from '../client.js';
import { MADRID_TIME_ZONE } from '../../../shared/dates.js';

/**
 * Reads of the activity log (repositories/audit.ts writes it): newest first, in keyset pages by (at, id), so that
 * a page costs the same however deep it is and rows added meanwhile never shift the next page.
 */

/** The filters, already checked (services/admin/auditLog.ts): dates are Madrid calendar days, both included. */
export interface AuditLogFilters {
  actor?: number;
  entity?: number;
  action?: string;
  from?: string;
  to?: string;
}

/** A page's end: the row's time in microseconds since 1970 (exact, unlike a Date) and its id. */
export interface AuditCursor {
  atMicros: string;
  id: string;
}

export interface AuditLogRow {
  id: string;
  at: string;
  action: string;
  actorId: number | null;
  actorEmail: string | null;
  entityId: number | null;
  entityName: string | null;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown> | null;
  cursor: AuditCursor;
}

/** The WHERE clause of the filters and the cursor, with its parameters. */
function whereOf(filters: AuditLogFilters, after: AuditCursor | null): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (filters.actor !== undefined) conditions.push(`a.actor_id = ${param(filters.actor)}`);
  if (filters.entity !== undefined) conditions.push(`a.entity_id = ${param(filters.entity)}`);
  if (filters.action !== undefined) conditions.push(`a.action = ${param(filters.action)}`);
  // A constant of the code, not input: written into the statement as a literal.
  const zone = `'${MADRID_TIME_ZONE}'`;
  if (filters.from !== undefined) conditions.push(`a.at >= (${param(filters.from)}::date::timestamp AT TIME ZONE ${zone})`);
  if (filters.to !== undefined) conditions.push(`a.at < ((${param(filters.to)}::date + 1)::timestamp AT TIME ZONE ${zone})`);
  if (after) conditions.push(`(a.at, a.id) < ('epoch'::timestamptz + ${param(after.atMicros)}::bigint * interval '1 microsecond', ${param(after.id)}::bigint)`);
  return { sql: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/** One page of the filtered log after the cursor (null: from the newest), at most `limit` rows. */
export async function readAuditLog(q: Queryable, filters: AuditLogFilters, after: AuditCursor | null, limit: number): Promise<AuditLogRow[]> {
  const where = whereOf(filters, after);
  const rows = await q.query<{
    id: string;
    at: Date;
    at_us: string;
    action: string;
    actor_id: number | null;
    actor_email: string | null;
    entity_id: number | null;
    entity_name: string | null;
    target_type: string | null;
    target_id: string | null;
    details: Record<string, unknown> | null;
  }>(
    `SELECT a.id::text AS id, a.at, (extract(epoch FROM a.at) * 1000000)::bigint::text AS at_us, a.action, a.actor_id,
            COALESCE(a.actor_email, u.email, CASE WHEN a.action LIKE 'auth.login%' THEN a.details->>'email' END) AS actor_email,
            a.entity_id,
            COALESCE(en.name, a.details->>'entityName', CASE WHEN a.target_type = 'entity' THEN a.details->>'name' END) AS entity_name,
            a.target_type, a.target_id, a.details
       FROM audit_log a
       LEFT JOIN users u ON u.id = a.actor_id
       LEFT JOIN entities en ON en.id = a.entity_id
      ${where.sql}
      ORDER BY a.at DESC, a.id DESC
      LIMIT ${limit}`,
    where.params,
  );
  const page = rows.map((r) => ({
    id: r.id,
    at: new Date(r.at).toISOString(),
    action: r.action,
    actorId: r.actor_id,
    actorEmail: r.actor_email,
    entityId: r.entity_id,
    entityName: r.entity_name,
    targetType: r.target_type,
    targetId: r.target_id,
    details: r.details,
    cursor: { atMicros: r.at_us, id: r.id },
  }));
  // The CSV streams the whole log page by page: nothing old of the client's may keep a page from dying young.
  releaseRows(rows);
  return page;
}
