import type { CampaignStatus, ReviewStatus, ReviewVerdict } from '../../../shared/api/campaigns.js';
import { ANSWERS_TO_FIX, NOT_FLAGGED, NOTHING_FLAGGED, REVIEW_STATE } from '../../../shared/api/review.js';

/**
 * The review's state machine (docs/api.md, "Review"), as plain functions: which call each review status allows,
 * and which of the entity's changes a campaign takes while corrections are asked.
 *
 *   sent ──> pending ──requestChanges──> changesRequested ──submit (corrections)──> pending
 *               └──────validate──────> validated
 *
 * A reopening (ADMIN) takes any sent campaign back to draft and its review starts over.
 */

/** Why a call is refused: the message (English, for the log) and the `data` of the 409. */
export interface Refusal {
  message: string;
  data: unknown;
}

export type ReviewCall = 'mark' | 'requestChanges' | 'validate';

/** Why a reviewer's call is refused on a campaign in that review status with those answers marked `fix`; null when allowed. */
export function reviewCallRefusal(call: ReviewCall, reviewStatus: ReviewStatus, flagged: readonly number[]): Refusal | null {
  if (reviewStatus !== 'pending')
    return { message: `A campaign ${reviewStatus === 'none' ? 'not sent' : reviewStatus} is not awaiting review`, data: { code: REVIEW_STATE, reviewStatus } };
  if (call === 'requestChanges' && flagged.length === 0) return { message: 'No answer is marked to correct', data: NOTHING_FLAGGED };
  if (call === 'validate' && flagged.length > 0)
    return { message: `${flagged.length} answers are marked to correct`, data: { code: ANSWERS_TO_FIX, questions: [...flagged] } };
  return null;
}

/** What is wrong with a mark's comment: a `fix` says what to correct. */
export function markProblem(verdict: ReviewVerdict, comment: string | null | undefined): string | null {
  return verdict === 'fix' && (comment === null || comment === undefined) ? 'is required to ask for a correction' : null;
}

/**
 * Why the entity may not change a campaign: a sent campaign changes only while corrections are asked, and then only
 * in the answers marked `fix`. `question` is the answer a change concerns (answer, evidence, "No aplica", comment),
 * or undefined for the campaign as a whole (sending it). Null when it may.
 */
export function entityChangeRefusal(
  campaign: { status: CampaignStatus; reviewStatus: ReviewStatus },
  flagged: readonly number[],
  question: number | undefined,
): Refusal | null {
  if (campaign.status !== 'sent') return null;
  if (campaign.reviewStatus !== 'changesRequested') return { message: 'The campaign has been submitted and can no longer change', data: undefined };
  if (question === undefined || flagged.includes(question)) return null;
  return { message: 'Only the answers the reviewer marked to correct can change', data: NOT_FLAGGED };
}

/** Whether a submission sends corrections (the campaign is sent, back with the entity) rather than a first sending. */
export const sendsCorrections = (campaign: { status: CampaignStatus; reviewStatus: ReviewStatus }) =>
  campaign.status === 'sent' && campaign.reviewStatus === 'changesRequested';

/** Who sees the reviewers' marks: reviewers always; the entity once corrections are asked or the campaign is validated. */
export const entitySeesMarks = (reviewStatus: ReviewStatus) => reviewStatus === 'changesRequested' || reviewStatus === 'validated';
