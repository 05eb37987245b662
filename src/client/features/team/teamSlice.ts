import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MemberRole } from '../../../shared/constants.js';
import type { Assignments, InviteMemberRequest, Members } from '../../../shared/api/team.js';
import type { Category } from '../../../shared/api/reference.js';
import type { CampaignReceipt } from '../../../shared/api/receipts.js';
import { IDLE, LOADING, type Remote, type RequestError } from '../../lib/remote.js';
import { isSessionChange } from '../auth/authSlice.js';

/**
 * The team of the entity on screen ('Equipo'): its members, an invitation on its way and a change of role or a
 * removal on its way. A new account's temporary password never enters the store (the users' password dialog shows it).
 */
export interface TeamState {
  entityId: number | null;
  members: Remote<{ data: Members | null }>;
  /** The axes' and policies' names, by id, for those assigned (the team page). */
  partNames: { axes: Record<number, string>; policies: Record<number, string> };
  invite: Remote;
  /** The member whose role is being changed or who is being taken out, while the call runs. */
  changing: number | null;
  /** Who answers each axis and policy of the campaign on screen (the questionnaire), and the parts being assigned (partKey). */
  campaignId: number | null;
  assignments: Remote<{ data: Assignments | null }>;
  assigning: string[];
  /** The receipt page's campaign and its receipt ('Justificante de envío'). */
  receipt: Remote<{ campaignId: number | null; data: CampaignReceipt | null }>;
}

/** A choice of who answers an axis of the campaign, or with policyId one policy of it (null: nobody, or the policy back to its axis). */
export interface AssignChoice {
  campaignId: number;
  axisId: number;
  policyId?: number;
  userId: number | null;
}

/** How the state names an axis, or one policy of it, being assigned. */
export const partKey = (axisId: number, policyId?: number | null) => (policyId == null ? `${axisId}` : `${axisId}:${policyId}`);

const initialState: TeamState = {
  entityId: null,
  members: { ...IDLE, data: null },
  partNames: { axes: {}, policies: {} },
  invite: { ...IDLE },
  changing: null,
  campaignId: null,
  assignments: { ...IDLE, data: null },
  assigning: [],
  receipt: { ...IDLE, campaignId: null, data: null },
};

const teamSlice = createSlice({
  name: 'team',
  initialState,
  reducers: {
    membersRequested(state, action: PayloadAction<number>) {
      // Another entity's team is not this one's: it goes while its own loads.
      if (state.entityId !== action.payload) {
        state.entityId = action.payload;
        state.members = { ...LOADING, data: null };
        state.invite = { ...IDLE };
        return;
      }
      Object.assign(state.members, LOADING);
    },
    membersLoaded(state, action: PayloadAction<{ entityId: number; members: Members }>) {
      if (state.entityId === action.payload.entityId) state.members = { status: 'succeeded', error: null, data: action.payload.members };
    },
    /** The team page names the axes and policies assigned (the questionnaire has its own names). */
    partNamesRequested: (_state) => undefined,
    partNamesLoaded(state, action: PayloadAction<{ axes: Category[]; policies: Category[] }>) {
      const byId = (categories: Category[]) => Object.fromEntries(categories.map((c) => [c.id, c.text]));
      state.partNames = { axes: byId(action.payload.axes), policies: byId(action.payload.policies) };
    },
    membersFailed(state, action: PayloadAction<RequestError>) {
      state.members = { status: 'failed', error: action.payload, data: state.members.data };
    },
    inviteAsked(state, _action: PayloadAction<InviteMemberRequest>) {
      state.invite = { ...LOADING };
    },
    /** Invited: the form empties; a new account's password is in the box for its dialog. */
    invited(state) {
      state.invite = { status: 'succeeded', error: null };
    },
    inviteFailed(state, action: PayloadAction<RequestError>) {
      state.invite = { status: 'failed', error: action.payload };
    },
    roleAsked(state, action: PayloadAction<{ entityId: number; userId: number; role: MemberRole }>) {
      state.changing = action.payload.userId;
    },
    /** Asked from the list; the confirmation dialog dispatches removeConfirmed. */
    removeAsked: (_state, _action: PayloadAction<{ entityId: number; userId: number; email: string }>) => undefined,
    removeConfirmed(state, action: PayloadAction<{ entityId: number; userId: number }>) {
      state.changing = action.payload.userId;
    },
    /** A change of role or a removal ended (either way: the list is read again). */
    changeEnded(state) {
      state.changing = null;
    },
    assignmentsRequested(state, action: PayloadAction<number>) {
      if (state.campaignId !== action.payload) state.assignments = { ...LOADING, data: null };
      else Object.assign(state.assignments, LOADING);
      state.campaignId = action.payload;
    },
    assignmentsLoaded(state, action: PayloadAction<{ campaignId: number; assignments: Assignments }>) {
      if (state.campaignId === action.payload.campaignId) state.assignments = { status: 'succeeded', error: null, data: action.payload.assignments };
    },
    assignmentsFailed(state, action: PayloadAction<RequestError>) {
      state.assignments = { status: 'failed', error: action.payload, data: state.assignments.data };
    },
    /** Asked: the part waits, its choice disabled, until its turn comes and its answer arrives (the saga sends them one at a time). */
    assignAsked(state, action: PayloadAction<AssignChoice>) {
      state.assigning.push(partKey(action.payload.axisId, action.payload.policyId));
    },
    /** An assignment saved (the server's assignments follow) or refused (the choice shows as it stays). */
    assignEnded(state, action: PayloadAction<AssignChoice>) {
      const index = state.assigning.indexOf(partKey(action.payload.axisId, action.payload.policyId));
      if (index >= 0) state.assigning.splice(index, 1);
    },
    receiptRequested(state, action: PayloadAction<number>) {
      state.receipt = { ...LOADING, campaignId: action.payload, data: state.receipt.campaignId === action.payload ? state.receipt.data : null };
    },
    receiptLoaded(state, action: PayloadAction<{ campaignId: number; receipt: CampaignReceipt }>) {
      if (state.receipt.campaignId === action.payload.campaignId)
        state.receipt = { status: 'succeeded', error: null, campaignId: action.payload.campaignId, data: action.payload.receipt };
    },
    receiptFailed(state, action: PayloadAction<RequestError>) {
      Object.assign(state.receipt, { status: 'failed', error: action.payload });
    },
    receiptPrintRequested: (_state) => undefined,
  },
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialState),
});

export const teamActions = teamSlice.actions;
export const teamReducer = teamSlice.reducer;
