import type { Db, Queryable } from '../../db/client.js';
import {
  CLOSING_BEFORE_OPENING,
  EDITION_CLOSED,
  EDITION_NOT_OPEN,
  type CampaignDeadline,
  type EditionDeadline,
  type ExtendDeadlineRequest,
  type SetDeadlineRequest,
} from '../../../shared/api/campaignCycle.js';
import type { CampaignStateResponse } from '../../../shared/api/campaigns.js';
import { conflict, notFound, validationError } from '../../errors.js';
import { findCampaign, stateOf } from '../../db/repositories/campaignQueries.js';
import { clearReview } from '../../db/repositories/review.js';
import { markReopened } from '../../db/repositories/campaignWrites.js';
import * as deadlines from '../../db/repositories/deadlines.js';
import { insertReopening } from '../../db/repositories/reopenings.js';
import { removeFromTerritoryScores } from '../../db/repositories/territoryScores.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { auditedBy, type Actor } from '../actor.js';
import { requireNotFinal } from './objectionRules.js';
import { daysLeft, deadlineProblem, deadlineState, effectiveClosing, isLate } from './deadlines.js';
import { isCalendarDate } from '../../../shared/dates.js';

/** The dates that apply to a campaign now, from its edition's dates and its entity's extension. */
export function deadlineOfCampaign(dates: deadlines.CampaignDatesRow, now = new Date()): CampaignDeadline {
  const closesOn = effectiveClosing(dates.closesOn, dates.extendedTo);
  return {
    opensOn: dates.opensOn,
    closesOn,
    extended: closesOn !== dates.closesOn,
    state: deadlineState({ opensOn: dates.opensOn, closesOn }, now),
    daysLeft: daysLeft(closesOn, now),
  };
}

/** The dates that apply to a campaign now (undefined when there is no such campaign). */
export async function campaignDeadline(q: Queryable, campaignId: number, now = new Date()): Promise<CampaignDeadline | undefined> {
  const dates = await deadlines.findCampaignDeadline(q, campaignId);
  return dates && deadlineOfCampaign(dates, now);
}

/** Refuses (409 EDITION_NOT_OPEN / EDITION_CLOSED) a save or submit outside the campaign's dates, read in its transaction. */
export function requireAnswerable(dates: deadlines.CampaignDatesRow, now = new Date()): void {
  const deadline = deadlineOfCampaign(dates, now);
  if (deadline.state === 'notOpen') throw conflict(`The edition opens on ${deadline.opensOn}`, EDITION_NOT_OPEN);
  if (deadline.state === 'closed') throw conflict(`The deadline closed on ${deadline.closesOn}`, EDITION_CLOSED);
}

/**
 * The edition of that id (422 when there is none), or without one the current (newest) edition; before the first
 * edition, the error `none` gives (404 here): the status page manages whichever edition it shows.
 */
export async function requireEdition(q: Queryable, editionId?: number, none: () => Error = () => notFound('Edition')): Promise<deadlines.EditionDeadlineRow> {
  const edition = await deadlines.findEditionDeadline(q, editionId);
  if (edition) return edition;
  throw noSuchEdition(editionId, none);
}

/** Why an edition asked for was not found: 422 for an edition named that does not exist, else `none` (no edition yet). */
export function noSuchEdition(editionId: number | undefined, none: () => Error = () => notFound('Edition')): Error {
  return editionId !== undefined ? validationError('La edición no existe', { editionId: 'no such edition' }) : none();
}

/** An edition's dates, days left, extensions and late entities (the status page): the current one unless named. */
export async function editionDeadline(q: Queryable, now = new Date(), editionId?: number): Promise<EditionDeadline> {
  const edition = await requireEdition(q, editionId);
  const entities = await deadlines.listEditionParticipation(q, edition.id);
  const late: EditionDeadline['late'] = [];
  for (const e of entities) {
    const closesOn = effectiveClosing(edition.closesOn, e.extendedTo);
    if (e.status !== 'sent' && closesOn !== null && isLate(e.status, closesOn, now))
      late.push({ entityId: e.entityId, entity: e.entity, status: e.status, closesOn });
  }
  return {
    editionId: edition.id,
    campaignNumber: edition.campaignNumber,
    opensOn: edition.opensOn,
    closesOn: edition.closesOn,
    state: deadlineState(edition, now),
    daysLeft: daysLeft(edition.closesOn, now),
    extensions: entities.flatMap((e) => (e.extendedTo === null ? [] : [{ entityId: e.entityId, closesOn: e.extendedTo }])),
    late,
  };
}

