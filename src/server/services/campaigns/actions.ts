import type { Db } from '../../db/client.js';
import type { CurrentUser } from '../../../shared/api/auth.js';
import { CAMPAIGN_EXISTS, type CampaignStateResponse } from '../../../shared/api/campaigns.js';
import { AppError, conflict, forbidden, notFound, validationError } from '../../errors.js';
import { findCampaign, type CampaignRow } from '../../db/repositories/campaignQueries.js';
import * as writes from '../../db/repositories/campaignWrites.js';
import { scoreSentCampaign } from '../../reports/storedScores.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { auditedBy, type Actor } from '../actor.js';
import { answerProblem, canAnswerCampaign, canReadEntity } from './rules.js';
import { requireAnswerable } from './cycle.js';

/** A campaign's audit entry: it concerns the campaign's entity (recordAudit adds the entity's name). */
const audit = (actor: Actor, action: string, campaign: { id: number; entityId: number }, details?: Record<string, unknown>) => ({
  ...auditedBy(actor), action, targetType: 'campaign', targetId: campaign.id, entityId: campaign.entityId, details: { entityId: campaign.entityId, ...details },
});

const stateOf = (c: CampaignRow): CampaignStateResponse => ({
  success: true,
  campaign: { id: c.id, status: c.status, startDate: c.startDate, endDate: c.endDate },
});

/** The campaign if the user may see it; a campaign of another entity answers as if it did not exist. */
function readableCampaign(user: CurrentUser, campaign: CampaignRow | undefined): CampaignRow {
  if (!campaign || !canReadEntity(user, campaign.entityId)) throw notFound('Campaign');
  return campaign;
}

/** The campaign, locked for this transaction, if the user may answer it and it is still open. */
function answerableCampaign(user: CurrentUser, campaign: CampaignRow | undefined): CampaignRow {
  const readable = readableCampaign(user, campaign);
  if (!canAnswerCampaign(user, readable.entityId)) throw forbidden();
  if (readable.status === 'sent') throw conflict('The campaign has been submitted and can no longer change');
  return readable;
}

/** Saves (or clears) one answer; the first answer moves the campaign to draft. A refused answer changes nothing. */
export async function saveAnswer(db: Db, actor: Actor, input: { id: number; question: number; answer: number[] | null }): Promise<CampaignStateResponse> {
  return db.transaction(async (tx) => {
    const campaign = answerableCampaign(actor.user, await findCampaign(tx, input.id, true));
    await requireAnswerable(tx, campaign.id);
    const question = await writes.findQuestion(tx, input.question, campaign.editionId);
    if (!question) throw validationError('The question is not part of this campaign', { question: 'not in this campaign' });
    const problem = answerProblem(question, input.answer);
    if (problem) throw validationError(`Invalid answer: ${problem}`, { answer: problem });
    await writes.writeAnswer(tx, campaign.id, input.question, input.answer);
    // The row is locked since it was read: unless this first answer makes it a draft, it is as read (two
    // round trips fewer on the most frequent call of the weeks campaigns are being sent).
    if (input.answer === null || campaign.status !== 'created') return stateOf(campaign);
    await writes.markDraft(tx, campaign.id);
    return stateOf((await findCampaign(tx, campaign.id)) as CampaignRow);
  });
}

/** Submits a fully answered campaign: sent, answers frozen, scores computed and stored, all at once. */
export async function submitCampaign(db: Db, actor: Actor, id: number): Promise<CampaignStateResponse> {
  return db.transaction(async (tx) => {
    const campaign = answerableCampaign(actor.user, await findCampaign(tx, id, true));
    await requireAnswerable(tx, campaign.id);
    const missing = await writes.countUnanswered(tx, id);
    if (missing > 0) throw new AppError('VALIDATION', `${missing} questions are not answered yet`, 'NOT_ALL_ANSWERED');
    await writes.markSent(tx, id);
    await scoreSentCampaign(tx, id);
    await recordAudit(tx, audit(actor, 'campaign.submit', campaign));
    return stateOf((await findCampaign(tx, id)) as CampaignRow);
  });
}

/** Creates the entity's campaign for the current edition; one per entity and edition (409 CAMPAIGN_EXISTS). */
export async function createCampaign(db: Db, actor: Actor, entityId: number): Promise<{ campaign: { id: number } }> {
  return db.transaction(async (tx) => {
    if (!(await writes.entityExists(tx, entityId))) throw notFound('Entity');
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
