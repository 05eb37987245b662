import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { permittedActor } from '../plugins/auth.js';
import { listEntities } from '../db/repositories/entities.js';
import * as entities from '../services/admin/entities.js';
import { adminCalls } from '../../shared/api/admin.js';
import { routeOf } from './contract.js';

/** The administrator calling, for the audit trail; FORBIDDEN unless its role manages entities. */
const manager = (request: FastifyRequest) => permittedActor(request, 'ENTITIES_MANAGE');

/** The entity calls of docs/api.md under /api/secure/v1/entities (ADMIN and FEC). */
export function registerEntityRoutes(secure: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = secure.withTypeProvider<TypeBoxTypeProvider>();

  api.route({
    ...routeOf(adminCalls.listEntities),
    handler: async (request) => {
      manager(request);
      return { response: await listEntities(db) };
    },
  });

  api.route({
    ...routeOf(adminCalls.createEntity),
    handler: async (request) => {
      const actor = manager(request);
      const { entity, municipalities } = request.body;
      return { response: await entities.createEntity(db, actor, { ...entity, municipalities }) };
    },
  });

  api.route({
    ...routeOf(adminCalls.removeEntity),
    handler: async (request) => ({ response: await entities.removeEntity(db, manager(request), request.body) }),
  });

  api.route({
    ...routeOf(adminCalls.updateEntity),
    handler: async (request) => {
      const actor = manager(request);
      const { id, entity, municipalities } = request.body;
      return { response: await entities.updateEntity(db, actor, id, { ...entity, municipalities }) };
    },
  });

  api.route({
    ...routeOf(adminCalls.archiveEntity),
    handler: async (request) => ({ response: await entities.setArchived(db, manager(request), request.body.id, true) }),
  });

  api.route({
    ...routeOf(adminCalls.restoreEntity),
    handler: async (request) => ({ response: await entities.setArchived(db, manager(request), request.body.id, false) }),
  });
}
