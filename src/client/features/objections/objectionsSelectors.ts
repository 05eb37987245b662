import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer.js';
import type { CampaignDetail } from '../../../shared/api/campaigns.js';
import type { Objection } from '../../../shared/api/objections.js';
import { madridDate } from '../../../shared/dates.js';
import { selectCan } from '../auth/authSelectors.js';

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
  return objectionWindowOn(campaign, madridDate(now));
}

/** objectionWindow on a calendar day of Madrid ('YYYY-MM-DD'). */
function objectionWindowOn(campaign: Pick<CampaignDetail, 'status' | 'reviewStatus' | 'objectionsUntil'>, today: string) {
  const until = campaign.objectionsUntil;
  const over = until !== null && today > until;
  const open = campaign.status === 'sent' && campaign.reviewStatus !== 'changesRequested' && until !== null && !over;
  return { open, over, until };
}

/** Whether the user may answer the campaigns it reads (its entity's members, ADMIN): they object and back objections; FEC reads them only. */
export const selectMayAnswer = (state: RootState) => selectCan(state, 'SELF_CAMPAIGNS') || selectCan(state, 'ADMIN_CAMPAIGNS');

/** How an answer's open objection may still be backed with evidence (selectObjectionEvidence). */
export interface ObjectionEvidence {
  /** The last day to object (Madrid's calendar, 'YYYY-MM-DD'): evidence may be added until then. */
  until: string;
  /** The ids of the answer's evidence added since the objection was filed: the only items that may be removed. */
  removable: ReadonlySet<number>;
}

const NOT_BACKED: ReadonlyMap<number, ObjectionEvidence> = new Map();

/**
 * The answers of the questionnaire on screen whose open objection the user may back with evidence on `today`
 * (Madrid's calendar day), by question (docs/api.md, "Objections"; the server decides the same): the objection
 * window open (objectionWindow) and the user one who may answer the campaign. The evidence the review saw stays:
 * only items added since the objection was filed may be removed.
 */
export const selectObjectionEvidence = createSelector(
  [
    (state: RootState) => state.campaigns.questionnaire.campaign,
    (state: RootState) => state.objections,
    selectMayAnswer,
    (_state: RootState, today: string) => today,
  ],
  (campaign, objections, mayAnswer, today): ReadonlyMap<number, ObjectionEvidence> => {
    if (!campaign || !mayAnswer || objections.campaignId !== campaign.id) return NOT_BACKED;
    const { open, until } = objectionWindowOn(campaign, today);
    if (!open || until === null) return NOT_BACKED;
    const subs = new Map(campaign.indicators.flatMap((i) => i.subindicators).map((sub) => [sub.id, sub]));
    const backed = new Map<number, ObjectionEvidence>();
    for (const objection of objections.list.data ?? []) {
      const sub = subs.get(objection.question);
      if (objection.status !== 'open' || !sub) continue;
      const since = Date.parse(objection.createdAt);
      const removable = new Set(sub.evidence.filter((item) => Date.parse(item.addedAt) >= since).map((item) => item.id));
      backed.set(objection.question, { until, removable });
    }
    return backed;
  },
);
