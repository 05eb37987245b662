import type { Queryable } from '../client.js';

/** One line of the audit trail: who did what to which thing, and in which request. */
export interface AuditEntry {
  actorId?: number | null;
  actorEmail?: string | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
  requestId?: string;
}

export async function recordAudit(q: Queryable, entry: AuditEntry): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, details, request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      entry.actorId ?? null,
      entry.actorEmail ?? null,
      entry.action,
      entry.targetType ?? null,
      entry.targetId === undefined ? null : String(entry.targetId),
      entry.details ? JSON.stringify(entry.details) : null,
      entry.requestId ?? null,
    ],
  );
}
