import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { pgliteBackup } from '../db/backup.js';
import { generatedJwtSecret } from '../services/auth/jwt.js';
import { isDirectLocalRequest } from '../network.js';
import { bearerToken } from '../plugins/auth.js';

/**
 * POST /operations/backup: the embedded database's copy, for `npm run backup` while this server runs (PGlite is
 * one process's: the command cannot open its folder beside the server). Only with an operation token, which only
 * who can read the server's secret can sign. Calls wait while the copy is taken (a second or two for the demo).
 * PostgreSQL is copied by pg_dump, not through the server: the route exists on PGlite only.
 */
export function registerOperationRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.db.kind !== 'pglite') return;
  app.post('/operations/backup', { schema: { hide: true } }, async (request, reply) => {
    // The command runs on this machine: a request through a proxy or from elsewhere is refused whatever it carries.
    if (!isDirectLocalRequest(request)) throw new AppError('FORBIDDEN', 'A backup is asked for from this machine only');
    if (!(await ctx.signer.verifyOperation(bearerToken(request) ?? '', 'backup'))) throw new AppError('INVALID_TOKEN', 'A backup needs an operation token');
    const bytes = await pgliteBackup(ctx.db, await generatedJwtSecret(ctx.config.jwtSecret, ctx.config.dataDir));
    return reply.header('content-type', 'application/octet-stream').header('cache-control', 'no-store').send(bytes);
  });
}
