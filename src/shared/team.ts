import type { CurrentUser } from './api/auth.js';
import type { MemberRole } from './constants.js';

/*
 * Who does what in an entity's team (docs/api.md, "Team"), as the server checks it and the client shows it: the
 * responsible members manage the team and sign; a collaborator answers the axes and policies assigned to them.
 */

/** The user's role in the entity's team; undefined when the user is not one of its members. */
export function memberRole(user: CurrentUser, entityId: number): MemberRole | undefined {
  return user.entities.find((e) => e.id === entityId)?.role;
}

/** Who manages an entity's team (invites, removes, changes roles, assigns the axes): its responsible members, ADMIN and FEC. */
export function canManageTeam(user: CurrentUser, entityId: number): boolean {
  return user.role === 'ADMIN' || user.role === 'FEC' || (user.role === 'USER' && memberRole(user, entityId) === 'responsable');
}

/** Who signs and sends the entity's campaign, and copies the previous edition into it: its responsible members and ADMIN. */
export function canSignCampaign(user: CurrentUser, entityId: number): boolean {
  return user.role === 'ADMIN' || (user.role === 'USER' && memberRole(user, entityId) === 'responsable');
}

/** Whether a user who may answer the entity's campaign answers only the parts assigned to them (a collaborator). */
export function answersOnlyAssigned(user: CurrentUser, entityId: number): boolean {
  return user.role === 'USER' && memberRole(user, entityId) === 'colaborador';
}

/** One assignment of a campaign: an axis (policyId null) or one policy of an axis, to a member. */
export interface AssignedPart {
  axisId: number;
  policyId: number | null;
  userId: number;
}

/**
 * Who answers the questions of one policy of an axis: the member assigned that policy, else the one assigned its axis;
 * undefined when neither is (the responsible members answer it).
 */
export function assigneeOfPart<T extends AssignedPart>(assignments: readonly T[], axisId: number, policyId: number): T | undefined {
  return assignments.find((a) => a.axisId === axisId && a.policyId === policyId) ?? assignments.find((a) => a.axisId === axisId && a.policyId === null);
}

/** The path of a signed submission's receipt's public verification page (the server writes it, the reports link it). */
export const verificationPath = (code: string) => `/verificar/${code}`;
