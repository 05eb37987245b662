/**
 * The team that answers for an entity (docs/api.md, "Team"): its responsible members, ADMIN and FEC invite
 * colleagues by e-mail, take them out and change their roles, and assign each axis of the entity's campaign, or a
 * policy of an axis apart, to a member; a collaborator changes only the answers of what is assigned to them
 * (requireAssigned). The entity never stays without a responsible member. Every change is audit-logged.
 */
import type { Db, Queryable, Tx } from '../db/client.js';
import { AppError, conflict, forbidden, notFound, validationError } from '../errors.js';
import { isUniqueViolation } from '../db/faults.js';
import { lockEntities } from '../db/repositories/entities.js';
import { findCampaign } from '../db/repositories/campaignQueries.js';
import { insertUser } from '../db/repositories/users.js';
import * as repo from '../db/repositories/team.js';
import { recordAudit } from '../db/repositories/audit.js';
import { ENTITY_ARCHIVED } from '../../shared/api/campaigns.js';
import {
  ADMINISTRATOR_ACCOUNT,
  LAST_RESPONSABLE,
  MEMBER_EXISTS,
  NOT_ASSIGNED,
  type AssignRequest,
  type Assignments,
  type InviteMemberRequest,
  type InviteMemberResponse,
  type Members,
  type MemberRoleRequest,
  type RemoveMemberRequest,
} from '../../shared/api/team.js';
import { GENERATED_PASSWORD_LENGTH, type MemberRole } from '../../shared/constants.js';
import { ROLES } from '../../shared/roles.js';
import type { CurrentUser } from '../../shared/api/auth.js';
import { generatePassword, hashPassword } from './auth/passwords.js';
import { auditedBy, campaignAudit, type Actor } from './actor.js';
import { answersOnlyAssigned, assigneeOfPart, canManageTeam } from '../../shared/team.js';
import { canReadEntity, requireReadableCampaign } from './campaigns/rules.js';
import { requireEdition } from './campaigns/cycle.js';
import { requireNotFinal } from './campaigns/objectionRules.js';
import type { EditionQuestionnaire } from '../reports/questionnaireCache.js';
import { mailAfterCommit, mailCampaignEntity, type EntityMailSetup } from './mail/entityMail.js';
import { composeAssignedMail, composeInvitationMail } from './mail/templates.js';

/** An entity's audit entry about its team. */
const teamAudit = (actor: Actor, action: string, entityId: number, details: Record<string, unknown>) => ({
  ...auditedBy(actor),
  action,
  targetType: 'entity',
  targetId: entityId,
  entityId,
  details,
});

/** An entity's team, read by its members, ADMIN and FEC (404 for anyone else, as for an entity that does not exist). */
export async function members(q: Queryable, actor: Actor, entityId: number): Promise<Members> {
  if (!canReadEntity(actor.user, entityId) || !(await repo.entityExists(q, entityId))) throw notFound('Entity');
  return repo.listMembers(q, entityId);
}

/** Refuses anyone but those who manage the entity's team: 404 when the user may not read the entity, 403 for a collaborator. */
function requireManager(user: CurrentUser, entityId: number): void {
  if (!canReadEntity(user, entityId)) throw notFound('Entity');
  if (!canManageTeam(user, entityId)) throw forbidden();
}

/**
 * The team of an entity the actor manages, locked for this transaction: 404 when the actor may not read the entity
 * or it does not exist, 403 for a collaborator.
 */
async function managedTeam(tx: Tx, actor: Actor, entityId: number): Promise<{ archived: boolean; members: Map<number, MemberRole> }> {
  requireManager(actor.user, entityId);
  const [entity] = await lockEntities(tx, [entityId]);
  if (!entity) throw notFound('Entity');
  return { archived: entity.archived, members: await repo.lockMembers(tx, entityId) };
}

/** The role of a member of the team (404 when the user is not one). */
function memberOf(members: ReadonlyMap<number, MemberRole>, userId: number): MemberRole {
  const role = members.get(userId);
  if (!role) throw notFound('Member');
  return role;
}

/** Refuses (409 LAST_RESPONSABLE) a change that takes the team's only responsible member away from that role. */
function requireAnotherResponsable(members: ReadonlyMap<number, MemberRole>, userId: number): void {
  const others = [...members].filter(([id, role]) => id !== userId && role === 'responsable');
  if (members.get(userId) === 'responsable' && others.length === 0) throw conflict('The entity must keep at least one responsible member', LAST_RESPONSABLE);
}

