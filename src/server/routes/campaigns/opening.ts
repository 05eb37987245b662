import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { actorOf, requirePermission, requireUser } from '../../plugins/auth.js';
import { can } from '../../../shared/permissions.js';
import { editionOpeningCalls } from '../../../shared/api/editionOpening.js';
import * as opening from '../../services/campaigns/opening.js';
import { smtpMailer } from '../../services/mail/sender.js';
import { routeOf } from '../contract.js';

/**
 * Opening the current edition for many entities (ADMIN only, although FEC may create single
 * campaigns) and the reminders (ADMIN and FEC, who both create campaigns and see the status page: permissions.ts).
 */
export function registerEditionOpeningRoutes(secure: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const api = secure.withTypeProvider<TypeBoxTypeProvider>();
  const setup: opening.MailSetup = { mailer: config.smtp ? smtpMailer(config.smtp) : null, publicUrl: config.publicUrl };
  const adminActor = (request: FastifyRequest) => actorOf(request, requirePermission(request, 'ADMIN_CAMPAIGNS'));
  /** ADMIN or FEC. */
  const administrator = (request: FastifyRequest) => {
    const user = requireUser(request);
    return requirePermission(request, can(user.role, 'FEC_CAMPAIGNS') ? 'FEC_CAMPAIGNS' : 'ADMIN_CAMPAIGNS');
  };

  api.route({
    ...routeOf(editionOpeningCalls.openingSummary),
    handler: async (request) => {
      requirePermission(request, 'ADMIN_CAMPAIGNS');
      return { response: await opening.openingSummary(db, request.query) };
    },
  });

  api.route({
    ...routeOf(editionOpeningCalls.openEdition),
    handler: async (request) => ({ response: await opening.openEdition(db, adminActor(request), request.body, setup) }),
  });

  api.route({
    ...routeOf(editionOpeningCalls.reminders),
    handler: async (request) => {
      administrator(request);
      return { response: await opening.reminders(db, setup, request.query.editionId) };
    },
  });

  api.route({
    ...routeOf(editionOpeningCalls.remind),
    handler: async (request) => ({ response: await opening.sendReminders(db, actorOf(request, administrator(request)), setup, request.body?.editionId) }),
  });
}
