import type { Db } from '../db/client.js';
import { rateLimited, validationError } from '../errors.js';
import { recordAudit } from '../db/repositories/audit.js';
import { administrators, complaintsInLastHour, insertComplaint, writeStatement } from '../db/repositories/accessibility.js';
import { mailAfterCommit, type EntityMailSetup } from './mail/entityMail.js';
import { composeComplaintMail } from './mail/templates.js';
import { auditedBy, type Actor } from './actor.js';
import { isCalendarDate, madridDate } from '../../shared/dates.js';
import type { AccessibilityStatement, ComplaintRequest, StatementContents } from '../../shared/api/accessibility.js';
import { COMPLAINTS_PER_HOUR_SITE } from '../../shared/accessibility.js';

/**
 * Changes the statement's contents (the route lets only ACCESSIBILITY_MANAGE through): a review date must be a real
 * day and not after today in Madrid (a statement cannot have been reviewed tomorrow); audit-logged.
 */
export async function updateStatement(db: Db, actor: Actor, contents: StatementContents, now = new Date()): Promise<AccessibilityStatement> {
  if (!isCalendarDate(contents.reviewedOn)) throw validationError('The review date is not a calendar date', { reviewedOn: 'ACCESSIBILITY.VALIDATION.DATE' });
  if (contents.reviewedOn > madridDate(now)) throw validationError('The review date is after today', { reviewedOn: 'ACCESSIBILITY.VALIDATION.FUTURE' });
  return db.transaction(async (tx) => {
    const statement = await writeStatement(tx, contents);
    await recordAudit(tx, {
      ...auditedBy(actor),
      action: 'accessibility.updateStatement',
      targetType: 'accessibility',
      details: { conformance: contents.conformance, reviewedOn: contents.reviewedOn },
    });
    return statement;
  });
}

/**
 * Stores a complaint and, with SMTP, e-mails every administrator in their language after the answer; past
 * COMPLAINTS_PER_HOUR_SITE in the last hour the site takes no more for now (429, as a client address over its limit).
 */
export async function fileComplaint(db: Db, mail: EntityMailSetup, complaint: ComplaintRequest): Promise<{ receivedAt: string }> {
  if ((await complaintsInLastHour(db)) >= COMPLAINTS_PER_HOUR_SITE) throw rateLimited(3600);
  const { id, receivedAt } = await insertComplaint(db, complaint);
  await mailAfterCommit(mail, 'accessibility complaint', { complaint: id }, async () =>
    (await administrators(db)).map((admin) => ({
      to: admin.email,
      ...composeComplaintMail(admin.language, { email: complaint.email, text: complaint.text, publicUrl: mail.publicUrl }),
    })),
  );
  return { receivedAt };
}
