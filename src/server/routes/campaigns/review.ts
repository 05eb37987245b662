import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { actorOf, requirePermission } from '../../plugins/auth.js';
import { reviewCalls } from '../../../shared/api/review.js';
import * as review from '../../services/campaigns/review.js';
import type { QuestionnaireCache } from '../../reports/questionnaireCache.js';
import { smtpMailer, type Mailer } from '../../services/mail/sender.js';
import { routeOf } from '../contract.js';

/** A reviewer's e-mail to an entity, sent after the answer: its failures go to this request's log. */
export function entityMail(mailer: Mailer | null, publicUrl: string, request: FastifyRequest): review.EntityMailSetup {
  return { mailer, publicUrl, warn: (detail, message) => request.log.warn(detail, message) };
}

/** The review calls of docs/api.md ("Review") under /api/secure/v1/campaigns/review: ADMIN and FEC (USER 403). */
export function registerReviewRoutes(secure: FastifyInstance, ctx: AppContext, questionnaires: QuestionnaireCache): void {
  const { db, config } = ctx;
  const mailer = config.smtp ? smtpMailer(config.smtp) : null;
  const api = secure.withTypeProvider<TypeBoxTypeProvider>();
  const reviewer = (request: FastifyRequest) => actorOf(request, requirePermission(request, 'CAMPAIGNS_REVIEW'));

  api.route({
    ...routeOf(reviewCalls.queue),
    handler: async (request) => {
      requirePermission(request, 'CAMPAIGNS_REVIEW');
      return { response: await review.reviewQueue(db, request.query) };
    },
  });

  api.route({
    ...routeOf(reviewCalls.mark),
    handler: async (request) => ({ response: await review.markAnswer(db, questionnaires, reviewer(request), request.body) }),
  });

  api.route({
    ...routeOf(reviewCalls.requestChanges),
    handler: async (request) => ({
      response: await review.requestChanges(db, reviewer(request), request.body, entityMail(mailer, config.publicUrl, request)),
    }),
  });

  api.route({
    ...routeOf(reviewCalls.validate),
    handler: async (request) => ({ response: await review.validateCampaign(db, reviewer(request), request.body.id) }),
  });
}
