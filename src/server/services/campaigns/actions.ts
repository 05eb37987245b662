import type { Db, Tx } from '../../db/client.js';
import { CAMPAIGN_EXISTS, ENTITY_ARCHIVED, type Answer, type CampaignStateResponse } from '../../../shared/api/campaigns.js';
import { AppError, conflict, forbidden, notFound, validationError } from '../../errors.js';
import { findCampaign, findCampaignToAnswer, findSessionUserAndCampaignToAnswer, type CampaignRow } from '../../db/repositories/campaignQueries.js';
import * as writes from '../../db/repositories/campaignWrites.js';
import { lockEntities } from '../../db/repositories/entities.js';
import { readAnswerIds } from '../../db/repositories/scores.js';
import { storeSubmission } from '../../db/repositories/territoryScores.js';
import { scoreCampaign } from '../../reports/scoring.js';
import type { EditionQuestionnaire, QuestionnaireCache } from '../../reports/questionnaireCache.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { auditedBy, type Actor, type CheckedCaller } from '../actor.js';
import { answerProblem, canAnswerCampaign, canReadEntity } from './rules.js';
import { requireAnswerable } from './cycle.js';

/** A campaign's audit entry: it concerns the campaign's entity (recordAudit adds the entity's name). */
const audit = (actor: Actor, action: string, campaign: { id: number; entityId: number }, details?: Record<string, unknown>) => ({
  ...auditedBy(actor),
  action,
  targetType: 'campaign',
  targetId: campaign.id,
  entityId: campaign.entityId,
  details: { entityId: campaign.entityId, ...details },
});

const stateOf = (c: CampaignRow): CampaignStateResponse => ({
  success: true,
  campaign: { id: c.id, status: c.status, startDate: c.startDate, endDate: c.endDate },
});

/**
 * The caller, checked in the same statement, and the campaign, locked for this transaction, if the caller may
 * answer it (a campaign of another entity answers as if it did not exist), it is not sent and its dates allow it
 * (409 otherwise), with its edition's questionnaire (from the cache).
 */
async function answerableCampaign(
  tx: Tx,
  questionnaires: QuestionnaireCache,
  caller: CheckedCaller,
  id: number,
): Promise<{ actor: Actor; campaign: CampaignRow; edition: EditionQuestionnaire }> {
  const { actor, read: found } = await caller(
    (session) => findSessionUserAndCampaignToAnswer(tx, session, id),
    () => findCampaignToAnswer(tx, id),
  );
  const { user } = actor;
  if (!found || !canReadEntity(user, found.campaign.entityId)) throw notFound('Campaign');
  const { campaign } = found;
  if (!canAnswerCampaign(user, campaign.entityId)) throw forbidden();
  if (campaign.status === 'sent') throw conflict('The campaign has been submitted and can no longer change');
  requireAnswerable(found.dates);
  return { actor, campaign, edition: await questionnaires.get(campaign.editionId, found.catalogueVersion, tx) };
}

/**
 * Saves (or clears) one answer; the first answer moves the campaign to draft. A refused answer changes nothing.
 * The most frequent call of the weeks campaigns are being sent: BEGIN, one statement for the session, the
 * campaign and its dates, the write and COMMIT (and the status with the first answer).
 */
export async function saveAnswer(
  db: Db,
  questionnaires: QuestionnaireCache,
  caller: CheckedCaller,
  input: { id: number; question: number; answer: Answer },
): Promise<CampaignStateResponse> {
  return db.transaction(async (tx) => {
    const { campaign, edition } = await answerableCampaign(tx, questionnaires, caller, input.id);
    const question = edition.subindicator(input.question);
    if (!question) throw validationError('The question is not part of this campaign', { question: 'not in this campaign' });
    const problem = answerProblem(question, input.answer);
    if (problem) throw validationError(`Invalid answer: ${problem}`, { answer: problem });
    await writes.writeAnswer(tx, campaign.id, input.question, input.answer);
    if (input.answer === null || campaign.status !== 'created') return stateOf(campaign);
    return stateOf(await writes.markDraft(tx, campaign.id));
  });
}

/**
 * Submits a fully answered campaign: sent, answers frozen, scores computed (scoring.ts) and stored, and added to
 * its territories' sums, all in one transaction: BEGIN, the session with the campaign, its answers, the writes
 * (storeSubmission), the audit and COMMIT.
 */
export async function submitCampaign(db: Db, questionnaires: QuestionnaireCache, caller: CheckedCaller, id: number): Promise<CampaignStateResponse> {
  return db.transaction(async (tx) => {
    const { actor, campaign, edition } = await answerableCampaign(tx, questionnaires, caller, id);
    const answers = await readAnswerIds(tx, id);
    const missing = edition.scored.filter((s) => !answers.has(s.id)).length;
    if (missing > 0) throw new AppError('VALIDATION', `${missing} questions are not answered yet`, 'NOT_ALL_ANSWERED');
    const sent = await storeSubmission(tx, id, scoreCampaign(edition.scored, answers));
    await recordAudit(tx, audit(actor, 'campaign.submit', campaign));
    return stateOf(sent);
  });
}

/**
 * Creates the entity's campaign for the current edition; one per entity and edition (409 CAMPAIGN_EXISTS). An
 * archived entity gets none until it is restored (409 ENTITY_ARCHIVED).
 */
export async function createCampaign(db: Db, actor: Actor, entityId: number): Promise<{ campaign: { id: number } }> {
  return db.transaction(async (tx) => {
    const [entity] = await lockEntities(tx, [entityId]);
    if (!entity) throw notFound('Entity');
    if (entity.archived) throw conflict('The entity is archived: restore it first', ENTITY_ARCHIVED);
    const editionId = await writes.currentEditionId(tx);
    if (editionId === undefined) throw conflict('There is no questionnaire edition yet');
    const id = await writes.insertCampaign(tx, entityId, editionId);
    if (id === undefined) throw conflict('The entity already has a campaign in the current edition', CAMPAIGN_EXISTS);
    await recordAudit(tx, audit(actor, 'campaign.create', { id, entityId }, { editionId }));
    return { campaign: { id } };
  });
}

/** Deletes a campaign that has not been submitted, with its answers. */
export async function deleteCampaign(db: Db, actor: Actor, id: number): Promise<{ success: true }> {
  return db.transaction(async (tx) => {
    const campaign = await findCampaign(tx, id, true);
    if (!campaign) throw notFound('Campaign');
    if (campaign.status === 'sent') throw conflict('A submitted campaign cannot be deleted');
    await writes.deleteCampaign(tx, id);
    await recordAudit(tx, audit(actor, 'campaign.delete', campaign, { status: campaign.status }));
    return { success: true as const };
  });
}
