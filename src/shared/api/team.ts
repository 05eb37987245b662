import { Type, type Static } from 'typebox';
import { apiCall, Id, NoQuery, Strict, Success } from './schema.js';
import { Email, MemberRoleName } from './auth.js';
import { CampaignIdQuery } from './campaigns.js';

/**
 * The team that answers for an entity (docs/api.md, "Team"): its members with their roles ('responsable',
 * 'colaborador'), and which member answers each axis of its campaign, or each policy of an axis. Its responsible
 * members, ADMIN and FEC manage it; every member reads it.
 */

/** 409: the account asked for is a member of the entity already. */
export const MEMBER_EXISTS = 'MEMBER_EXISTS';
/** 409: the change would leave the entity without a responsible member. */
export const LAST_RESPONSABLE = 'LAST_RESPONSABLE';
/** 409: the e-mail belongs to an administrator's account (ADMIN, FEC), which sees every entity without belonging to one. */
export const ADMINISTRATOR_ACCOUNT = 'ADMINISTRATOR_ACCOUNT';
/** 403: a collaborator changes an answer of an axis or policy not assigned to them. */
export const NOT_ASSIGNED = 'NOT_ASSIGNED';

/** GET entities/members: the entity asked. */
export const MembersQuery = Strict({ entityId: Id });
export type MembersQuery = Static<typeof MembersQuery>;

/** A member of an entity's team, with the axes and policies of the entity's current campaign assigned to them. */
export const Member = Type.Object({
  userId: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  role: MemberRoleName,
  assigned: Type.Array(Type.Integer(), { description: "Axis ids of the entity's campaign of the current edition" }),
  assignedPolicies: Type.Array(Type.Object({ axisId: Type.Integer(), policyId: Type.Integer() }), {
    description: "Policies assigned apart in the entity's campaign of the current edition, each with its axis",
  }),
});
export type Member = Static<typeof Member>;

export const Members = Type.Array(Member);
export type Members = Static<typeof Members>;

/** POST entities/members/invite: an account by e-mail, created when there is none. */
export const InviteMemberRequest = Strict({ entityId: Id, email: Email, role: MemberRoleName });
export type InviteMemberRequest = Static<typeof InviteMemberRequest>;

/** The member added; `temporaryPassword` only for an account created now (shown once, to be changed at the first sign-in). */
export const InviteMemberResponse = Type.Object({ userId: Type.Integer(), temporaryPassword: Type.Optional(Type.String()) });
export type InviteMemberResponse = Static<typeof InviteMemberResponse>;

/** POST entities/members/remove. */
export const RemoveMemberRequest = Strict({ entityId: Id, userId: Id });
export type RemoveMemberRequest = Static<typeof RemoveMemberRequest>;

/** POST entities/members/role. */
export const MemberRoleRequest = Strict({ entityId: Id, userId: Id, role: MemberRoleName });
export type MemberRoleRequest = Static<typeof MemberRoleRequest>;

/**
 * POST campaigns/assign: who answers an axis of the campaign, or with `policyId` one policy of that axis, which
 * then no longer follows the axis (userId null: an axis to nobody in particular, its responsible members; a policy
 * back to whoever answers its axis).
 */
export const AssignRequest = Strict({ id: Id, axisId: Id, policyId: Type.Optional(Id), userId: Type.Union([Id, Type.Null()]) });
export type AssignRequest = Static<typeof AssignRequest>;

/** One axis of a campaign (policyId null) or one policy of an axis assigned to a member. */
export const Assignment = Type.Object({
  axisId: Type.Integer(),
  policyId: Type.Union([Type.Integer(), Type.Null()]),
  userId: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
});
export type Assignment = Static<typeof Assignment>;

/** A campaign's assignments, by axis id and then policy id (each axis's own first). */
export const Assignments = Type.Array(Assignment);
export type Assignments = Static<typeof Assignments>;

export const teamCalls = {
  members: apiCall({
    method: 'GET',
    url: '/entities/members',
    access: 'user',
    querystring: MembersQuery,
    response: Members,
    summary: "An entity's team: its members, their roles and the axes and policies of its current campaign assigned to them (its members, ADMIN, FEC)",
  }),
  invite: apiCall({
    method: 'POST',
    url: '/entities/members/invite',
    access: 'user',
    querystring: NoQuery,
    body: InviteMemberRequest,
    response: InviteMemberResponse,
    summary:
      "Adds an account to the entity's team by e-mail, creating it with a temporary password (answered once) when there is none (its responsible members, ADMIN, FEC)",
  }),
  remove: apiCall({
    method: 'POST',
    url: '/entities/members/remove',
    access: 'user',
    querystring: NoQuery,
    body: RemoveMemberRequest,
    response: Success,
    summary:
      "Takes a member out of the entity's team, with the axes and policies assigned to them (its responsible members, ADMIN, FEC; never the last responsible one)",
  }),
  role: apiCall({
    method: 'POST',
    url: '/entities/members/role',
    access: 'user',
    querystring: NoQuery,
    body: MemberRoleRequest,
    response: Success,
    summary: "Changes a member's role in the entity's team (its responsible members, ADMIN, FEC; never the last responsible one)",
  }),
  assign: apiCall({
    method: 'POST',
    url: '/campaigns/assign',
    access: 'user',
    querystring: NoQuery,
    body: AssignRequest,
    response: Assignments,
    summary:
      "Assigns an axis of the campaign, or one policy of an axis, to a member of its entity, or to nobody (the entity's responsible members, ADMIN, FEC)",
  }),
  assignments: apiCall({
    method: 'GET',
    url: '/campaigns/assignments',
    access: 'user',
    querystring: CampaignIdQuery,
    response: Assignments,
    summary: 'Which member answers each axis of the campaign and each policy assigned apart (whoever may read the campaign)',
  }),
};
