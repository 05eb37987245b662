import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { actorOf, checkSessionWith, requirePermission, requireUser } from '../../plugins/auth.js';
import type { CheckedCaller } from '../../services/actor.js';
import { AppError } from '../../errors.js';
import { can, type Action } from '../../../shared/permissions.js';
import { campaignCalls } from '../../../shared/api/campaigns.js';
import * as queries from '../../db/repositories/campaignQueries.js';
import { canReadEntity, visibleEntityIds } from '../../services/campaigns/rules.js';
import * as actions from '../../services/campaigns/actions.js';
import { answerHistory } from '../../services/campaigns/answerHistory.js';
import { entitySeesMarks } from '../../services/campaigns/reviewRules.js';
import { encodeWithIndicators } from '../../reports/questionnaires.js';
import type { ReportEngine } from '../../reports/engine.js';
import { fileRouteOf, routeOf, sendEncoded, sessionCheckedRouteOf } from '../contract.js';
import { smtpMailer } from '../../services/mail/sender.js';
import { entityMail } from './review.js';
import { EXPORT_FILE_TYPES, type EditionExportQuery } from '../../../shared/api/campaigns.js';
import { findEditionByNumber } from '../../db/repositories/editionExport.js';
import { editionExportStream, exportFileNameOf } from '../../reports/editionExport.js';
import { DEFAULT_LANGUAGE } from '../../../shared/constants.js';

export const CAMPAIGN_ACTIONS: Action[] = ['SELF_CAMPAIGNS', 'ADMIN_CAMPAIGNS', 'FEC_CAMPAIGNS'];
const ADMINISTRATION: Action[] = ['ADMIN_CAMPAIGNS', 'FEC_CAMPAIGNS'];
export const ANSWERING: Action[] = ['SELF_CAMPAIGNS', 'ADMIN_CAMPAIGNS'];

/** The signed-in user when its role may perform one of the actions. */
export function requireAny(request: FastifyRequest, allowed: Action[]) {
  const user = requireUser(request);
  const match = allowed.find((action) => can(user.role, action));
  return requirePermission(request, match ?? allowed[0]);
}

/** The caller as the actor of a change, when its role may perform one of the actions. */
export const actorAmong = (request: FastifyRequest, allowed: Action[]) => actorOf(request, requireAny(request, allowed));

/** The answering caller of saveAnswer and submit (sessionCheckedRouteOf) (USER of its entities, ADMIN), checked with the service's first read. */
export const answeringCaller =
  (request: FastifyRequest): CheckedCaller =>
  async (withSession, alone) => {
    const read = await checkSessionWith(request, withSession, alone);
    return { actor: actorAmong(request, ANSWERING), read };
  };

