import type { Db, TransactionOptions, Tx } from '../../db/client.js';
import {
  CAMPAIGN_EXISTS,
  ENTITY_ARCHIVED,
  EVIDENCE_MISSING,
  NO_PREVIOUS_CAMPAIGN,
  PREFILL_UNCONFIRMED,
  type PrefillResponse,
  type AddEvidenceLinkRequest,
  type EvidenceItem,
  type SaveAnswerRequest,
  type SubmitResponse,
  type SaveAnswerResponse,
  type SubmitRefusal,
} from '../../../shared/api/campaigns.js';
import { EVIDENCE_MAX_ITEMS } from '../../../shared/constants.js';
import { AppError, conflict, forbidden, notFound, validationError } from '../../errors.js';
import { findCampaign, findCampaignToAnswer, findSessionUserAndCampaignToAnswer, stateOf, type CampaignRow } from '../../db/repositories/campaignQueries.js';
import * as writes from '../../db/repositories/campaignWrites.js';
import { lockEntities } from '../../db/repositories/entities.js';
import { readAnswerIds } from '../../db/repositories/scores.js';
import * as notesRepo from '../../db/repositories/answerNotes.js';
import * as historyRepo from '../../db/repositories/answerHistory.js';
import { copyPreviousAnswers, findPrefillSource } from '../../db/repositories/prefill.js';
import { removeFromTerritoryScores, storeSubmission } from '../../db/repositories/territoryScores.js';
import { notApplicableIds, scoreCampaign } from '../../reports/scoring.js';
import type { EditionQuestionnaire, QuestionnaireCache } from '../../reports/questionnaireCache.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { campaignAudit, type Actor, type CheckedCaller } from '../actor.js';
import { requireAssigned } from '../team.js';
import { newReceipt } from './receipts.js';
import {
  answerProblem,
  canAnswerCampaign,
  canReadEntity,
  canSignCampaign,
  linkProblem,
  notApplicableProblem,
  obsoleteResponses,
  questionsMissingEvidence,
} from './rules.js';
import { requireAnswerable, requireEdition } from './cycle.js';
import { objectionRefusal, requireNotFinal } from './objectionRules.js';
import * as objectionsRepo from '../../db/repositories/objections.js';
import { madridDate } from './deadlines.js';
import { entityChangeRefusal, sendsCorrections } from './reviewRules.js';
import { defaultEvidenceFileName, evidenceFileName, storeEvidencePieces, totalTooLarge } from './evidenceFiles.js';
import type { SpooledFile } from './evidenceSpool.js';
import { contentAfterSave, evidenceChange, planSave, staleAnswer } from './answerHistory.js';
import { mailCampaignEntity, type EntityMailSetup } from '../mail/entityMail.js';
import { composeSentMail } from '../mail/templates.js';
import { madridDateTime } from '../../../shared/dates.js';

/** Refuses (409) a change of the entity's to that answer of the campaign, or to the campaign as a whole (reviewRules.ts). */
function requireChangeable(campaign: CampaignRow, flagged: readonly number[], question: number | undefined): void {
  const refusal = entityChangeRefusal(campaign, flagged, question);
  if (refusal) throw conflict(refusal.message, refusal.data);
}

/**
 * The caller, checked in the same statement, and the campaign, locked for this transaction, if the caller may
 * answer it (a campaign of another entity answers as if it did not exist), and it may change (409 otherwise): its
 * edition's results not final, not sent and within its dates, or sent and back with the entity for corrections
 * (then whatever the dates, and only the answers marked to correct: `question`, when the change concerns one), or,
 * for the evidence behind an answer of a sent campaign, that answer objected to (requireObjectionEvidence). With
 * its edition's questionnaire (from the cache) and the answers marked to correct.
 */
