import { namedStatement, parameterFrom, type Queryable } from '../client.js';

/** One line of the audit trail: who did what to which thing, and in which request. Never a password or token. */
export interface AuditEntry {
  actorId?: number | null;
  actorEmail?: string | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  /**
   * The entity the row concerns (the activity log's entity filter). A campaign's row without one takes its
   * campaign's entity; the entity's name is added to the details while the entity exists.
   */
  entityId?: number;
  details?: Record<string, unknown>;
  requestId?: string;
}

/**
 * The INSERT of one audit entry whose eight values are the statement's parameters from $first on, in auditValues'
 * order: on its own (recordAudit) or as part of a larger write (a submission's, storeSubmission). A campaign's row
 * without an entity takes its campaign's; the entity's name is added to the details while the entity exists.
 */
export function auditInsert(first: number): string {
  const $ = parameterFrom(first);
  return `INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, details, request_id, entity_id)
   SELECT ${$(1)}, ${$(2)}, ${$(3)}, ${$(4)}, ${$(5)},
          CASE WHEN en.name IS NULL OR ${$(6)}::jsonb ? 'entityName' THEN ${$(6)}::jsonb
               ELSE COALESCE(${$(6)}::jsonb, '{}'::jsonb) || jsonb_build_object('entityId', en.id, 'entityName', en.name) END,
          ${$(7)}, concerned.entity_id
     FROM (SELECT COALESCE(${$(8)}::integer, CASE WHEN ${$(4)} = 'campaign' THEN (SELECT c.entity_id FROM campaigns c WHERE c.id::text = ${$(5)}) END)
             AS entity_id) AS concerned
     LEFT JOIN entities en ON en.id = concerned.entity_id`;
}

/** An audit entry's values, in the order auditInsert's parameters take them. */
export const auditValues = (entry: AuditEntry): unknown[] => [
  entry.actorId ?? null,
  entry.actorEmail ?? null,
  entry.action,
  entry.targetType ?? null,
  entry.targetId === undefined ? null : String(entry.targetId),
  entry.details ? JSON.stringify(entry.details) : null,
  entry.requestId ?? null,
  entry.entityId ?? null,
];

const RECORD_AUDIT = namedStatement('record_audit', auditInsert(1));

export async function recordAudit(q: Queryable, entry: AuditEntry): Promise<void> {
  await q.query(RECORD_AUDIT, auditValues(entry));
}

/**
 * Removes the activity log's rows recorded more than `days` days ago (LOG_RETENTION_DAYS: personal data is kept no
 * longer than it is needed); returns how many went.
 */
export const purgeAuditLog = (q: Queryable, days: number): Promise<number> => deleteOlderThan(q, 'audit_log', days);

/** The tables kept LOG_RETENTION_DAYS, by the column of each row's moment. */
const RETAINED = { audit_log: 'at', accessibility_complaints: 'received_at' } as const;

/** Deletes the rows of a retained table whose moment is more than `days` days old; returns how many went. */
export async function deleteOlderThan(q: Queryable, table: keyof typeof RETAINED, days: number): Promise<number> {
  const column = RETAINED[table];
  const rows = await q.query<{ removed: number }>(
    `WITH gone AS (DELETE FROM ${table} WHERE ${column} < now() - make_interval(days => $1::integer) RETURNING 1)
     SELECT count(*)::integer AS removed FROM gone`,
    [days],
  );
  return rows[0]?.removed ?? 0;
}
