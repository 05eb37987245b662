import type { CampaignStatus, ReviewStatus } from '../../../shared/api/campaigns.js';
import { OBJECTIONS_CLOSED } from '../../../shared/api/objections.js';
import { CAMPAIGN_NOT_SENT } from '../../../shared/api/results.js';
import { REVIEW_STATE } from '../../../shared/api/review.js';
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
