import type { Queryable } from '../client.js';
import type { Language, MemberRole } from '../../../shared/constants.js';
import type { Assignment, Member } from '../../../shared/api/team.js';

/*
 * An entity's team (migration 027): its members (`user_entities` with their role) and which member answers each
 * axis of a campaign (`campaign_assignments`) or one policy of an axis (`campaign_policy_assignments`, migration 029).
 */

/** An axis of a campaign, or one policy of that axis (what an assignment gives a member). */
export interface Part {
  axisId: number;
  policyId?: number;
}

/** The entity's campaign of the current edition (the latest), whose axes the team page assigns; undefined when it has none. */
const CURRENT_CAMPAIGN = `(SELECT c.id FROM campaigns c
    WHERE c.entity_id = $1 AND c.edition_id = (SELECT e.id FROM editions e ORDER BY e.campaign_number DESC LIMIT 1))`;

/** Whether the entity exists. */
export async function entityExists(q: Queryable, entityId: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM entities WHERE id = $1', [entityId])).length > 0;
}

/** Whether the axis is one of the edition's questionnaire, and the policy (when named) one of that axis's there. */
export async function isPartOfEdition(q: Queryable, editionId: number, part: Part): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM indicators WHERE edition_id = $1 AND axis_id = $2 AND ($3::int IS NULL OR policy_id = $3) LIMIT 1', [
    editionId,
    part.axisId,
    part.policyId ?? null,
  ]);
  return rows.length > 0;
}

/** What an invitation's e-mail needs: the entity's name and the invited account's language; undefined when either is gone. */
export async function invitationOf(q: Queryable, entityId: number, email: string): Promise<{ entity: string; language: Language } | undefined> {
  const [row] = await q.query<{ entity: string; language: Language }>(
    'SELECT en.name AS entity, u.language FROM entities en, users u WHERE en.id = $1 AND lower(u.email) = lower($2)',
    [entityId, email],
  );
  return row;
}

/** A part's names, as the questionnaire shows them (the assignment's e-mail names them); '' for one gone. */
export async function partText(q: Queryable, part: Part): Promise<{ axis: string; policy?: string }> {
  const rows = await q.query<{ id: number; text: string }>('SELECT id, text FROM categories WHERE id = ANY($1::int[])', [
    `{${[part.axisId, part.policyId ?? part.axisId].join(',')}}`,
  ]);
  const text = (id: number) => rows.find((r) => r.id === id)?.text ?? '';
  return part.policyId === undefined ? { axis: text(part.axisId) } : { axis: text(part.axisId), policy: text(part.policyId) };
}

/**
 * The entity's members, responsible ones first, then by e-mail, each with the axes and the policies of the current
 * campaign assigned to them.
 */
export async function listMembers(q: Queryable, entityId: number): Promise<Member[]> {
  const rows = await q.query<{
    user_id: number;
    email: string;
    name: string;
    role: MemberRole;
    assigned: number[] | null;
    policies: { axisId: number; policyId: number }[] | null;
  }>(
    `SELECT u.id AS user_id, u.email, u.name, ue.role,
            (SELECT array_agg(a.axis_id ORDER BY a.axis_id) FROM campaign_assignments a
              WHERE a.user_id = u.id AND a.campaign_id = ${CURRENT_CAMPAIGN}) AS assigned,
            (SELECT json_agg(json_build_object('axisId', p.axis_id, 'policyId', p.policy_id) ORDER BY p.axis_id, p.policy_id) FROM campaign_policy_assignments p
              WHERE p.user_id = u.id AND p.campaign_id = ${CURRENT_CAMPAIGN}) AS policies
       FROM user_entities ue JOIN users u ON u.id = ue.user_id
      WHERE ue.entity_id = $1
      ORDER BY ue.role = 'responsable' DESC, lower(u.email)`,
    [entityId],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    email: r.email,
    name: r.name,
    role: r.role,
    assigned: r.assigned ?? [],
    assignedPolicies: r.policies ?? [],
  }));
}

/** The entity's members' roles, locked for this transaction (a change of the team sees the team as it stays). */
export async function lockMembers(q: Queryable, entityId: number): Promise<Map<number, MemberRole>> {
  const rows = await q.query<{ user_id: number; role: MemberRole }>(
    'SELECT user_id, role FROM user_entities WHERE entity_id = $1 ORDER BY user_id FOR UPDATE',
    [entityId],
  );
  return new Map(rows.map((r) => [r.user_id, r.role]));
}

