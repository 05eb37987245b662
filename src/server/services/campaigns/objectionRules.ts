import type { CampaignStatus, ReviewStatus } from '../../../shared/api/campaigns.js';
import { EDITION_FINAL, FINAL_BLOCKED, OBJECTIONS_CLOSED, type FinalBlockedData } from '../../../shared/api/objections.js';
import { CAMPAIGN_NOT_SENT } from '../../../shared/api/results.js';
import { REVIEW_STATE } from '../../../shared/api/review.js';
import { conflict, type AppError } from '../../errors.js';
import type { Refusal } from './reviewRules.js';

/**
 * When an entity may object (docs/api.md, "Objections"), as a plain function: its campaign sent and not back with
 * it for corrections (it can correct those answers itself), its edition's provisional results published, and
 * today (Madrid's calendar) no later than the last day to object.
 */
export function objectionRefusal(
  campaign: { status: CampaignStatus; reviewStatus: ReviewStatus },
  publication: { objectionsUntil: string | null },
  today: string,
): Refusal | null {
  if (campaign.status !== 'sent') return { message: 'Only a sent campaign can be objected to', data: CAMPAIGN_NOT_SENT };
  const { objectionsUntil } = publication;
  if (objectionsUntil === null || today > objectionsUntil)
    return {
      message: objectionsUntil === null ? 'The provisional results are not published yet' : `Objections closed on ${objectionsUntil}`,
      data: { code: OBJECTIONS_CLOSED, objectionsUntil },
    };
  if (campaign.reviewStatus === 'changesRequested')
    return { message: 'The campaign is back with its entity for corrections', data: { code: REVIEW_STATE, reviewStatus: campaign.reviewStatus } };
  return null;
}

/** The 409 of every call that would change an edition whose results are final (scoring.md, "Final results"). */
export const editionFinal = (): AppError => conflict("The edition's results are final: nothing of it changes", { code: EDITION_FINAL });

/** Refuses (409 EDITION_FINAL) a change to an edition whose results are final. */
export function requireNotFinal(edition: { final: boolean }): void {
  if (edition.final) throw editionFinal();
}

/**
 * When an edition's results may be published as final (docs/api.md, "Final results"), as a plain function: its
 * provisional results published, the period to object over (today, Madrid's calendar, later than the last day),
 * every sent campaign validated and no objection awaiting a decision. Refused, the data says all that blocks it.
 */
export function finalRefusal(
  publication: { objectionsUntil: string | null },
  blockers: Pick<FinalBlockedData, 'notValidated' | 'openObjections'>,
  today: string,
): Refusal | null {
  const { objectionsUntil } = publication;
  const provisionalPublished = objectionsUntil !== null;
  const objectionsPeriodOpen = objectionsUntil !== null && today <= objectionsUntil;
  const { notValidated, openObjections } = blockers;
  if (provisionalPublished && !objectionsPeriodOpen && notValidated.length === 0 && openObjections.length === 0) return null;
  const reasons = [
    provisionalPublished ? null : 'the provisional results are not published',
    objectionsPeriodOpen ? `entities may object until ${objectionsUntil}` : null,
    notValidated.length > 0 ? `${notValidated.length} sent campaigns are not validated` : null,
    openObjections.length > 0 ? `${openObjections.length} objections await a decision` : null,
  ].filter((reason) => reason !== null);
  const data: FinalBlockedData = { code: FINAL_BLOCKED, provisionalPublished, objectionsUntil, objectionsPeriodOpen, notValidated, openObjections };
  return { message: `The results cannot be final yet: ${reasons.join('; ')}`, data };
}
