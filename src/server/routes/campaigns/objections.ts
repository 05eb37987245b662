import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { actorOf, permittedActor, requirePermission, requireUser } from '../../plugins/auth.js';
import { objectionCalls } from '../../../shared/api/objections.js';
import * as objections from '../../services/campaigns/objections.js';
import type { QuestionnaireCache } from '../../reports/questionnaireCache.js';
import { routeOf, sessionCheckedRouteOf } from '../contract.js';
import { answeringCaller } from './index.js';
import { entityMail } from './review.js';
import { smtpMailer } from '../../services/mail/sender.js';

/** The objection and final-results calls of docs/api.md ("Objections", "Final results"): ADMIN publishes, the entity's members object, ADMIN and FEC resolve. */
export function registerObjectionRoutes(secure: FastifyInstance, { db, config }: AppContext, questionnaires: QuestionnaireCache): void {
  const api = secure.withTypeProvider<TypeBoxTypeProvider>();
  const mailer = config.smtp ? smtpMailer(config.smtp) : null;

  api.route({
    ...routeOf(objectionCalls.publishProvisional),
    handler: async (request) => ({ response: await objections.publishProvisional(db, permittedActor(request, 'EDITIONS_SETTINGS'), request.body) }),
  });

  api.route({
    ...routeOf(objectionCalls.publishFinal),
    handler: async (request) => ({
      response: await objections.publishFinal(db, permittedActor(request, 'EDITIONS_SETTINGS'), request.body, config.minGroupSize),
    }),
  });

  api.route({
    ...sessionCheckedRouteOf(objectionCalls.object),
    // As answering: the entity's members (USER) and ADMIN; the session checked with the campaign's read.
    handler: async (request) => ({ response: await objections.fileObjection(db, questionnaires, answeringCaller(request), request.body) }),
  });

  api.route({
    ...routeOf(objectionCalls.resolve),
    handler: async (request) => ({
      response: await objections.resolveObjection(
        db,
        questionnaires,
        actorOf(request, requirePermission(request, 'CAMPAIGNS_REVIEW')),
        request.body,
        entityMail(mailer, config.publicUrl, request),
      ),
    }),
  });

  api.route({
    ...routeOf(objectionCalls.list),
    handler: async (request) => ({ response: await objections.campaignObjections(db, requireUser(request), request.query.id) }),
  });
}
