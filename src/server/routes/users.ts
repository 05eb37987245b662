import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { permittedActor } from '../plugins/auth.js';
import { listUsers } from '../db/repositories/users.js';
import * as users from '../services/admin/users.js';
import { adminCalls } from '../../shared/api/admin.js';
import { routeOf } from './contract.js';

/** The administrator calling, for the audit trail; FORBIDDEN unless its role manages users. */
const manager = (request: FastifyRequest) => permittedActor(request, 'USERS_MANAGE');

/** The user calls of docs/api.md under /api/secure/v1/users (ADMIN and FEC). */
export function registerUserRoutes(secure: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = secure.withTypeProvider<TypeBoxTypeProvider>();

  api.route({
    ...routeOf(adminCalls.listUsers),
    handler: async (request) => {
      manager(request);
      return { response: await listUsers(db) };
    },
  });

  api.route({
    ...routeOf(adminCalls.createUser),
    handler: async (request) => ({ response: await users.createUser(db, manager(request), request.body) }),
  });

  api.route({
    ...routeOf(adminCalls.removeUser),
    handler: async (request) => ({ response: await users.removeUser(db, manager(request), request.body.id) }),
  });

  api.route({
    ...routeOf(adminCalls.eraseUser),
    handler: async (request) => ({ response: await users.eraseUser(db, manager(request), request.body.id) }),
  });

  api.route({
    ...routeOf(adminCalls.updateUser),
    handler: async (request) => ({ response: await users.updateUser(db, manager(request), request.body) }),
  });

  api.route({
    ...routeOf(adminCalls.regeneratePassword),
    handler: async (request) => ({ response: await users.regeneratePassword(db, manager(request), request.body.id) }),
  });
}