async function answerableCampaign(
  tx: Tx,
  questionnaires: QuestionnaireCache,
  caller: CheckedCaller,
  target: AnswerTarget,
): Promise<{ actor: Actor; campaign: CampaignRow; edition: EditionQuestionnaire; flagged: number[] }> {
  const { id, question } = target;
  const { actor, read: found } = await caller(
    (session) => findSessionUserAndCampaignToAnswer(tx, session, id),
    () => findCampaignToAnswer(tx, id),
  );
  const { user } = actor;
  if (!found || !canReadEntity(user, found.campaign.entityId)) throw notFound('Campaign');
  const { campaign, flagged } = found;
  if (!canAnswerCampaign(user, campaign.entityId)) throw forbidden();
  // The campaign as a whole (prefill, submit) is its responsible members' and ADMIN's: a collaborator answers only.
  if (question === undefined && !target.evidence && !canSignCampaign(user, campaign.entityId)) throw forbidden();
  requireNotFinal({ final: found.editionFinal });
  if (target.evidence && supportsObjection(campaign)) {
    // Evidence behind an answer objected to: decided by its objection (a removal's answer is known once read).
    if (question !== undefined) await requireObjectionEvidence(tx, campaign, question);
  } else {
    requireChangeable(campaign, flagged, question);
    if (!sendsCorrections(campaign)) requireAnswerable(found.dates);
  }
  const edition = await questionnaires.get(campaign.editionId, found.catalogueVersion, tx);
  // A collaborator changes only the answers of the axes and policies assigned to them (a removal's answer is known once read).
  if (question !== undefined) await requireAssigned(tx, user, campaign, edition, question);
  return { actor, campaign, flagged, edition };
}

/**
 * What a change concerns: the campaign, the answer when it concerns one, and whether it changes that answer's
 * evidence (which an objection may open: requireObjectionEvidence). Neither an answer nor evidence: the campaign as a
 * whole (prefill, submit), which only those who sign it change.
 */
interface AnswerTarget {
  id: number;
  question?: number;
  evidence?: true;
}

/** A sent campaign whose evidence only an objection may open: not back with its entity for corrections (then the marks decide). */
const supportsObjection = (campaign: CampaignRow) => campaign.status === 'sent' && !sendsCorrections(campaign);

/**
 * Refuses (409, as any change to a sent campaign) a change to the evidence behind an answer of a sent campaign,
 * unless the entity objected to that answer (docs/api.md, "Objections"): the objection open and the period to object
 * not over. An item removed must have been added since the objection was filed (`addedAt`); the evidence the review
 * was made on stays.
 */
async function requireObjectionEvidence(tx: Tx, campaign: CampaignRow, question: number, addedAt?: Date, now = new Date()): Promise<void> {
  const closed = objectionRefusal(campaign, await objectionsRepo.readPublication(tx, campaign.editionId), madridDate(now));
  const since = closed ? undefined : await objectionsRepo.openObjectionSince(tx, campaign.id, question);
  if (since === undefined || (addedAt !== undefined && addedAt < since)) requireChangeable(campaign, [], question);
}

/** What answerableCampaign finds: the caller as an actor, the campaign (locked), its edition's questionnaire and the answers to correct. */
type AnswerableCampaign = Awaited<ReturnType<typeof answerableCampaign>>;

/**
 * One transaction on a campaign the caller may answer (and on that answer, when named): answerableCampaign's checks,
 * then `work`; options say how it waits for the database (a submission goes first).
 */
function answering<T>(
  db: Db,
  questionnaires: QuestionnaireCache,
  caller: CheckedCaller,
  target: AnswerTarget,
  work: (tx: Tx, found: AnswerableCampaign) => Promise<T>,
  options?: TransactionOptions,
): Promise<T> {
  return db.transaction(async (tx) => work(tx, await answerableCampaign(tx, questionnaires, caller, target)), options);
}

/** The question of the campaign's edition (422 when it is not one of them). */
function questionOf(edition: EditionQuestionnaire, id: number) {
  const question = edition.subindicator(id);
  if (!question) throw validationError('The question is not part of this campaign', { question: 'not in this campaign' });
  return question;
}

