import type { CurrentUser } from '../../shared/api/auth.js';
import type { SessionKey } from './auth/tokenKinds.js';

/** Who makes a change, for the audit trail: the signed-in user and the request. */
export interface Actor {
  user: CurrentUser;
  requestId: string;
}

/** The actor's fields of an audit entry (recordAudit). */
export const auditedBy = (actor: Actor) => ({ actorId: actor.user.id, actorEmail: actor.user.email, requestId: actor.requestId });

/** A campaign's audit entry: it concerns the campaign's entity (recordAudit adds the entity's name). */
export const campaignAudit = (actor: Actor, action: string, campaign: { id: number; entityId: number }, details?: Record<string, unknown>) => ({
  ...auditedBy(actor),
  action,
  targetType: 'campaign',
  targetId: campaign.id,
  entityId: campaign.entityId,
  details: { entityId: campaign.entityId, ...details },
});

/**
 * The caller of a route whose session is checked by the service's first statement (sessionCheckedByRoute): given
 * how to read with the session check and how to read without it, it reads, checks the user read (401 when the
 * session is gone, 403 when the role may not act) and answers the actor with what was read. The route builds it
 * from its request (checkSessionWith).
 */
export type CheckedCaller = <T>(
  withSession: (session: SessionKey) => Promise<{ user: CurrentUser | undefined; read: T }>,
  alone: () => Promise<T>,
) => Promise<{ actor: Actor; read: T }>;