/** ADMIN: sets an edition's dates (422 when not real dates or closing before opening), audited 'edition.deadline'. */
export async function setEditionDeadline(db: Db, actor: Actor, input: SetDeadlineRequest): Promise<EditionDeadline> {
  const found = deadlineProblem(input.opensOn, input.closesOn);
  if (found) {
    const { field, problem } = found;
    throw validationError(`Invalid deadline: ${field} ${problem}`, problem === 'is before opensOn' ? CLOSING_BEFORE_OPENING : { [field]: problem });
  }
  return db.transaction(async (tx) => {
    const previous = await deadlines.updateEditionDeadline(tx, input.edition, input.opensOn, input.closesOn);
    if (!previous) throw notFound('Edition');
    // The same dates again change nothing, and the activity log says only what changed.
    if (previous.opensOn === input.opensOn && previous.closesOn === input.closesOn) return editionDeadline(tx, new Date(), previous.id);
    await recordAudit(tx, {
      ...auditedBy(actor),
      action: 'edition.deadline',
      targetType: 'edition',
      targetId: previous.id,
      details: {
        edition: input.edition,
        opensOn: input.opensOn,
        closesOn: input.closesOn,
        previousOpensOn: previous.opensOn,
        previousClosesOn: previous.closesOn,
      },
    });
    // The edition whose dates changed, which the status page shows.
    return editionDeadline(tx, new Date(), previous.id);
  });
}

/** ADMIN: a later closing date for one entity in an edition (the current one unless named), with a reason, audited 'campaign.deadlineExtended'. */
export async function extendDeadline(db: Db, actor: Actor, input: ExtendDeadlineRequest): Promise<EditionDeadline> {
  if (!isCalendarDate(input.closesOn)) throw validationError('Invalid date', { closesOn: 'is not a calendar date' });
  return db.transaction(async (tx) => {
    const edition = await requireEdition(tx, input.editionId);
    requireNotFinal(edition);
    const saved = await deadlines.upsertExtension(tx, {
      entityId: input.entityId,
      editionId: edition.id,
      closesOn: input.closesOn,
      reason: input.reason.trim(),
      actorId: actor.user.id,
      actorEmail: actor.user.email,
    });
    if (!saved) throw notFound('Entity');
    await recordAudit(tx, {
      ...auditedBy(actor),
      action: 'campaign.deadlineExtended',
      targetType: 'entity',
      targetId: input.entityId,
      entityId: input.entityId,
      details: {
        edition: edition.campaignNumber,
        closesOn: input.closesOn,
        previousClosesOn: saved.previous,
        editionClosesOn: edition.closesOn,
        reason: input.reason.trim(),
      },
    });
    return editionDeadline(tx, new Date(), edition.id);
  });
}

/**
 * ADMIN: a sent campaign back to draft, in one transaction: answers kept, its scores out of the territorial
 * sums and rank counts (the exact inverse of its submission, rows locked in the submissions' order), its stored
 * scores removed, its review started over (marks removed), the reopening recorded and audited. Sending it again adds it back (the submit path).
 */
export async function reopenCampaign(db: Db, actor: Actor, input: { id: number; reason: string }): Promise<CampaignStateResponse> {
  const reason = input.reason.trim();
  return db.transaction(async (tx) => {
    const campaign = await findCampaign(tx, input.id, true);
    if (!campaign) throw notFound('Campaign');
    if (campaign.status !== 'sent') throw conflict('Only a submitted campaign can be reopened');
    requireNotFinal(await requireEdition(tx, campaign.editionId));
    await removeFromTerritoryScores(tx, campaign.id);
    await markReopened(tx, campaign.id);
    await clearReview(tx, campaign.id);
    await insertReopening(tx, { campaignId: campaign.id, actorId: actor.user.id, actorEmail: actor.user.email, reason });
    await recordAudit(tx, {
      ...auditedBy(actor),
      action: 'campaign.reopen',
      targetType: 'campaign',
      targetId: campaign.id,
      details: { entityId: campaign.entityId, sentAt: campaign.endDate, reason },
    });
    return stateOf((await findCampaign(tx, campaign.id))!);
  });
}