/** The campaign calls of docs/api.md under /api/secure/v1/campaigns (declared in src/shared/api/campaigns.ts). */
export function registerCampaignRoutes(secure: FastifyInstance, ctx: AppContext, reports: ReportEngine): void {
  const { db, config } = ctx;
  const mailer = config.smtp ? smtpMailer(config.smtp) : null;
  const api = secure.withTypeProvider<TypeBoxTypeProvider>();

  api.route({
    ...routeOf(campaignCalls.all),
    handler: async (request) => {
      const user = requireAny(request, CAMPAIGN_ACTIONS);
      return { response: await queries.listCampaigns(db, visibleEntityIds(user)) };
    },
  });

  api.route({
    // One statement for the session, the campaign and its answers; the edition's questionnaire from the cache.
    ...sessionCheckedRouteOf(campaignCalls.get),
    handler: async (request, reply) => {
      const { id } = request.query;
      const found = await checkSessionWith(
        request,
        (session) => queries.findSessionUserAndCampaignToRead(db, session, id),
        () => queries.findCampaignToRead(db, id),
      );
      const user = requireAny(request, CAMPAIGN_ACTIONS);
      if (!found || !canReadEntity(user, found.summary.entityId)) throw new AppError('NOT_FOUND', 'Campaign not found');
      const edition = await reports.questionnaires.get(found.editionId, found.catalogueVersion);
      // The entity reads the reviewers' marks once they are its to read; a reviewer's work in progress is not.
      const marks = can(user.role, 'CAMPAIGNS_REVIEW') || entitySeesMarks(found.summary.reviewStatus) ? found.marks : undefined;
      const { prefillFrom, reviewMessage, validatedAt, objectionsUntil } = found;
      // Pre-encoded JSON (the edition's questionnaire spliced in): sent as it is.
      return sendEncoded(
        reply,
        encodeWithIndicators({ edition, answers: found.answers, notes: found.notes, marks, versions: found.versions }, (indicators) => ({
          response: { ...found.summary, prefillFrom, reviewMessage, validatedAt, objectionsUntil, indicators },
        })),
      );
    },
  });

  api.route({
    ...routeOf(campaignCalls.getByUser),
    handler: async (request) => {
      const user = requireAny(request, ['RESULTS_CAMPAIGNS', ...CAMPAIGN_ACTIONS]);
      const { nameWithProvince = false, includeAllEntities = false, onlySent = false } = request.query;
      // Administrators see every entity only when they ask for it; otherwise, like everyone, their own.
      const entityIds = includeAllEntities ? visibleEntityIds(user) : user.entities.map((e) => e.id);
      return { response: await queries.listEntityCampaigns(db, entityIds, { nameWithProvince, onlySent }) };
    },
  });

  api.route({
    ...routeOf(campaignCalls.getByEntity),
    handler: async (request) => {
      const user = requireAny(request, ['RESULTS_CAMPAIGNS', ...CAMPAIGN_ACTIONS]);
      const { entityId } = request.query;
      if (!canReadEntity(user, entityId)) throw new AppError('NOT_FOUND', 'Entity not found');
      return { response: await queries.listCampaigns(db, null, entityId) };
    },
  });

  api.route({
    ...routeOf(campaignCalls.create),
    handler: async (request) => ({ response: await actions.createCampaign(db, actorAmong(request, ADMINISTRATION), request.body.entityId) }),
  });

  api.route({
    ...sessionCheckedRouteOf(campaignCalls.saveAnswer),
    handler: async (request) => ({ response: await actions.saveAnswer(db, reports.questionnaires, answeringCaller(request), request.body) }),
  });

  api.route({
    // Whoever may read the campaign, as campaigns/get.
    ...routeOf(campaignCalls.history),
    handler: async (request) => ({ response: await answerHistory(db, requireAny(request, CAMPAIGN_ACTIONS), request.query) }),
  });

  api.route({
    ...sessionCheckedRouteOf(campaignCalls.addEvidenceLink),
    handler: async (request) => ({ response: await actions.addEvidenceLink(db, reports.questionnaires, answeringCaller(request), request.body) }),
  });

  api.route({
    ...sessionCheckedRouteOf(campaignCalls.prefill),
    handler: async (request) => ({ response: await actions.prefillCampaign(db, reports.questionnaires, answeringCaller(request), request.body.id) }),
  });

  api.route({
    ...sessionCheckedRouteOf(campaignCalls.removeEvidence),
    handler: async (request) => ({ response: await actions.removeEvidence(db, reports.questionnaires, answeringCaller(request), request.body) }),
  });

  api.route({
    ...sessionCheckedRouteOf(campaignCalls.submit),
    handler: async (request) => ({
      response: await actions.submitCampaign(
        db,
        reports.questionnaires,
        answeringCaller(request),
        request.body.id,
        entityMail(mailer, config.publicUrl, request),
      ),
    }),
  });

  api.route({
    ...routeOf(campaignCalls.delete),
    handler: async (request) => ({ response: await actions.deleteCampaign(db, actorAmong(request, ADMINISTRATION), request.body.id) }),
  });

  api.route({
    ...fileRouteOf({ ...campaignCalls.exportEdition, file: campaignCalls.exportEdition.file! }),
    handler: async (request, reply) => {
      requireAny(request, ADMINISTRATION);
      const { edition: number, format, language = DEFAULT_LANGUAGE } = request.query as EditionExportQuery;
      const edition = await findEditionByNumber(db, number);
      if (!edition) throw new AppError('NOT_FOUND', 'Edition not found');
      const stream = editionExportStream(db, edition, { format, language }, (err) => request.log.error({ err }, 'edition export failed'));
      return reply
        .type(EXPORT_FILE_TYPES[format])
        .header('content-disposition', `attachment; filename="${exportFileNameOf(number, format)}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });

  api.route({
    ...routeOf(campaignCalls.status),
    handler: async (request) => {
      requireAny(request, ADMINISTRATION);
      return { response: await queries.listCampaignStatus(db) };
    },
  });
}
