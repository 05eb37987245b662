import type { Queryable } from '../client.js';
import type { Language, MemberRole } from '../../../shared/constants.js';
import type { Assignment, Member } from '../../../shared/api/team.js';

/*
 * An entity's team (migration 027): its members (`user_entities` with their role) and which member answers each
 * axis of a campaign (`campaign_assignments`).
 */

/** The entity's campaign of the current edition (the latest), whose axes the team page assigns; undefined when it has none. */
const CURRENT_CAMPAIGN = `(SELECT c.id FROM campaigns c
    WHERE c.entity_id = $1 AND c.edition_id = (SELECT e.id FROM editions e ORDER BY e.campaign_number DESC LIMIT 1))`;

/** Whether the entity exists. */
export async function entityExists(q: Queryable, entityId: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM entities WHERE id = $1', [entityId])).length > 0;
}

/** Whether the category is an axis of the edition's questionnaire (what a campaign of it assigns). */
export async function isAxisOfEdition(q: Queryable, editionId: number, axisId: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM indicators WHERE edition_id = $1 AND axis_id = $2 LIMIT 1', [editionId, axisId])).length > 0;
}

/** What an invitation's e-mail needs: the entity's name and the invited account's language; undefined when either is gone. */
export async function invitationOf(q: Queryable, entityId: number, email: string): Promise<{ entity: string; language: Language } | undefined> {
  const [row] = await q.query<{ entity: string; language: Language }>(
    'SELECT en.name AS entity, u.language FROM entities en, users u WHERE en.id = $1 AND lower(u.email) = lower($2)',
    [entityId, email],
  );
  return row;
}

/** An axis's name, as the questionnaire shows it (the assignment's e-mail names it). */
export async function axisText(q: Queryable, axisId: number): Promise<string> {
  const [row] = await q.query<{ text: string }>("SELECT text FROM categories WHERE id = $1 AND type = 'axis'", [axisId]);
  return row?.text ?? '';
}

/** The entity's members, responsible ones first, then by e-mail, each with the axes of the current campaign assigned to them. */
export async function listMembers(q: Queryable, entityId: number): Promise<Member[]> {
  const rows = await q.query<{ user_id: number; email: string; name: string; role: MemberRole; assigned: number[] | null }>(
    `SELECT u.id AS user_id, u.email, u.name, ue.role,
            (SELECT array_agg(a.axis_id ORDER BY a.axis_id) FROM campaign_assignments a
              WHERE a.user_id = u.id AND a.campaign_id = ${CURRENT_CAMPAIGN}) AS assigned
       FROM user_entities ue JOIN users u ON u.id = ue.user_id
      WHERE ue.entity_id = $1
      ORDER BY ue.role = 'responsable' DESC, lower(u.email)`,
    [entityId],
  );
  return rows.map((r) => ({ userId: r.user_id, email: r.email, name: r.name, role: r.role, assigned: r.assigned ?? [] }));
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

/** Takes the account out of the entity, with the axes of the entity's campaigns assigned to it. */
export async function removeMember(q: Queryable, entityId: number, userId: number): Promise<void> {
  await q.query('DELETE FROM campaign_assignments a USING campaigns c WHERE c.id = a.campaign_id AND c.entity_id = $1 AND a.user_id = $2', [entityId, userId]);
  await q.query('DELETE FROM user_entities WHERE entity_id = $1 AND user_id = $2', [entityId, userId]);
}

/** Sets a member's role. */
export async function setMemberRole(q: Queryable, entityId: number, userId: number, role: MemberRole): Promise<void> {
  await q.query('UPDATE user_entities SET role = $3 WHERE entity_id = $1 AND user_id = $2', [entityId, userId, role]);
}

/** The campaign's assignments, by axis id. */
export async function listAssignments(q: Queryable, campaignId: number): Promise<Assignment[]> {
  const rows = await q.query<{ axis_id: number; user_id: number; email: string; name: string }>(
    `SELECT a.axis_id, a.user_id, u.email, u.name FROM campaign_assignments a JOIN users u ON u.id = a.user_id
      WHERE a.campaign_id = $1 ORDER BY a.axis_id`,
    [campaignId],
  );
  return rows.map((r) => ({ axisId: r.axis_id, userId: r.user_id, email: r.email, name: r.name }));
}

/** Assigns the campaign's axis to a member (replacing whoever had it), or to nobody (null). */
export async function writeAssignment(q: Queryable, campaignId: number, axisId: number, userId: number | null, by: number): Promise<void> {
  if (userId === null) {
    await q.query('DELETE FROM campaign_assignments WHERE campaign_id = $1 AND axis_id = $2', [campaignId, axisId]);
    return;
  }
  await q.query(
    `INSERT INTO campaign_assignments (campaign_id, axis_id, user_id, assigned_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (campaign_id, axis_id) DO UPDATE SET user_id = EXCLUDED.user_id, assigned_by = EXCLUDED.assigned_by, assigned_at = now()`,
    [campaignId, axisId, userId, by],
  );
}

/** Who is assigned the campaign's axis; undefined when nobody is. */
export async function assigneeOf(q: Queryable, campaignId: number, axisId: number): Promise<number | undefined> {
  const [row] = await q.query<{ user_id: number }>('SELECT user_id FROM campaign_assignments WHERE campaign_id = $1 AND axis_id = $2', [campaignId, axisId]);
  return row?.user_id;
}
