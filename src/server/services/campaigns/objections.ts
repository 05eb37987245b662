import type { Db } from '../../db/client.js';
import type {
  EditionPublication,
  Objection,
  ObjectionRequest,
  PublishFinalRequest,
  PublishProvisionalRequest,
  ResolveObjectionRequest,
} from '../../../shared/api/objections.js';
import { OBJECTION_OPEN, OBJECTION_RESOLVED } from '../../../shared/api/objections.js';
import { isCalendarDate } from '../../../shared/dates.js';
import { REVIEW_STATE } from '../../../shared/api/review.js';
import { conflict, forbidden, notFound, validationError } from '../../errors.js';
import { isUniqueViolation } from '../../db/faults.js';
import { findCampaignSummary, findCampaignToAnswer, findSessionUserAndCampaignToAnswer } from '../../db/repositories/campaignQueries.js';
import { lockChangeableEdition } from '../editions.js';
import * as repo from '../../db/repositories/objections.js';
import { markChangesRequested, writeMark } from '../../db/repositories/review.js';
import { composeObjectionResolvedMail } from '../mail/templates.js';
import { mailCampaignEntity, type EntityMailSetup } from '../mail/entityMail.js';
import { removeFromValidatedMeans } from '../../db/repositories/territoryScores.js';
import { grantSeals } from '../../db/repositories/publication.js';
import { recordAudit } from '../../db/repositories/audit.js';
import type { QuestionnaireCache } from '../../reports/questionnaireCache.js';
import { auditedBy, type Actor, type CheckedCaller } from '../actor.js';
import { campaignAudit } from '../actor.js';
import { madridDate } from './deadlines.js';
import { finalRefusal, objectionRefusal, requireNotFinal } from './objectionRules.js';
import { freezeEdition, lockEditionCampaigns, readFinalBlockers } from '../../db/repositories/finalResults.js';
import { canAnswerCampaign, canReadEntity, requireReadableCampaign } from './rules.js';
import { requireAssigned } from '../team.js';
import type { CurrentUser } from '../../../shared/api/auth.js';

/**
 * Objections to provisional results and final results (docs/api.md, "Objections", "Final results"): ADMIN publishes
 * an edition's provisional results with the last day to object; the entity's members object to an answer's review;
 * a reviewer accepts (the answer goes back to the entity, as corrections asked: it sends it again and is validated
 * again) or refuses, with the reason the entity reads. Once every objection is decided and every sent campaign
 * validated, ADMIN publishes the results as final, which freezes the edition. Each change in one transaction on
 * the campaign's (or edition's) locked row, audited.
 */

/** An edition's publication as the API answers it. */
const publicationOf = (
  campaignNumber: number,
  publication: { provisionalPublishedAt: Date | null; objectionsUntil: string | null; finalPublishedAt: Date | null },
  openObjections: number,
): EditionPublication => ({
  campaignNumber,
  provisionalPublishedAt: publication.provisionalPublishedAt && new Date(publication.provisionalPublishedAt).toISOString(),
  objectionsUntil: publication.objectionsUntil,
  openObjections,
  finalPublishedAt: publication.finalPublishedAt && new Date(publication.finalPublishedAt).toISOString(),
});

/** ADMIN: publishes (or moves the last day of) an edition's provisional results; 422 for an unknown edition or a day past. */
export async function publishProvisional(db: Db, actor: Actor, input: PublishProvisionalRequest, now = new Date()): Promise<EditionPublication> {
  if (!isCalendarDate(input.objectionsUntil)) throw validationError('Invalid last day to object', { objectionsUntil: 'is not a calendar date' });
  if (input.objectionsUntil < madridDate(now)) throw validationError('The last day to object is past', { objectionsUntil: 'is in the past' });
  return db.transaction(async (tx) => {
    const edition = await lockChangeableEdition(tx, input.campaignNumber);
    const previous = await repo.readPublication(tx, edition.id);
    const publication = await repo.writeProvisionalPublication(tx, edition.id, input.objectionsUntil);
    await recordAudit(tx, {
      ...auditedBy(actor),
      action: 'edition.publishProvisional',
      targetType: 'edition',
      targetId: edition.id,
      details: { year: input.campaignNumber, objectionsUntil: input.objectionsUntil, previous: previous.objectionsUntil },
    });
    return publicationOf(input.campaignNumber, publication, await repo.countOpenObjections(tx, edition.id));
  });
}

/**
 * ADMIN: publishes an edition's results as final (scoring.md, "Final results"): refused (409 FINAL_BLOCKED, with
 * all that blocks it: objectionRules.ts finalRefusal) until the period to object is over, every sent campaign is
 * validated and every objection decided; 409 EDITION_FINAL when they are final already. The edition's row and
 * then its campaigns locked, so that no submission, review or objection slips in between the check and the
 * freezing; the figures frozen with MIN_GROUP_SIZE as configured now; audited as edition.publishFinal.
 */
