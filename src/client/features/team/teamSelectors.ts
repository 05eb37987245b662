import type { RootState } from '../../app/store.js';
import type { RequestError } from '../../lib/remote.js';
import { createSelector } from '@reduxjs/toolkit';
import { answersOnlyAssigned, canManageTeam, canSignCampaign } from '../../../shared/team.js';

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
    axisNames: team.axisNames,
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
 * The questionnaire's team view: who answers each axis of the campaign on screen, the members one may assign (for
 * those who manage the team), whether the signed-in user answers only the axes assigned to them, and which those are.
 */
export const selectQuestionnaireTeam = createSelector([selectTeamState, selectUser, selectCampaignOnScreen], (team, user, campaign) => {
  const entityId = campaign?.entityId ?? null;
  const assignments = campaign && team.campaignId === campaign.id ? (team.assignments.data ?? []) : [];
  const byAxis = new Map(assignments.map((a) => [a.axisId, a]));
  const collaborator = user !== null && entityId !== null && answersOnlyAssigned(user, entityId);
  return {
    loaded: campaign !== null && team.campaignId === campaign.id && team.assignments.status === 'succeeded',
    byAxis,
    manages: user !== null && entityId !== null && canManageTeam(user, entityId),
    members: entityId !== null && team.entityId === entityId ? (team.members.data ?? []) : [],
    assigning: team.assigning,
    collaborator,
    /** Whether the user signs and sends the campaign (its responsible members, ADMIN). */
    signs: user !== null && entityId !== null && canSignCampaign(user, entityId),
    /** The axes whose answers the user may change: every one, but for a collaborator only those assigned to them. */
    mayChange: (axisId: number) => !collaborator || byAxis.get(axisId)?.userId === user?.id,
    mine: new Set(assignments.filter((a) => a.userId === user?.id).map((a) => a.axisId)),
  };
});

/**
 * How a change's author shows: by the name of the team member with that e-mail once the entity's team is loaded
 * (the questionnaire loads it), by the e-mail otherwise (a former member, an administrator).
 */
export const selectMemberName = createSelector([(state: RootState) => state.team.members.data], (members) => {
  const names = new Map((members ?? []).filter((m) => m.name).map((m) => [m.email.toLowerCase(), m.name]));
  return (email: string) => names.get(email.toLowerCase()) ?? email;
});
