import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { sendAssigneeReminders } from '../services/campaigns/assigneeReminders.js';
import { smtpMailer } from '../services/mail/sender.js';
import { scheduleRepeating } from '../plugins/repeating.js';

/**
 * Checks for due reminders every REMINDER_CHECK_MINUTES (the first time a minute after the server starts), while SMTP
 * is configured; a failure is logged, and the next check goes on. Stops with the server.
 */
export function scheduleAssigneeReminders(app: FastifyInstance, { db, config }: AppContext): void {
  const { smtp, reminderCheckMinutes, publicUrl } = config;
  if (!smtp || reminderCheckMinutes === 0) return;
  const mailer = smtpMailer(smtp);
  scheduleRepeating(app, {
    name: 'assignee reminders',
    firstAfterMs: 60_000,
    everyMs: reminderCheckMinutes * 60_000,
    run: async () => {
      const { sent, failed } = await sendAssigneeReminders(db, mailer, publicUrl, new Date());
      if (sent + failed > 0) app.log.info({ sent, failed }, 'assignee reminders sent');
    },
  });
}