/** The account with this e-mail (without case), with its role number, locked for this transaction. */
export async function findAccountByEmail(q: Queryable, email: string): Promise<{ id: number; role: number } | undefined> {
  const [row] = await q.query<{ id: number; role: number }>('SELECT id, role FROM users WHERE lower(email) = lower($1) FOR UPDATE', [email.trim()]);
  return row;
}

/** Makes the account a member of the entity with that role. */
export async function addMember(q: Queryable, entityId: number, userId: number, role: MemberRole): Promise<void> {
  await q.query('INSERT INTO user_entities (user_id, entity_id, role) VALUES ($1, $2, $3)', [userId, entityId, role]);
}

/** Takes the account out of the entity, with the axes and policies of the entity's campaigns assigned to it. */
export async function removeMember(q: Queryable, entityId: number, userId: number): Promise<void> {
  await dropAssignments(q, userId, [entityId]);
  await q.query('DELETE FROM user_entities WHERE entity_id = $1 AND user_id = $2', [entityId, userId]);
}

/**
 * Drops the axes and policies assigned to the account in the campaigns of these entities (all its entities' with
 * 'all'): whoever no longer answers for an entity leaves its parts to be assigned again.
 */
export async function dropAssignments(q: Queryable, userId: number, entityIds: readonly number[] | 'all'): Promise<void> {
  const entities = entityIds === 'all' ? null : `{${entityIds.join(',')}}`;
  for (const table of ['campaign_assignments', 'campaign_policy_assignments'])
    await q.query(
      `DELETE FROM ${table} a USING campaigns c WHERE c.id = a.campaign_id AND a.user_id = $1 AND ($2::int[] IS NULL OR c.entity_id = ANY($2::int[]))`,
      [userId, entities],
    );
}

/** Sets a member's role. */
export async function setMemberRole(q: Queryable, entityId: number, userId: number, role: MemberRole): Promise<void> {
  await q.query('UPDATE user_entities SET role = $3 WHERE entity_id = $1 AND user_id = $2', [entityId, userId, role]);
}

/** The campaign's assignments, by axis id and then policy id (each axis's own first, policyId null). */
export async function listAssignments(q: Queryable, campaignId: number): Promise<Assignment[]> {
  const rows = await q.query<{ axis_id: number; policy_id: number | null; user_id: number; email: string; name: string }>(
    `SELECT a.axis_id, a.policy_id, a.user_id, u.email, u.name
       FROM (SELECT axis_id, NULL::int AS policy_id, user_id FROM campaign_assignments WHERE campaign_id = $1
             UNION ALL
             SELECT axis_id, policy_id, user_id FROM campaign_policy_assignments WHERE campaign_id = $1) a
       JOIN users u ON u.id = a.user_id
      ORDER BY a.axis_id, a.policy_id NULLS FIRST`,
    [campaignId],
  );
  return rows.map((r) => ({ axisId: r.axis_id, policyId: r.policy_id, userId: r.user_id, email: r.email, name: r.name }));
}

/**
 * Assigns the campaign's axis, or one policy of it, to a member (replacing whoever had it); to nobody (null): the
 * axis's assignment goes, and the policy follows its axis again.
 */
export async function writeAssignment(q: Queryable, campaignId: number, part: Part, userId: number | null, by: number): Promise<void> {
  if (part.policyId !== undefined) {
    if (userId === null)
      await q.query('DELETE FROM campaign_policy_assignments WHERE campaign_id = $1 AND axis_id = $2 AND policy_id = $3', [
        campaignId,
        part.axisId,
        part.policyId,
      ]);
    else
      await q.query(
        `INSERT INTO campaign_policy_assignments (campaign_id, axis_id, policy_id, user_id, assigned_by) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (campaign_id, axis_id, policy_id) DO UPDATE SET user_id = EXCLUDED.user_id, assigned_by = EXCLUDED.assigned_by, assigned_at = now()`,
        [campaignId, part.axisId, part.policyId, userId, by],
      );
    return;
  }
  if (userId === null) {
    await q.query('DELETE FROM campaign_assignments WHERE campaign_id = $1 AND axis_id = $2', [campaignId, part.axisId]);
    return;
  }
  await q.query(
    `INSERT INTO campaign_assignments (campaign_id, axis_id, user_id, assigned_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (campaign_id, axis_id) DO UPDATE SET user_id = EXCLUDED.user_id, assigned_by = EXCLUDED.assigned_by, assigned_at = now()`,
    [campaignId, part.axisId, userId, by],
  );
}
