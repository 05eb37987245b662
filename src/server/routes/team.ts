import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { actorOf, checkSessionWith, requirePermission } from '../plugins/auth.js';
import { teamCalls } from '../../shared/api/team.js';
import { receiptCalls } from '../../shared/api/receipts.js';
import { campaignReceipt } from '../services/campaigns/receipts.js';
import * as team from '../services/team.js';
import { routeOf, sessionCheckedRouteOf } from './contract.js';
import { findSessionUserAndLatestReceipt, latestReceipt } from '../db/repositories/receipts.js';
import { smtpMailer } from '../services/mail/sender.js';
import { entityMail } from './campaigns/review.js';

/**
 * The team calls of docs/api.md ("Team"): an entity's members read it; its responsible members, ADMIN and FEC change it
 * (services/team.ts); and a campaign's latest receipt (services/campaigns/receipts.ts).
 */
export function registerTeamRoutes(secure: FastifyInstance, { db, config }: AppContext): void {
  const api = secure.withTypeProvider<TypeBoxTypeProvider>();
  const mailer = config.smtp ? smtpMailer(config.smtp) : null;
  // Every role that reads campaigns (USER, ADMIN, FEC); which entity, and whether to change its team, the service decides.
  const caller = (request: FastifyRequest) => actorOf(request, requirePermission(request, 'RESULTS_CAMPAIGNS'));

  api.route({ ...routeOf(teamCalls.members), handler: async (request) => ({ response: await team.members(db, caller(request), request.query.entityId) }) });
  api.route({
    ...routeOf(teamCalls.invite),
    handler: async (request) => ({ response: await team.inviteMember(db, caller(request), request.body, entityMail(mailer, config.publicUrl, request)) }),
  });
  api.route({ ...routeOf(teamCalls.remove), handler: async (request) => ({ response: await team.removeMember(db, caller(request), request.body) }) });
  api.route({ ...routeOf(teamCalls.role), handler: async (request) => ({ response: await team.setMemberRole(db, caller(request), request.body) }) });
  api.route({
    ...routeOf(teamCalls.assign),
    handler: async (request) => ({ response: await team.assignPart(db, caller(request), request.body, entityMail(mailer, config.publicUrl, request)) }),
  });
  api.route({ ...routeOf(teamCalls.assignments), handler: async (request) => ({ response: await team.assignments(db, caller(request), request.query.id) }) });
  api.route({
    // One statement for the session and the receipt.
    ...sessionCheckedRouteOf(receiptCalls.campaignReceipt),
    handler: async (request) => {
      const { id } = request.query;
      const latest = await checkSessionWith(
        request,
        (session) => findSessionUserAndLatestReceipt(db, session, id),
        () => latestReceipt(db, id),
      );
      return { response: campaignReceipt(caller(request), latest) };
    },
  });
}
