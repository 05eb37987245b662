import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import type { AppContext } from '../context.js';
import { validate } from '../validation.js';
import { requireUser } from '../plugins/auth.js';
import * as reference from '../db/repositories/referenceQueries.js';

const categoryQuerySchema = yup.object({ type: yup.string().oneOf(['axis', 'policy', 'measure'] as const, 'type must be axis, policy or measure').required('type is required') });

/** Reference data for any signed-in user: geography (which never changes while running) and categories. */
export function registerReferenceRoutes(secure: FastifyInstance, ctx: AppContext): void {
  // 8,131 municipalities: serialised once, then served from memory.
  let municipalitiesJson: string | undefined;
  secure.get('/communities/allMunicipalities', async (request, reply) => {
    requireUser(request);
    municipalitiesJson ??= JSON.stringify({ response: await reference.listMunicipalities(ctx.db) });
    return reply.header('Cache-Control', 'private, max-age=3600').type('application/json; charset=utf-8').send(municipalitiesJson);
  });
  secure.get('/communities/allAutonomousCommunities', async (request) => {
    requireUser(request);
    return { response: await reference.listCommunities(ctx.db) };
  });
  secure.get('/communities/allProvinces', async (request) => {
    requireUser(request);
    return { response: await reference.listProvinces(ctx.db) };
  });
  secure.get('/categories/all', async (request) => {
    requireUser(request);
    const { type } = validate(categoryQuerySchema, request.query);
    return { response: await reference.listCategories(ctx.db, type) };
  });
}
