import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { purgeAuditLog } from '../db/repositories/audit.js';
import { purgeComplaints } from '../db/repositories/accessibility.js';
import { scheduleRepeating } from '../plugins/repeating.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Removes the activity log's rows (sign-ins among them) and the accessibility complaints older than LOG_RETENTION_DAYS: a second after the server
 * is ready (one indexed DELETE, which does not hold up the start), then once a day. Every instance does it; the same
 * DELETE run twice removes nothing more.
 */
export function scheduleLogRetention(app: FastifyInstance, { db, config }: AppContext): void {
  scheduleRepeating(app, {
    name: 'activity log retention',
    firstAfterMs: 1_000,
    everyMs: DAY_MS,
    run: async () => {
      // Each table on its own: one failing does not keep the other's old rows.
      const outcomes = await Promise.allSettled([purgeAuditLog(db, config.logRetentionDays), purgeComplaints(db, config.logRetentionDays)]);
      outcomes.forEach((outcome, i) => {
        const what = ['activity log rows', 'accessibility complaints'][i];
        if (outcome.status === 'rejected') app.log.warn({ err: outcome.reason }, `${what} past their retention could not be removed`);
        else if (outcome.value > 0) app.log.info({ removed: outcome.value, days: config.logRetentionDays }, `${what} past their retention removed`);
      });
    },
  });
}