/**
 * Adds an account to the entity's team by e-mail: an existing USER account as it is (409 MEMBER_EXISTS when it is
 * a member already; 409 ADMINISTRATOR_ACCOUNT for an ADMIN or FEC account, which sees every entity anyway), or a
 * new USER account with a random temporary password, answered once and changed at its first sign-in. An archived
 * entity takes nobody (409 ENTITY_ARCHIVED).
 */
export async function inviteMember(db: Db, actor: Actor, input: InviteMemberRequest, mail: EntityMailSetup): Promise<InviteMemberResponse> {
  const email = input.email.trim();
  // Refused before the password's hash is made (the slow part), which only those who manage the team may cause.
  requireManager(actor.user, input.entityId);
  const password = generatePassword(GENERATED_PASSWORD_LENGTH);
  const passwordHash = await hashPassword(password);
  const invite = () =>
    db.transaction(async (tx) => {
      const team = await managedTeam(tx, actor, input.entityId);
      if (team.archived) throw conflict('The entity is archived: restore it first', ENTITY_ARCHIVED);
      const account = await repo.findAccountByEmail(tx, email);
      if (account && account.role !== ROLES.USER) throw conflict("The e-mail is an administrator's account, which sees every entity", ADMINISTRATOR_ACCOUNT);
      if (account && team.members.has(account.id)) throw conflict('The account is a member of the entity already', MEMBER_EXISTS);
      const userId = account?.id ?? (await insertUser(tx, { email, role: 'USER', passwordHash, entityIds: [], temporary: true }));
      if (!account)
        await recordAudit(tx, {
          ...auditedBy(actor),
          action: 'user.create',
          targetType: 'user',
          targetId: userId,
          details: { email, role: 'USER', entities: [input.entityId] },
        });
      await repo.addMember(tx, input.entityId, userId, input.role);
      await recordAudit(tx, teamAudit(actor, 'entity.member.add', input.entityId, { userId, email, role: input.role, created: !account }));
      return account ? { userId } : { userId, temporaryPassword: password };
    });
  let invited: InviteMemberResponse;
  try {
    invited = await invite();
  } catch (err) {
    // Two invitations of one new e-mail at once: the unique index stops the second, which then finds the account.
    if (!isUniqueViolation(err)) throw err;
    invited = await invite();
  }
  await mailInvitation(db, mail, actor, { ...input, email }, invited.temporaryPassword);
  return invited;
}

/**
 * With SMTP, the invited person hears of it in their language (a new account's in Spanish), with a new account's
 * temporary password, after the commit; a failure is only logged, without the password.
 */
async function mailInvitation(db: Db, setup: EntityMailSetup, actor: Actor, input: InviteMemberRequest, temporaryPassword?: string): Promise<void> {
  await mailAfterCommit(setup, 'invitation', { entityId: input.entityId }, async () => {
    const about = await repo.invitationOf(db, input.entityId, input.email);
    if (!about) return [];
    const by = actor.user.name || actor.user.email;
    const message = composeInvitationMail(about.language, { entity: about.entity, by, role: input.role, temporaryPassword, publicUrl: setup.publicUrl });
    return [{ to: input.email, ...message }];
  });
}

/** Takes a member out of the entity's team with the axes and policies assigned to them; never the last responsible member (409). */
export async function removeMember(db: Db, actor: Actor, input: RemoveMemberRequest): Promise<{ success: true }> {
  return db.transaction(async (tx) => {
    const team = await managedTeam(tx, actor, input.entityId);
    const role = memberOf(team.members, input.userId);
    requireAnotherResponsable(team.members, input.userId);
    await repo.removeMember(tx, input.entityId, input.userId);
    await recordAudit(tx, teamAudit(actor, 'entity.member.remove', input.entityId, { userId: input.userId, role }));
    return { success: true as const };
  });
}

