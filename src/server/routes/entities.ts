import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { validate } from '../validation.js';
import { requirePermission } from '../plugins/auth.js';
import { listEntities } from '../db/repositories/entities.js';
import * as entities from '../services/entities.js';
import { entitySchemas } from './adminSchemas.js';
import { createEntitySchema, idBodySchema } from '../../shared/validation/admin.js';

/** The administrator calling, for the audit trail; FORBIDDEN unless its role manages entities. */
const manager = (request: FastifyRequest) => ({ user: requirePermission(request, 'ENTITIES_MANAGE'), requestId: String(request.id) });

/** The entity calls of api-contract.md under /api/secure/v1/entities (ADMIN and FEC). */
export function registerEntityRoutes(secure: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  secure.get('/entities/list', { schema: { response: entitySchemas.list } }, async (request) => {
    manager(request);
    return { response: await listEntities(db) };
  });

  secure.post('/entities/create', { schema: { response: entitySchemas.create } }, async (request) => {
    const actor = manager(request);
    const body = validate(createEntitySchema, request.body);
    return { response: await entities.createEntity(db, actor, { ...body.entity, municipalities: body.municipalities }) };
  });

  secure.post('/entities/remove', { schema: { response: entitySchemas.remove } }, async (request) => {
    const actor = manager(request);
    const { id } = validate(idBodySchema, request.body);
    return { response: await entities.removeEntity(db, actor, id) };
  });
}
