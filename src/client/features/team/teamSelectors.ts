import type { RootState } from '../../app/store.js';
import type { RequestError } from '../../lib/remote.js';
import { createSelector } from '@reduxjs/toolkit';
import { answersOnlyAssigned, assigneeOfPart, canManageTeam, canSignCampaign } from '../../../shared/team.js';
import type { Assignment } from '../../../shared/api/team.js';
import type { AxisGroup } from '../campaigns/campaignsSelectors.js';

/** A member as the team's screens name them: their name, else their e-mail. */
export const memberName = (member: { name: string; email: string }) => member.name || member.email;

/** The toast of a refused change of the team: the refusal the server names, or the generic one. */
export function teamErrorMessage(error: RequestError): string {
  switch (error.data) {
    case 'MEMBER_EXISTS':
      return 'TEAM.TOAST.MEMBER_EXISTS';
    case 'ADMINISTRATOR_ACCOUNT':
      return 'TEAM.TOAST.ADMINISTRATOR_ACCOUNT';
    case 'LAST_RESPONSABLE':
      return 'TEAM.TOAST.LAST_RESPONSABLE';
    case 'ENTITY_ARCHIVED':
      return 'TEAM.TOAST.ENTITY_ARCHIVED';
    default:
      return 'TEAM.TOAST.ERROR';
  }
}

/** The team on screen: its members, whether the signed-in user manages it, and the calls on their way. */
export function selectTeam(state: RootState) {
  const { team } = state;
  const user = state.auth.user;
  return {
    entityId: team.entityId,
    members: team.members.data,
    partNames: team.partNames,
    loading: team.members.status === 'loading',
    failed: team.members.status === 'failed',
    inviting: team.invite.status === 'loading',
    invited: team.invite.status === 'succeeded',
    changing: team.changing,
    manages: user !== null && team.entityId !== null && canManageTeam(user, team.entityId),
    selfId: user?.id ?? null,
  };
}

const selectTeamState = (state: RootState) => state.team;
const selectUser = (state: RootState) => state.auth.user;
const selectCampaignOnScreen = (state: RootState) => state.campaigns.questionnaire.campaign;

/**
 * The questionnaire's team view: who answers each axis of the campaign on screen and each policy assigned apart,
 * the members one may assign (for those who manage the team), whether the signed-in user answers only what is
 * assigned to them, and what that is.
 */
export const selectQuestionnaireTeam = createSelector([selectTeamState, selectUser, selectCampaignOnScreen], (team, user, campaign) => {
  const entityId = campaign?.entityId ?? null;
  const assignments = campaign && team.campaignId === campaign.id ? (team.assignments.data ?? []) : [];
  const collaborator = user !== null && entityId !== null && answersOnlyAssigned(user, entityId);
  /** Who answers a policy of an axis: its own assignee, else its axis's (undefined: the responsible members). */
  const assigneeOf = (axisId: number, policyId: number) => assigneeOfPart(assignments, axisId, policyId);
  return {
    loaded: campaign !== null && team.campaignId === campaign.id && team.assignments.status === 'succeeded',
    /** The member assigned an axis as a whole (policyId undefined), or one policy of it apart: undefined when nobody is. */
    assignedTo: (axisId: number, policyId?: number) => assignments.find((a) => a.axisId === axisId && a.policyId === (policyId ?? null)),
    assigneeOf,
    manages: user !== null && entityId !== null && canManageTeam(user, entityId),
    members: entityId !== null && team.entityId === entityId ? (team.members.data ?? []) : [],
    assigning: team.assigning,
    collaborator,
    /** Whether the user signs and sends the campaign (its responsible members, ADMIN). */
    signs: user !== null && entityId !== null && canSignCampaign(user, entityId),
    /** Whether the user may change a policy's answers: anyone who may answer, but a collaborator only what is theirs. */
    mayChange: (axisId: number, policyId: number) => !collaborator || assigneeOf(axisId, policyId)?.userId === user?.id,
    /** Whether a policy of an axis is the user's own ('Mis preguntas'). */
    isMine: (axisId: number, policyId: number) => user !== null && assigneeOf(axisId, policyId)?.userId === user.id,
  };
});

/** What a reader who may not change part of an axis is told: whose it is (undefined: nobody's in particular). */
export interface NotMine {
  assignee: Assignment | undefined;
}

/**
 * How an axis of the questionnaire shows to someone who may not change all of it: one line under the axis when none
 * of its policies is theirs and one member (or nobody) answers them all; otherwise a line under each policy not
 * theirs. Nothing for what they may change.
 */
export function axisAccess(
  axis: Pick<AxisGroup, 'axisId' | 'policies'>,
  team: Pick<ReturnType<typeof selectQuestionnaireTeam>, 'mayChange' | 'assigneeOf'>,
): { axis: NotMine | null; policies: Map<number, NotMine> } {
  const notMine = axis.policies
    .filter((p) => !team.mayChange(axis.axisId, p.policyId))
    .map((p) => [p.policyId, { assignee: team.assigneeOf(axis.axisId, p.policyId) }] as const);
  const assignees = new Set(notMine.map(([, n]) => n.assignee?.userId));
  if (notMine.length > 0 && notMine.length === axis.policies.length && assignees.size === 1) return { axis: notMine[0][1], policies: new Map() };
  return { axis: null, policies: new Map(notMine) };
}

/**
 * How a change's author shows: by the name of the team member with that e-mail once the entity's team is loaded
 * (the questionnaire loads it), by the e-mail otherwise (a former member, an administrator).
 */
export const selectMemberName = createSelector([(state: RootState) => state.team.members.data], (members) => {
  const names = new Map((members ?? []).filter((m) => m.name).map((m) => [m.email.toLowerCase(), m.name]));
  return (email: string) => names.get(email.toLowerCase()) ?? email;
});
