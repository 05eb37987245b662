import type { CurrentUser } from '../../shared/api/auth.js';

/** Who makes a change, for the audit trail: the signed-in user and the request. */
export interface Actor {
  user: CurrentUser;
  requestId: string;
}

/** The actor's fields of an audit entry (recordAudit). */
export const auditedBy = (actor: Actor) => ({ actorId: actor.user.id, actorEmail: actor.user.email, requestId: actor.requestId });
