import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { requireUser } from '../plugins/auth.js';
import * as reference from '../db/repositories/referenceQueries.js';
import { referenceCalls } from '../../shared/api/reference.js';
import { routeOf, sendEncoded } from './contract.js';

/** Reference data for any signed-in user: geography (which never changes while running) and categories. */
export function registerReferenceRoutes(secure: FastifyInstance, ctx: AppContext): void {
  const api = secure.withTypeProvider<TypeBoxTypeProvider>();
  // 8,131 municipalities: serialised once, then served from memory.
  let municipalitiesJson: string | undefined;
  api.route({
    ...routeOf(referenceCalls.municipalities),
    handler: async (request, reply) => {
      requireUser(request);
      municipalitiesJson ??= JSON.stringify({ response: await reference.listMunicipalities(ctx.db) });
      return sendEncoded(reply.header('Cache-Control', 'private, max-age=3600'), municipalitiesJson);
    },
  });
  api.route({
    ...routeOf(referenceCalls.communities),
    handler: async (request) => {
      requireUser(request);
      return { response: await reference.listCommunities(ctx.db) };
    },
  });
  api.route({
    ...routeOf(referenceCalls.provinces),
    handler: async (request) => {
      requireUser(request);
      return { response: await reference.listProvinces(ctx.db) };
    },
  });
  api.route({
    ...routeOf(referenceCalls.categories),
    handler: async (request) => {
      requireUser(request);
      return { response: await reference.listCategories(ctx.db, request.query.type) };
    },
  });
}
