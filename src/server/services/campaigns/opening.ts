import type { Db, Queryable } from '../../db/client.js';
import {
  SMTP_NOT_CONFIGURED,
  type MailSummary,
  type OpenEditionRequest,
  type OpenEditionResult,
  type OpeningQuery,
  type OpeningSummary,
  type Reminders,
} from '../../../shared/api/editionOpening.js';
import { conflict, validationError } from '../../errors.js';
import { requireEdition } from './cycle.js';
import { requireNotFinal } from './objectionRules.js';
import * as opening from '../../db/repositories/editionOpening.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { auditedBy, type Actor } from '../actor.js';
import { composeMail, type MailKind } from '../mail/templates.js';
import type { Mailer, OutgoingMail } from '../mail/sender.js';

/** What the e-mail calls need: the mailer (null without SMTP_URL) and the app's address for the links. */
export interface MailSetup {
  mailer: Mailer | null;
  publicUrl: string;
}

/** The entities a scope names, or a 422: 'all' takes no id, a community or a province needs one that exists. */
export async function scopeFilter(q: Queryable, scope: Pick<OpeningQuery, 'scope' | 'id'>): Promise<opening.TerritoryFilter> {
  if (scope.scope === 'all') {
    if (scope.id !== undefined) throw validationError('The whole country takes no territory id', { id: 'is not allowed with scope all' });
    return { provinceId: null, communityId: null };
  }
  if (scope.id === undefined || !(await opening.territoryExists(q, scope.scope, scope.id))) {
    throw validationError(`No such ${scope.scope}`, { id: `must be the INE code of a ${scope.scope}` });
  }
  return scope.scope === 'province' ? { provinceId: scope.id, communityId: null } : { provinceId: null, communityId: scope.id };
}

/** The edition of that id (422 when there is none), or without one the current edition (409 before the first). */
const chosenEdition = (q: Queryable, editionId: number | undefined) => requireEdition(q, editionId, () => conflict('There is no questionnaire edition yet'));

/** ADMIN: what opening an edition (the current one unless named) for the scope would do now (the confirmation's figures). */
export async function openingSummary(db: Db, scope: OpeningQuery): Promise<OpeningSummary> {
  const edition = await chosenEdition(db, scope.editionId);
  const counts = await opening.countOpening(db, edition.id, await scopeFilter(db, scope));
  return { edition: edition.campaignNumber, ...counts };
}

/** One message per user, in the language they last chose in the interface. */
function messagesFor(kind: MailKind, recipients: readonly opening.MailRecipient[], edition: number, publicUrl: string): OutgoingMail[] {
  return recipients.map((r) => ({ to: r.email, ...composeMail(kind, r.language, { edition, entities: r.entities, publicUrl }) }));
}

function requireMailer(setup: MailSetup): Mailer {
  if (!setup.mailer) throw conflict('E-mail is not configured on this server (SMTP_URL)', SMTP_NOT_CONFIGURED);
  return setup.mailer;
}

/**
 * ADMIN: creates an edition's campaign (the current one unless named) for every entity of the scope that has none, in one transaction
 * (set-based; repeating it creates nothing), audited 'edition.open'. Then, if asked, e-mails the users of the
 * entities whose campaign was just created, after the commit so no lock waits on the SMTP server.
 */
export async function openEdition(db: Db, actor: Actor, input: OpenEditionRequest, setup: MailSetup): Promise<OpenEditionResult> {
  const mailer = input.notify ? requireMailer(setup) : null;
  const outcome = await db.transaction(async (tx) => {
    const edition = await chosenEdition(tx, input.editionId);
    requireNotFinal(edition);
    const filter = await scopeFilter(tx, input);
    const created = await opening.insertEditionCampaigns(tx, edition.id, filter);
    const { existing } = await opening.countOpening(tx, edition.id, filter);
    await recordAudit(tx, {
      ...auditedBy(actor),
      action: 'edition.open',
      targetType: 'edition',
      targetId: edition.id,
      details: {
        edition: edition.campaignNumber,
        scope: input.scope,
        id: input.id ?? null,
        created: created.length,
        existing: existing - created.length,
        notify: input.notify,
      },
    });
    return { edition: edition.campaignNumber, created, existing: existing - created.length };
  });
  let mail: MailSummary | null = null;
  if (mailer) {
    const recipients = await opening.usersOfEntities(db, outcome.created);
    mail = await mailer(messagesFor('open', recipients, outcome.edition, setup.publicUrl));
    await recordAudit(db, {
      ...auditedBy(actor),
      action: 'campaign.openNotice',
      targetType: 'edition',
      details: { edition: outcome.edition, recipients: recipients.length, sent: mail.sent, failed: mail.failed.length },
    });
  }
  return { edition: outcome.edition, created: outcome.created.length, existing: outcome.existing, mail };
}

/** The pending entities of an edition (the current one unless named) and their users, each with the language to write to them in. */
async function pending(db: Db, editionId: number | undefined) {
  const edition = await chosenEdition(db, editionId);
  const entities = await opening.listPendingEntities(db, edition.id);
  const recipients = await opening.usersOfEntities(
    db,
    entities.map((e) => e.entityId),
  );
  return { editionId: edition.id, edition: edition.campaignNumber, entities, recipients };
}

/** ADMIN, FEC: the pending entities of an edition (the current one unless named) and their users' addresses. */
export async function reminders(db: Db, setup: MailSetup, editionId?: number): Promise<Reminders> {
  const { edition, entities, recipients } = await pending(db, editionId);
  return {
    edition,
    smtpConfigured: setup.mailer !== null,
    entities,
    recipients: recipients.map(({ email, name, entities: names }) => ({ email, name, entities: names })),
  };
}

/** ADMIN, FEC: a reminder to each user of the pending entities, one message each; audited 'campaign.reminder' with the counts. */
export async function sendReminders(db: Db, actor: Actor, setup: MailSetup, chosenEditionId?: number): Promise<MailSummary> {
  const mailer = requireMailer(setup);
  const { editionId, edition, recipients } = await pending(db, chosenEditionId);
  const summary = await mailer(messagesFor('reminder', recipients, edition, setup.publicUrl));
  await recordAudit(db, {
    ...auditedBy(actor),
    action: 'campaign.reminder',
    targetType: 'edition',
    targetId: editionId,
    details: { edition, recipients: recipients.length, sent: summary.sent, failed: summary.failed.length },
  });
  return summary;
}
