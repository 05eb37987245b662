import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';

/** GET /api/v1/health: ok once the database answers, 503 otherwise. */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/api/v1/health',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { response: { type: 'object', properties: { status: { type: 'string' }, database: { type: 'string' } } } },
          },
        },
      },
    },
    async () => {
      try {
        await ctx.db.query('SELECT 1');
      } catch {
        throw new AppError('UNAVAILABLE', 'The database is not answering');
      }
      return { response: { status: 'ok', database: ctx.db.kind } };
    },
  );
}
