import { get, post } from './http.js';
import type { MemberRole } from '../../shared/constants.js';
import type { AssignRequest, Assignments, InviteMemberRequest, InviteMemberResponse, Members } from '../../shared/api/team.js';
import type { Category } from '../../shared/api/reference.js';
import type { CampaignReceipt } from '../../shared/api/receipts.js';

/** An entity's team and the assignment of its campaign's axes and policies (docs/api.md, "Team"). */
export const teamApi = {
  /** The entity's members, their roles and the axes and policies assigned to them. */
  members: (token: string | null, entityId: number) => get<Members>('/entities/members', token, { entityId }),
  /** Adds an account by e-mail; a new one comes with its temporary password, shown once. */
  invite: (token: string | null, request: InviteMemberRequest) => post<InviteMemberResponse>('/entities/members/invite', token, request),
  remove: (token: string | null, entityId: number, userId: number) => post<{ success: true }>('/entities/members/remove', token, { entityId, userId }),
  role: (token: string | null, entityId: number, userId: number, role: MemberRole) =>
    post<{ success: true }>('/entities/members/role', token, { entityId, userId, role }),
  /** The questionnaires' axes or policies, to name those assigned. */
  categories: (token: string | null, type: 'axis' | 'policy') => get<Category[]>('/categories/all', token, { type }),
  /** Who answers each axis of a campaign, and each policy assigned apart. */
  assignments: (token: string | null, id: number) => get<Assignments>('/campaigns/assignments', token, { id }),
  /** Assigns an axis, or with policyId one policy of it; the answer is the campaign's assignments as they stand. */
  assign: (token: string | null, request: AssignRequest) => post<Assignments>('/campaigns/assign', token, request),
  /** The campaign's latest receipt of a signed submission, with its entity and edition. */
  receipt: (token: string | null, id: number) => get<CampaignReceipt>('/campaigns/receipt', token, { id }),
};

export type TeamApi = typeof teamApi;