/**
 * Saves (or clears) one answer, with its comment and "No aplica" when given; the first answer moves the campaign to
 * draft. An answer given replaces a "No aplica"; saving confirms an answer copied from the previous edition. A
 * refused answer changes nothing; so does a save made on another version than the answer's (`expectedVersion`: 409
 * STALE_ANSWER with the answer as it is). Each thing changed is recorded in the answer's history (answerHistory.ts).
 * The most frequent call of the weeks campaigns are being sent: BEGIN, one statement for the session, the campaign
 * and its dates, one reading the answer with its version, the writes of what changed, one recording the history, and
 * COMMIT (and the status with the first answer).
 */
export function saveAnswer(db: Db, questionnaires: QuestionnaireCache, caller: CheckedCaller, input: SaveAnswerRequest): Promise<SaveAnswerResponse> {
  return answering(db, questionnaires, caller, input, async (tx, { actor, campaign, edition }) => {
    const question = questionOf(edition, input.question);
    // Read once the campaign is locked: of two saves at once, the second reads what the first wrote.
    const stored = await historyRepo.readStoredAnswer(tx, campaign.id, input.question);
    if (input.expectedVersion !== undefined && input.expectedVersion !== stored.version)
      throw conflict('The answer was changed by someone else since it was read', staleAnswer(stored));
    // An answer holding a response no longer offered may keep what it had chosen.
    const kept = obsoleteResponses(question, input.answer).length > 0 ? (stored.answer ?? []) : [];
    const problem = answerProblem(question, input.answer, kept);
    if (problem) throw validationError(`Invalid answer: ${problem}`, { answer: problem });
    const notApplicable = input.notApplicable;
    const notApplicableRefusal = notApplicable ? notApplicableProblem(question, input.answer) : null;
    if (notApplicableRefusal) throw validationError(`Invalid "No aplica": ${notApplicableRefusal}`, { notApplicable: notApplicableRefusal });
    const after = contentAfterSave(stored, input);
    const plan = planSave(stored, after);
    if (plan.writeAnswer) await writes.writeAnswer(tx, campaign.id, input.question, input.answer);
    if (plan.writeNotes)
      await notesRepo.writeNotes(tx, campaign.id, input.question, { comment: after.comment, notApplicableReason: after.notApplicableReason });
    const version =
      plan.history.length > 0
        ? await historyRepo.recordChanges(tx, { campaignId: campaign.id, subindicatorId: input.question }, actor.user, plan.history)
        : stored.version;
    if ((input.answer === null && !notApplicable) || campaign.status !== 'created') return { ...stateOf(campaign), version };
    return { ...stateOf(await writes.markDraft(tx, campaign.id)), version };
  });
}

/**
 * Records an item of evidence added or removed by the actor behind one answer of the campaign: in the answer's
 * history, and in the activity log with the question and `details`.
 */
async function recordEvidenceChange(
  tx: Tx,
  actor: Actor,
  campaign: { id: number; entityId: number },
  question: number,
  kind: 'evidenceAdded' | 'evidenceRemoved',
  item: Parameters<typeof evidenceChange>[0],
  details: Record<string, unknown>,
): Promise<void> {
  await historyRepo.recordChanges(tx, { campaignId: campaign.id, subindicatorId: question }, actor.user, [{ kind, value: evidenceChange(item) }]);
  const action = kind === 'evidenceAdded' ? 'campaign.evidence.add' : 'campaign.evidence.remove';
  await recordAudit(tx, campaignAudit(actor, action, campaign, { question, ...details }));
}

/** Refuses one more item of evidence behind a question that holds EVIDENCE_MAX_ITEMS already (422). */
async function requireRoomForEvidence(tx: Tx, campaignId: number, question: number): Promise<void> {
  if ((await notesRepo.countEvidence(tx, campaignId, question)) >= EVIDENCE_MAX_ITEMS)
    throw validationError(`An answer holds at most ${EVIDENCE_MAX_ITEMS} items of evidence`, { question: 'too many items of evidence' });
}

