import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { validate } from '../validation.js';
import { requirePermission } from '../plugins/auth.js';
import { listUsers } from '../db/repositories/users.js';
import * as users from '../services/users.js';
import { userSchemas } from './adminSchemas.js';
import { createUserSchema, idBodySchema } from '../../shared/validation/admin.js';
import { roleFromNumber, type Role } from '../../shared/roles.js';

/** The administrator calling, for the audit trail; FORBIDDEN unless its role manages users. */
const manager = (request: FastifyRequest) => ({ user: requirePermission(request, 'USERS_MANAGE'), requestId: String(request.id) });

/** The user calls of api-contract.md under /api/secure/v1/users (ADMIN and FEC). */
export function registerUserRoutes(secure: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  secure.get('/users/list', { schema: { response: userSchemas.list } }, async (request) => {
    manager(request);
    return { response: await listUsers(db) };
  });

  secure.post('/users/create', { schema: { response: userSchemas.create } }, async (request) => {
    const actor = manager(request);
    const body = validate(createUserSchema, request.body);
    const role = roleFromNumber(body.role) as Role;
    return { response: await users.createUser(db, actor, { email: body.email, role, name: body.name, entityIds: body.entities }) };
  });

  secure.post('/users/remove', { schema: { response: userSchemas.remove } }, async (request) => {
    const actor = manager(request);
    const { id } = validate(idBodySchema, request.body);
    return { response: await users.removeUser(db, actor, id) };
  });

  secure.post('/users/regeneratePassword', { schema: { response: userSchemas.regeneratePassword } }, async (request) => {
    const actor = manager(request);
    const { id } = validate(idBodySchema, request.body);
    return { response: await users.regeneratePassword(db, actor, id) };
  });
}
