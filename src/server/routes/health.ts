import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { healthCall } from '../../shared/api/health.js';
import { pingDatabase } from '../db/repositories/health.js';
import { routeOf } from './contract.js';

/** How long health waits for the database: a server gone silent answers 503 in this time, not never. */
const HEALTH_TIMEOUT_MS = 2000;

/** Resolves when the database answers SELECT 1 within HEALTH_TIMEOUT_MS; rejects otherwise. */
async function databaseAnswers(ctx: AppContext): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const probe = pingDatabase(ctx.db);
  // Once the wait is over, a late failure of the probe has no one to tell.
  probe.catch(() => undefined);
  try {
    await Promise.race([probe, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('health timeout')), HEALTH_TIMEOUT_MS)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/v1/health: ok once the database answers, 503 otherwise. */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().route({
    ...routeOf(healthCall),
    handler: async () => {
      try {
        await databaseAnswers(ctx);
      } catch {
        throw new AppError('UNAVAILABLE', 'The database is not answering');
      }
      return { response: { status: 'ok' as const, database: ctx.db.kind, mail: ctx.config.smtp !== null } };
    },
  });
}
