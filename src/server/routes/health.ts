import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { healthCall } from '../../shared/api/health.js';
import { routeOf } from './contract.js';

/** GET /api/v1/health: ok once the database answers, 503 otherwise. */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().route({
    ...routeOf(healthCall),
    handler: async () => {
      try {
        await ctx.db.query('SELECT 1');
      } catch {
        throw new AppError('UNAVAILABLE', 'The database is not answering');
      }
      return { response: { status: 'ok' as const, database: ctx.db.kind } };
    },
  });
}