/**
 * One transaction on the campaign one more item of evidence goes into: one the caller may answer (404, 403, 409),
 * the question part of it (422) with room for one more item (422); then `work`.
 */
function addingEvidence<T>(
  db: Db,
  questionnaires: QuestionnaireCache,
  caller: CheckedCaller,
  target: { id: number; question: number },
  work: (tx: Tx, found: AnswerableCampaign) => Promise<T>,
): Promise<T> {
  return answering(db, questionnaires, caller, { ...target, evidence: true }, async (tx, found) => {
    questionOf(found.edition, target.question);
    await requireRoomForEvidence(tx, found.campaign.id, target.question);
    return work(tx, found);
  });
}

/** Adds a link (http or https) as evidence behind one answer of a campaign the caller may answer; at most EVIDENCE_MAX_ITEMS per answer. */
export function addEvidenceLink(db: Db, questionnaires: QuestionnaireCache, caller: CheckedCaller, input: AddEvidenceLinkRequest): Promise<EvidenceItem> {
  return addingEvidence(db, questionnaires, caller, input, async (tx, { actor, campaign }) => {
    const problem = linkProblem(input.url);
    if (problem) throw validationError(`Invalid link: ${problem}`, { url: problem });
    const item = await notesRepo.insertEvidenceLink(tx, {
      campaignId: campaign.id,
      subindicatorId: input.question,
      url: input.url,
      title: input.title ?? null,
      addedBy: actor.user.id,
    });
    await recordEvidenceChange(tx, actor, campaign, input.question, 'evidenceAdded', item, { kind: 'link', url: input.url });
    return item;
  });
}

/**
 * Whether the caller may add a file behind this answer, checked before its bytes are read, as addEvidenceFile will
 * check it again: the campaign (404, 403, 409 as addEvidenceLink), the question and its items. The bytes the
 * campaign's files take already, so that a file too large for what is left is refused while it arrives.
 */
export function checkEvidenceUpload(
  db: Db,
  questionnaires: QuestionnaireCache,
  caller: CheckedCaller,
  target: { id: number; question: number },
): Promise<{ usedBytes: number }> {
  return addingEvidence(db, questionnaires, caller, target, async (tx, { campaign }) => ({ usedBytes: await notesRepo.evidenceBytes(tx, campaign.id) }));
}

/** A file sent as evidence (POST campaigns/evidence/upload), received whole and waiting to be stored. */
export interface EvidenceUpload {
  id: number;
  question: number;
  /** The name it was sent with, as sent (evidenceFileName makes the one kept). */
  fileName: string | undefined;
  /** Its received bytes (their size and kind checked as they arrived). */
  file: Pick<SpooledFile, 'size' | 'contentType' | 'read'>;
}

/**
 * Adds a received file as evidence behind one answer of a campaign the caller may answer, as addEvidenceLink adds
 * a link: checked again, since the campaign, its files and the caller may have changed while the file arrived, then
 * copied into the database in pieces in the transaction that holds the campaign's lock (so two uploads at once
 * cannot take the campaign over its total). A file refused leaves nothing behind.
 */
export function addEvidenceFile(
  db: Db,
  questionnaires: QuestionnaireCache,
  caller: CheckedCaller,
  upload: EvidenceUpload,
  limits: { maxTotalBytes: number },
): Promise<EvidenceItem> {
  const { size, contentType } = upload.file;
  return addingEvidence(db, questionnaires, caller, upload, async (tx, { actor, campaign }) => {
    const usedBytes = await notesRepo.evidenceBytes(tx, campaign.id);
    if (usedBytes + size > limits.maxTotalBytes) throw totalTooLarge(limits.maxTotalBytes, usedBytes);
    const fileName = evidenceFileName(upload.fileName) ?? defaultEvidenceFileName(contentType);
    const evidenceId = await notesRepo.insertEvidenceFile(tx, { campaignId: campaign.id, subindicatorId: upload.question, fileName, addedBy: actor.user.id });
    const stored = await storeEvidencePieces(tx, evidenceId, upload.file.read());
    // The file received is the one stored: a difference is a fault of the spool, not of the request.
    if (stored !== size) throw new Error(`evidence ${evidenceId}: ${stored} bytes stored of the ${size} received`);
    const item = await notesRepo.finishEvidenceFile(tx, evidenceId, { fileName, contentType, size });
    await recordEvidenceChange(tx, actor, campaign, upload.question, 'evidenceAdded', item, { kind: 'file', fileName, contentType, size });
    return item;
  });
}