/** Changes a member's role; never the last responsible member's (409). */
export async function setMemberRole(db: Db, actor: Actor, input: MemberRoleRequest): Promise<{ success: true }> {
  return db.transaction(async (tx) => {
    const team = await managedTeam(tx, actor, input.entityId);
    const before = memberOf(team.members, input.userId);
    if (before === input.role) return { success: true as const };
    requireAnotherResponsable(team.members, input.userId);
    await repo.setMemberRole(tx, input.entityId, input.userId, input.role);
    await recordAudit(tx, teamAudit(actor, 'entity.member.role', input.entityId, { userId: input.userId, before, after: input.role }));
    return { success: true as const };
  });
}

/**
 * Assigns an axis of the campaign's edition, or one policy of that axis there (422 otherwise), to a member of its
 * entity (422 otherwise), or to nobody; by the entity's responsible members, ADMIN and FEC, while the edition's
 * results are not final.
 */
export async function assignPart(db: Db, actor: Actor, input: AssignRequest, mail: EntityMailSetup): Promise<Assignments> {
  const part: repo.Part = input.policyId === undefined ? { axisId: input.axisId } : { axisId: input.axisId, policyId: input.policyId };
  // Who answers the part: an axis's own member; a policy's, its own or else its axis's.
  const answererOf = (list: Assignments) =>
    part.policyId === undefined ? list.find((a) => a.axisId === part.axisId && a.policyId === null) : assigneeOfPart(list, part.axisId, part.policyId);
  const assigned = await db.transaction(async (tx) => {
    const campaign = requireReadableCampaign(actor.user, await findCampaign(tx, input.id, true));
    const team = await managedTeam(tx, actor, campaign.entityId);
    requireNotFinal(await requireEdition(tx, campaign.editionId));
    if (!(await repo.isPartOfEdition(tx, campaign.editionId, part)))
      throw part.policyId === undefined
        ? validationError("The axis is not part of this campaign's questionnaire", { axisId: 'not an axis of this campaign' })
        : validationError("The policy is not part of this axis in the campaign's questionnaire", { policyId: 'not a policy of this axis' });
    if (input.userId !== null && !team.members.has(input.userId))
      throw validationError('The user is not a member of the entity', { userId: 'not a member of the entity' });
    const before = answererOf(await repo.listAssignments(tx, campaign.id));
    await repo.writeAssignment(tx, campaign.id, part, input.userId, actor.user.id);
    await recordAudit(tx, campaignAudit(actor, 'campaign.assign', campaign, { ...part, userId: input.userId }));
    const list = await repo.listAssignments(tx, campaign.id);
    return { list, changed: before?.userId !== answererOf(list)?.userId };
  });
  // A member newly assigned hears of it: not one who assigned the part to themselves, nor one who answered it already
  // (the same choice again, a policy given to its axis's member), nor anyone when it is unassigned.
  const assignee = input.userId === null ? undefined : answererOf(assigned.list);
  if (mail.mailer && assigned.changed && assignee && assignee.userId !== actor.user.id) {
    const by = actor.user.name || actor.user.email;
    await mailCampaignEntity(
      db,
      mail,
      input.id,
      'assignment',
      async (language, campaign) => composeAssignedMail(language, { ...campaign, ...(await repo.partText(db, part)), by }),
      (recipient) => recipient.email.toLowerCase() === assignee.email.toLowerCase(),
    );
  }
  return assigned.list;
}

/** Which member answers each axis of a campaign the caller may read, and each policy assigned apart. */
export async function assignments(q: Queryable, actor: Actor, id: number): Promise<Assignments> {
  requireReadableCampaign(actor.user, await findCampaign(q, id));
  return repo.listAssignments(q, id);
}

/**
 * Refuses (403 NOT_ASSIGNED) a collaborator's change to an answer whose policy, or else axis, is not assigned to
 * them (assigneeOfPart); anyone else who may answer the campaign changes any answer. Asked only of a collaborator,
 * so that the others' saves read nothing more.
 */
export async function requireAssigned(
  q: Queryable,
  user: CurrentUser,
  campaign: { id: number; entityId: number },
  edition: Pick<EditionQuestionnaire, 'partOf'>,
  question: number,
): Promise<void> {
  if (!answersOnlyAssigned(user, campaign.entityId)) return;
  const part = edition.partOf(question);
  if (part === undefined || assigneeOfPart(await repo.listAssignments(q, campaign.id), part.axisId, part.policyId)?.userId !== user.id)
    throw new AppError('FORBIDDEN', 'This answer belongs to a part of the questionnaire not assigned to you', NOT_ASSIGNED);
}
