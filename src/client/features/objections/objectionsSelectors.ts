import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer.js';
import type { CampaignDetail } from '../../../shared/api/campaigns.js';
import type { Objection } from '../../../shared/api/objections.js';
import { madridDate } from '../../../shared/dates.js';

const NONE: Objection[] = [];

/** The objections of the campaign on screen; none while another campaign's are still in the store. */
const selectCampaignObjections = (state: RootState, campaignId: number) =>
  state.objections.campaignId === campaignId ? (state.objections.list.data ?? NONE) : NONE;

/** The campaign's objections by question, newest first. */
export const selectObjectionsByQuestion = createSelector([selectCampaignObjections], (objections) => {
  const byQuestion = new Map<number, Objection[]>();
  for (const o of objections) byQuestion.set(o.question, [...(byQuestion.get(o.question) ?? []), o]);
  return byQuestion;
});

/** How many of the campaign's objections await a decision. */
export const selectOpenObjections = createSelector([selectCampaignObjections], (objections) =>
  objections.reduce((n, o) => n + (o.status === 'open' ? 1 : 0), 0),
);

/**
 * Whether the entity may object now (objectionRules.ts on the server says the same): its campaign sent and not back
 * with it for corrections, its edition's provisional results published, and today (Madrid) no later than the last
 * day. `until` is that day, null before publication; `over`, whether it is past.
 */
export function objectionWindow(
  campaign: Pick<CampaignDetail, 'status' | 'reviewStatus' | 'objectionsUntil'>,
  now: Date,
): { open: boolean; over: boolean; until: string | null } {
  const until = campaign.objectionsUntil;
  const over = until !== null && madridDate(now) > until;
  const open = campaign.status === 'sent' && campaign.reviewStatus !== 'changesRequested' && until !== null && !over;
  return { open, over, until };
}