/** Removes one item of evidence (a link, or a file with its bytes) of a campaign the caller may answer (404 when it has no such item). */
export function removeEvidence(
  db: Db,
  questionnaires: QuestionnaireCache,
  caller: CheckedCaller,
  input: { id: number; evidenceId: number },
): Promise<{ success: true }> {
  return answering(db, questionnaires, caller, { id: input.id, evidence: true }, async (tx, { actor, campaign, flagged, edition }) => {
    const removed = await notesRepo.deleteEvidence(tx, campaign.id, input.evidenceId);
    if (!removed) throw notFound('Evidence');
    await requireAssigned(tx, actor.user, campaign, edition, removed.subindicatorId);
    // Known once read: while corrections are asked, only evidence behind an answer to correct goes; of a sent campaign
    // otherwise, only what was added behind an answer objected to since the objection (the transaction undoes the rest).
    if (supportsObjection(campaign)) await requireObjectionEvidence(tx, campaign, removed.subindicatorId, removed.addedAt);
    else requireChangeable(campaign, flagged, removed.subindicatorId);
    await recordEvidenceChange(
      tx,
      actor,
      campaign,
      removed.subindicatorId,
      'evidenceRemoved',
      { id: input.evidenceId, ...removed },
      {
        kind: removed.kind,
        url: removed.url,
        fileName: removed.fileName,
      },
    );
    return { success: true as const };
  });
}

/**
 * 'Partir de las respuestas de 2025': copies into a campaign not sent the entity's answers of its latest sent
 * campaign of an earlier edition, for the questions that did not change and that it has not answered yet
 * (repositories/prefill.ts); each copied answer awaits confirmation. The first copied answer opens a created campaign.
 */
export function prefillCampaign(db: Db, questionnaires: QuestionnaireCache, caller: CheckedCaller, id: number): Promise<PrefillResponse> {
  return answering(db, questionnaires, caller, { id }, async (tx, { actor, campaign }) => {
    if (campaign.status === 'sent') throw conflict('Answers are copied only into a campaign not sent');
    const source = await findPrefillSource(tx, campaign.id);
    if (!source) throw conflict('The entity has sent no campaign of an earlier edition', NO_PREVIOUS_CAMPAIGN);
    const { copied, changed } = await copyPreviousAnswers(tx, { campaignId: campaign.id, editionId: campaign.editionId }, source.campaignId, actor.user);
    const state = copied > 0 && campaign.status === 'created' ? await writes.markDraft(tx, campaign.id) : campaign;
    await recordAudit(tx, campaignAudit(actor, 'campaign.prefill', campaign, { from: source.campaignId, fromYear: source.year, copied, changed }));
    return { fromYear: source.year, copied, changed, campaign: stateOf(state).campaign };
  });
}

/**
 * A submission is served before the saves and reads waiting for the database: on deadline day it is the call an
 * entity waits on, and in arrival order it spent most of its time behind the savers' backlog. Its statements run
 * with the plans made once per connection: PostgreSQL planned its writes (store_submission) afresh for every
 * campaign's values, 3.3 ms of each submission, for a plan that ran no faster.
 */
const SUBMITTING: TransactionOptions = { urgent: true, genericPlans: true };

/** The 422 refusing a submission, with the questions to see to (docs/api.md). */
const submitRefused = (message: string, refusal: SubmitRefusal) => new AppError('VALIDATION', message, refusal);

