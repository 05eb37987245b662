import type { Db } from '../../db/client.js';
import { findCampaignSummary } from '../../db/repositories/campaignQueries.js';
import { usersOfEntities, type MailRecipient } from '../../db/repositories/editionOpening.js';
import type { MailSetup } from '../campaigns/opening.js';
import type { MailContent, MailLanguage } from './templates.js';
import type { OutgoingMail } from './sender.js';

/** What an e-mail to an entity's members needs: the mailer (null without SMTP_URL), the app's address, and where a failure is logged. */
export interface EntityMailSetup extends MailSetup {
  /** The request's log: the answer does not wait for the SMTP server. */
  warn: (detail: Record<string, unknown>, message: string) => void;
}

/**
 * One e-mail to each member of the campaign's entity (or those `to` keeps), in their language, after the commit (the
 * corrections asked, an objection resolved, an axis or policy assigned, the campaign sent). It never fails the call: without
 * SMTP nothing is sent, and the messages go after the answer, a failure only logged (as the password reset's) under
 * `what`.
 */
export async function mailCampaignEntity(
  db: Db,
  setup: EntityMailSetup,
  campaignId: number,
  what: string,
  compose: (language: MailLanguage, campaign: { edition: number; entity: string; campaignId: number; publicUrl: string }) => MailContent | Promise<MailContent>,
  to: (recipient: MailRecipient) => boolean = () => true,
): Promise<void> {
  await mailAfterCommit(setup, what, { campaignId }, async () => {
    const campaign = await findCampaignSummary(db, campaignId);
    if (!campaign) return [];
    const about = { campaignId, edition: campaign.campaignNumber, entity: campaign.entity, publicUrl: setup.publicUrl };
    const recipients = (await usersOfEntities(db, [campaign.entityId])).filter(to);
    return Promise.all(recipients.map(async (r) => ({ to: r.email, ...(await compose(r.language, about)) })));
  });
}

/**
 * Sends the messages `prepare` writes, after the commit, without failing the call: without SMTP nothing is written
 * or sent; the answer does not wait for the SMTP server; a failure or a refusal is only logged, with `detail`,
 * under `what`.
 */
export async function mailAfterCommit(
  setup: EntityMailSetup,
  what: string,
  detail: Record<string, unknown>,
  prepare: () => Promise<OutgoingMail[]>,
): Promise<void> {
  const { mailer, warn } = setup;
  if (!mailer) return;
  try {
    const messages = await prepare();
    if (messages.length === 0) return;
    void mailer(messages)
      .then(({ failed }) => {
        if (failed.length > 0) warn({ ...detail, failed: failed.length, of: messages.length, reason: failed[0].reason }, `${what} e-mail refused`);
      })
      .catch((err: unknown) => warn({ err, ...detail }, `${what} e-mail failed`));
  } catch (err) {
    warn({ err, ...detail }, `${what} e-mail failed`);
  }
}
