import type { Db, Tx } from '../../db/client.js';
import type { CampaignStateResponse, ReviewMark } from '../../../shared/api/campaigns.js';
import { REVIEW_PAGE_SIZE, type MarkRequest, type RequestChangesRequest, type ReviewQueue, type ReviewQueueQuery } from '../../../shared/api/review.js';
import { conflict, notFound, validationError } from '../../errors.js';
import { findCampaignToAnswer, stateOf, type CampaignToAnswer } from '../../db/repositories/campaignQueries.js';
import * as reviewRepo from '../../db/repositories/review.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { addValidatedToTerritoryScores } from '../../db/repositories/territoryScores.js';
import type { QuestionnaireCache } from '../../reports/questionnaireCache.js';
import type { ReportBody, ReportCache } from '../../reports/reportCache.js';
import type { Actor } from '../actor.js';
import { campaignAudit } from '../actor.js';
import { noSuchEdition } from './cycle.js';
import { requireNotFinal } from './objectionRules.js';
import { markProblem, reviewCallRefusal, type ReviewCall } from './reviewRules.js';
import { composeCorrectionsMail } from '../mail/templates.js';
import { mailCampaignEntity, type EntityMailSetup } from '../mail/entityMail.js';

/**
 * The reviewers' calls (ADMIN, FEC; the route checks the role): marking answers, asking for corrections and
 * validating, each in one transaction on the campaign's locked row, so that two reviewers acting on one campaign
 * at once take turns and the second sees what the first did. The state machine is reviewRules.ts.
 */

/** One transaction on the campaign (locked; 404 when there is none) once the call is allowed: its edition not final, and in its review status (409 otherwise). */
function reviewing<T>(db: Db, id: number, call: ReviewCall, work: (tx: Tx, found: CampaignToAnswer) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const found = await findCampaignToAnswer(tx, id);
    if (!found) throw notFound('Campaign');
    requireNotFinal({ final: found.editionFinal });
    // The marks `fix` as they stand in this transaction (the row's flagged list is read only while corrections are asked).
    const flagged = call === 'mark' ? [] : await reviewRepo.readFlagged(tx, id);
    const refusal = reviewCallRefusal(call, found.campaign.reviewStatus, flagged);
    if (refusal) throw conflict(refusal.message, refusal.data);
    return work(tx, { ...found, flagged });
  });
}

/** Marks one answer of a campaign awaiting review `ok` or `fix` (a `fix` with what to correct), replacing the mark it had. */
export function markAnswer(db: Db, questionnaires: QuestionnaireCache, actor: Actor, input: MarkRequest): Promise<ReviewMark> {
  const comment = input.comment ?? null;
  const problem = markProblem(input.verdict, comment);
  if (problem) throw validationError(`Invalid mark: the comment ${problem}`, { comment: problem });
  return reviewing(db, input.id, 'mark', async (tx, { campaign, catalogueVersion }) => {
    const edition = await questionnaires.get(campaign.editionId, catalogueVersion, tx);
    if (!edition.subindicator(input.question)) throw validationError('The question is not part of this campaign', { question: 'not in this campaign' });
    const mark = await reviewRepo.writeMark(tx, {
      campaignId: campaign.id,
      subindicatorId: input.question,
      verdict: input.verdict,
      comment,
      reviewerId: actor.user.id,
      reviewerEmail: actor.user.email,
    });
    await recordAudit(tx, campaignAudit(actor, 'campaign.review.mark', campaign, { question: input.question, verdict: input.verdict, comment }));
    return mark;
  });
}

/**
 * Sends a campaign awaiting review back to its entity for the answers marked `fix`, with the reviewer's message;
 * once that is committed, its members are e-mailed (mailCampaignEntity).
 */
export async function requestChanges(db: Db, actor: Actor, input: RequestChangesRequest, mail: EntityMailSetup): Promise<CampaignStateResponse> {
  const { state, marked } = await reviewing(db, input.id, 'requestChanges', async (tx, { campaign, flagged }) => {
    await reviewRepo.markChangesRequested(tx, campaign.id, input.message);
    await recordAudit(tx, campaignAudit(actor, 'campaign.review.requestChanges', campaign, { message: input.message, questions: flagged }));
    return { state: stateOf({ ...campaign, reviewStatus: 'changesRequested' }), marked: flagged.length };
  });
  await mailCampaignEntity(db, mail, input.id, 'corrections', (language, campaign) =>
    composeCorrectionsMail(language, { ...campaign, message: input.message, marked }),
  );
  return state;
}

/**
 * Validates a campaign awaiting review with no answer marked `fix`; where its edition takes its means from validated
 * campaigns, it counts in them from now on (in the same transaction).
 */
export function validateCampaign(db: Db, actor: Actor, id: number): Promise<CampaignStateResponse> {
  return reviewing(db, id, 'validate', async (tx, { campaign }) => {
    await reviewRepo.markValidated(tx, campaign.id, actor.user.email);
    await addValidatedToTerritoryScores(tx, campaign.id);
    await recordAudit(tx, campaignAudit(actor, 'campaign.review.validate', campaign));
    return stateOf({ ...campaign, reviewStatus: 'validated' });
  });
}

/**
 * The review queue's answer, envelope included, as the route sends it: the body kept for the edition's queue version
 * (migration 024: renewed by every write that changes what the queue shows) when there is one, else read
 * (listReviewQueue) and encoded, then kept. `edition` is what findQueueEdition read (undefined: 422 for an edition
 * named that does not exist, 404 before the first edition).
 */
export function reviewQueueBody(
  db: Db,
  bodies: ReportCache,
  edition: reviewRepo.QueueEdition | undefined,
  query: ReviewQueueQuery,
  encode: (queue: ReviewQueue) => Buffer,
): Promise<ReportBody> {
  if (!edition) throw noSuchEdition(query.editionId);
  const { editionId: _named, page = 1, ...filter } = query;
  const key = `reviewQueue:${JSON.stringify([edition.id, filter.communityId ?? null, filter.provinceId ?? null, filter.reviewStatus ?? null, page])}`;
  return bodies.get(key, edition.version, async () => encode(await reviewRepo.listReviewQueue(db, edition, filter, { number: page, size: REVIEW_PAGE_SIZE })));
}
