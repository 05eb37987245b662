import type { EntityMailSetup } from '../../services/mail/entityMail.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { actorOf, checkSessionWith, requirePermission } from '../../plugins/auth.js';
import { reviewCalls } from '../../../shared/api/review.js';
import * as review from '../../services/campaigns/review.js';
import type { QuestionnaireCache } from '../../reports/questionnaireCache.js';
import { smtpMailer, type Mailer } from '../../services/mail/sender.js';
import { routeOf, sessionCheckedRouteOf } from '../contract.js';
import { findQueueEdition, findSessionUserAndQueueEdition } from '../../db/repositories/review.js';
import type { ReportCache } from '../../reports/reportCache.js';
import { sendReport, serializerOf } from './reportAccess.js';

/** The bound of the review queue's kept bodies: some 200 pages of 50 rows (20 KB each, 2 KB gzip-compressed). */
export const REVIEW_QUEUE_CACHE_BYTES = 4 * 1024 * 1024;

/** A reviewer's e-mail to an entity, sent after the answer: its failures go to this request's log. */
export function entityMail(mailer: Mailer | null, publicUrl: string, request: FastifyRequest): EntityMailSetup {
  return { mailer, publicUrl, warn: (detail, message) => request.log.warn(detail, message) };
}

/**
 * The review calls of docs/api.md ("Review") under /api/secure/v1/campaigns/review: ADMIN and FEC (USER 403). The
 * queue's bodies are kept in `queues` (one per edition, filter and page; see reviewQueueBody).
 */
export function registerReviewRoutes(secure: FastifyInstance, ctx: AppContext, questionnaires: QuestionnaireCache, queues: ReportCache): void {
  const { db, config } = ctx;
  const mailer = config.smtp ? smtpMailer(config.smtp) : null;
  const api = secure.withTypeProvider<TypeBoxTypeProvider>();
  const reviewer = (request: FastifyRequest) => actorOf(request, requirePermission(request, 'CAMPAIGNS_REVIEW'));

  // The queue's body is kept while its edition's queue version holds, as the reports' are (reportCache.ts): the
  // session and that version are read in one statement, and the body compressed once (compress: false).
  api.route({
    ...sessionCheckedRouteOf(reviewCalls.queue),
    compress: false,
    handler: async (request, reply) => {
      const { editionId } = request.query;
      const edition = await checkSessionWith(
        request,
        (session) => findSessionUserAndQueueEdition(db, session, editionId),
        () => findQueueEdition(db, editionId),
      );
      requirePermission(request, 'CAMPAIGNS_REVIEW');
      const encode = serializerOf(reply);
      return sendReport(request, reply, await review.reviewQueueBody(db, queues, edition, request.query, (queue) => encode({ response: queue })));
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