export async function publishFinal(db: Db, actor: Actor, input: PublishFinalRequest, minGroupSize: number, now = new Date()): Promise<EditionPublication> {
  return db.transaction(async (tx) => {
    const edition = await lockChangeableEdition(tx, input.campaignNumber);
    await lockEditionCampaigns(tx, edition.id);
    const publication = await repo.readPublication(tx, edition.id);
    const refusal = finalRefusal(publication, await readFinalBlockers(tx, edition.id), madridDate(now));
    if (refusal) throw conflict(refusal.message, refusal.data);
    const frozen = await freezeEdition(tx, edition.id, minGroupSize);
    const seals = await grantSeals(tx, edition.id);
    await recordAudit(tx, {
      ...auditedBy(actor),
      action: 'edition.publishFinal',
      targetType: 'edition',
      targetId: edition.id,
      details: { year: input.campaignNumber, campaigns: frozen.campaigns, minGroupSize, meansFrom: edition.meansFrom, seals },
    });
    return publicationOf(input.campaignNumber, { ...publication, finalPublishedAt: frozen.finalPublishedAt }, 0);
  });
}

/**
 * The entity's objection to one answer's review (its members; ADMIN as for answering): the campaign locked, sent,
 * its edition's objections open (409 OBJECTIONS_CLOSED), the question one of its edition's, no open objection on
 * it already (409 OBJECTION_OPEN).
 */
export async function fileObjection(
  db: Db,
  questionnaires: QuestionnaireCache,
  caller: CheckedCaller,
  input: ObjectionRequest,
  now = new Date(),
): Promise<Objection> {
  try {
    return await db.transaction(async (tx) => {
      const { actor, read: found } = await caller(
        (session) => findSessionUserAndCampaignToAnswer(tx, session, input.id),
        () => findCampaignToAnswer(tx, input.id),
      );
      if (!found || !canReadEntity(actor.user, found.campaign.entityId)) throw notFound('Campaign');
      const { campaign } = found;
      if (!canAnswerCampaign(actor.user, campaign.entityId)) throw forbidden();
      requireNotFinal({ final: found.editionFinal });
      const refusal = objectionRefusal(campaign, await repo.readPublication(tx, campaign.editionId), madridDate(now));
      if (refusal) throw conflict(refusal.message, refusal.data);
      const edition = await questionnaires.get(campaign.editionId, found.catalogueVersion, tx);
      if (!edition.subindicator(input.question)) throw validationError('The question is not part of this campaign', { question: 'not in this campaign' });
      await requireAssigned(tx, actor.user, campaign, edition, input.question);
      const objection = await repo.insertObjection(tx, {
        campaignId: campaign.id,
        question: input.question,
        text: input.text,
        authorId: actor.user.id,
        authorEmail: actor.user.email,
      });
      await recordAudit(tx, campaignAudit(actor, 'campaign.objection', campaign, { question: input.question, text: input.text }));
      return objection;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('That answer has an open objection already', OBJECTION_OPEN);
    throw err;
  }
}

/**
 * A reviewer's decision on an open objection (409 OBJECTION_RESOLVED otherwise), the campaign locked first, then the
 * objection. Accepted: the answer is marked to correct with the reason and the campaign goes back to its entity
 * (a validated one leaves the means made from validated campaigns until validated again). Refused: nothing else changes.
 * Either way, once committed, the entity's members are e-mailed the decision and the reason.
 */
export async function resolveObjection(
  db: Db,
  questionnaires: QuestionnaireCache,
  actor: Actor,
  input: ResolveObjectionRequest,
  mail: EntityMailSetup,
): Promise<Objection> {
  const { resolved, question } = await db.transaction(async (tx) => {
    const campaignId = await repo.findObjectionCampaign(tx, input.objectionId);
    const found = campaignId === undefined ? undefined : await findCampaignToAnswer(tx, campaignId);
    const objection = found && (await repo.lockObjection(tx, input.objectionId));
    if (!found || !objection) throw notFound('Objection');
    requireNotFinal({ final: found.editionFinal });
    if (objection.status !== 'open') throw conflict('The objection is resolved already', OBJECTION_RESOLVED);
    const { campaign } = found;
    if (input.accepted) {
      if (campaign.status !== 'sent') throw conflict('The campaign is no longer sent', { code: REVIEW_STATE, reviewStatus: campaign.reviewStatus });
      await removeFromValidatedMeans(tx, campaign.id);
      await writeMark(tx, {
        campaignId: campaign.id,
        subindicatorId: objection.question,
        verdict: 'fix',
        comment: input.reason,
        reviewerId: actor.user.id,
        reviewerEmail: actor.user.email,
      });
      await markChangesRequested(tx, campaign.id, input.reason);
    }
    const resolved = await repo.writeResolution(tx, objection.id, {
      status: input.accepted ? 'accepted' : 'refused',
      reason: input.reason,
      by: actor.user.email,
    });
    await recordAudit(
      tx,
      campaignAudit(actor, 'campaign.objection.resolve', campaign, { question: objection.question, accepted: input.accepted, reason: input.reason }),
    );
    const edition = await questionnaires.get(campaign.editionId, found.catalogueVersion, tx);
    return { resolved, question: edition.subindicator(objection.question)?.text ?? '' };
  });
  await mailCampaignEntity(db, mail, resolved.campaignId, 'objection', (language, campaign) =>
    composeObjectionResolvedMail(language, { ...campaign, question, accepted: input.accepted, reason: input.reason }),
  );
  return resolved;
}

/** A campaign's objections, for whoever may read the campaign (404 otherwise). */
export async function campaignObjections(db: Db, user: CurrentUser, id: number): Promise<Objection[]> {
  requireReadableCampaign(user, await findCampaignSummary(db, id));
  return repo.listObjections(db, id);
}
