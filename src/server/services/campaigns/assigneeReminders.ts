/**
 * The reminders of the members a campaign's axes or policies are assigned to (docs/api.md, "Team"): 7 days and 1 day
 * before the campaign closes (its entity's extension included), each member whose assigned parts still have
 * questions without an answer or "No aplica" gets one e-mail in their language listing those parts and how far each is. Each reminder is
 * recorded before it goes (migration 028), so that it is sent once whichever instance checks first; a member whose
 * part is finished gets none. The server checks every REMINDER_CHECK_MINUTES while SMTP is configured
 * (routes/assigneeReminders.ts).
 */
import type { Db } from '../../db/client.js';
import { claimReminders, dueParts, releaseReminders, type DuePart, type Reminder } from '../../db/repositories/assigneeReminders.js';
import { composeAssigneeReminderMail } from '../mail/templates.js';
import type { Mailer, OutgoingMail } from '../mail/sender.js';
import { madridDate } from './deadlines.js';
import { madridDateTime } from '../../../shared/dates.js';
import { translated } from '../../../shared/editionTexts.js';

/** The days before closing a member is reminded of their unfinished part. */
export const REMINDER_DAYS_BEFORE = [7, 1] as const;

/** Reminders go out from 08:00 to 20:59 on Madrid's clock, not at night; a check outside those hours sends nothing. */
export const REMINDER_HOURS = { from: 8, until: 21 } as const;
const withinReminderHours = (now: Date) => {
  const hour = Number(madridDateTime(now).slice(11, 13));
  return hour >= REMINDER_HOURS.from && hour < REMINDER_HOURS.until;
};

/** The messages of the due reminders: one per campaign and member, listing their unfinished parts in order. */
export function reminderMessages(due: readonly DuePart[], publicUrl: string): (OutgoingMail & Reminder)[] {
  const byMember = new Map<string, DuePart[]>();
  for (const row of due) {
    const key = `${row.campaignId}:${row.userId}`;
    byMember.set(key, [...(byMember.get(key) ?? []), row]);
  }
  return [...byMember.values()].map((rows) => {
    const [{ campaignId, userId, email, language, entity, edition, closesOn, daysBefore }] = rows;
    // The axes and policies named in the member's language, as their questionnaire shows them.
    const parts = rows.map((r) => ({
      axis: translated(r.axis, r.axisTranslations, 'text', language),
      ...(r.policy === null ? {} : { policy: translated(r.policy, r.policyTranslations ?? undefined, 'text', language) }),
      answered: r.total - r.missing,
      total: r.total,
    }));
    return {
      campaignId,
      userId,
      daysBefore,
      closesOn,
      to: email,
      ...composeAssigneeReminderMail(language, { edition, entity, campaignId, closesOn, daysBefore, parts, publicUrl }),
    };
  });
}

/**
 * Sends the reminders due on `now`'s day in Madrid that no instance sent yet, within REMINDER_HOURS; how many went
 * and how many were refused. A refused one is forgotten, so that the next check tries it again.
 */
export async function sendAssigneeReminders(db: Db, mailer: Mailer, publicUrl: string, now: Date): Promise<{ sent: number; failed: number }> {
  if (!withinReminderHours(now)) return { sent: 0, failed: 0 };
  const messages = reminderMessages(await dueParts(db, madridDate(now), REMINDER_DAYS_BEFORE), publicUrl);
  const claimed = await claimReminders(db, messages);
  const mine = messages.filter((m) => claimed.has(`${m.campaignId}:${m.userId}`));
  if (mine.length === 0) return { sent: 0, failed: 0 };
  const summary = await mailer(mine.map(({ to, subject, text, html }) => ({ to, subject, text, html })));
  const refused = new Set(summary.failed.map((f) => f.email));
  await releaseReminders(
    db,
    mine.filter((m) => refused.has(m.to)),
  );
  return { sent: summary.sent, failed: summary.failed.length };
}