/**
 * Submits a fully answered campaign (every question answered or "No aplica", required evidence given, no copied
 * answer awaiting confirmation): sent, answers frozen, scores computed (scoring.ts) and stored, and added to its
 * territories' sums, all in one transaction: BEGIN, the session with the campaign, its answers, the writes with the
 * receipt and the audit (storeSubmission, one statement) and COMMIT, ahead of the ordinary calls waiting for the
 * database. Then the entity's members are e-mailed the receipt.
 */
export async function submitCampaign(
  db: Db,
  questionnaires: QuestionnaireCache,
  caller: CheckedCaller,
  id: number,
  mail: EntityMailSetup,
): Promise<SubmitResponse> {
  const submitted = await answering(
    db,
    questionnaires,
    caller,
    { id },
    async (tx, { actor, campaign, edition }) => {
      const { answers, notes } = await readAnswerIds(tx, id);
      const notApplicable = notApplicableIds(notes);
      const missing = edition.scored.filter((s) => !answers.has(s.id) && !notApplicable.has(s.id)).length;
      if (missing > 0) throw new AppError('VALIDATION', `${missing} questions are not answered yet`, 'NOT_ALL_ANSWERED');
      const withoutEvidence = questionsMissingEvidence(
        edition.indicators.flatMap((i) => i.subindicators),
        answers,
        notes,
      );
      if (withoutEvidence.length > 0)
        throw submitRefused(`${withoutEvidence.length} answers lack the evidence they require`, { code: EVIDENCE_MISSING, questions: withoutEvidence });
      const unconfirmed = [...notes].filter(([, n]) => n.prefilled).map(([question]) => question);
      if (unconfirmed.length > 0)
        throw submitRefused(`${unconfirmed.length} answers copied from the previous edition await confirmation`, {
          code: PREFILL_UNCONFIRMED,
          questions: unconfirmed,
        });
      const corrections = sendsCorrections(campaign);
      const receipt = newReceipt(actor, id, answers, notes);
      const audit = campaignAudit(actor, corrections ? 'campaign.corrections.submit' : 'campaign.submit', campaign, { receipt: receipt.code });
      // Corrections replace the scores the campaign was counted with: taken out of its territories first, then stored
      // and added as new. The territories' rows are written by the last statement before COMMIT: every submission of a
      // province, community or band, and all of them for the country, write the same rows, so each holds them from
      // that statement to its COMMIT and no longer.
      if (corrections) {
        await removeFromTerritoryScores(tx, id);
        await writes.removeStoredScores(tx, id);
      }
      const sent = await storeSubmission(tx, id, scoreCampaign(edition.scored, answers, notApplicable), receipt, audit);
      return { ...stateOf(sent.campaign), receipt: sent.receipt };
    },
    SUBMITTING,
  );
  const { code, sha256, signer, sentAt } = submitted.receipt;
  await mailCampaignEntity(db, mail, id, 'sent', (language, campaign) =>
    composeSentMail(language, { ...campaign, signer, code, sha256, moment: madridDateTime(new Date(sentAt)) }),
  );
  return submitted;
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
    await recordAudit(tx, campaignAudit(actor, 'campaign.create', { id, entityId }, { editionId }));
    return { campaign: { id } };
  });
}

/** Deletes a campaign that has not been submitted, with its answers. */
export async function deleteCampaign(db: Db, actor: Actor, id: number): Promise<{ success: true }> {
  return db.transaction(async (tx) => {
    const campaign = await findCampaign(tx, id, true);
    if (!campaign) throw notFound('Campaign');
    if (campaign.status === 'sent') throw conflict('A submitted campaign cannot be deleted');
    requireNotFinal(await requireEdition(tx, campaign.editionId));
    await writes.deleteCampaign(tx, id);
    await recordAudit(tx, campaignAudit(actor, 'campaign.delete', campaign, { status: campaign.status }));
    return { success: true as const };
  });
}
