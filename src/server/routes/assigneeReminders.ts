import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { sendAssigneeReminders } from '../services/campaigns/assigneeReminders.js';
import { smtpMailer } from '../services/mail/sender.js';

/**
 * Checks for due reminders every REMINDER_CHECK_MINUTES (the first time a minute after the server starts), while SMTP
 * is configured; a failure is logged, and the next check goes on. Stops with the server.
 */
export function scheduleAssigneeReminders(app: FastifyInstance, { db, config }: AppContext): void {
  const { smtp, reminderCheckMinutes, publicUrl } = config;
  if (!smtp || reminderCheckMinutes === 0) return;
  const mailer = smtpMailer(smtp);
  const check = () =>
    sendAssigneeReminders(db, mailer, publicUrl, new Date())
      .then(({ sent, failed }) => {
        if (sent + failed > 0) app.log.info({ sent, failed }, 'assignee reminders sent');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'assignee reminders failed'));
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  app.addHook('onReady', async () => {
    timer = setTimeout(function next() {
      void check().finally(() => {
        // A check still running when the server closes sets no other.
        if (!closed) timer = setTimeout(next, reminderCheckMinutes * 60_000).unref();
      });
    }, 60_000).unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}
