import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import negotiate from '@fastify/accept-negotiator';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { checkSessionWith, requirePermission } from '../../plugins/auth.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { reportCalls } from '../../../shared/api/results.js';
import type { ApiCall } from '../../../shared/api/schema.js';
import type { TSchema } from 'typebox';
import { recordAudit } from '../../db/repositories/audit.js';
import { insertShareLink } from '../../db/repositories/campaignWrites.js';
import { findCampaignPlace, findSessionUserAndCampaignPlace, type CampaignPlace } from '../../db/repositories/resultQueries.js';
import { canReadEntity } from '../../services/campaigns/rules.js';
import { campaignQuestionnaire, encodeWithIndicators } from '../../reports/questionnaires.js';
import type { QuestionnaireCache } from '../../reports/questionnaireCache.js';
import type { ReportBody, ReportCache } from '../../reports/reportCache.js';
import { encodeResult, resultVersion } from '../../reports/reportBodies.js';
import { routeOf, sendEncoded } from '../contract.js';

/**
 * The report calls that read a campaign (declared 'userOrShare'): the caller's session is checked in the
 * statement that reads the campaign's place (checkSessionWith), and the report cache compresses a body once
 * (sendReport) instead of @fastify/compress doing it on every call.
 */
export function reportRouteOf<Q extends TSchema, B extends TSchema, R extends TSchema>(call: ApiCall<Q, B, R>) {
  const route = routeOf(call);
  return { ...route, config: { ...route.config, sessionCheckedByRoute: true } };
}

/**
 * The campaign a report call may read, with its place: a share token only its own campaign, a USER only
 * its entities' (404 otherwise), ADMIN and FEC any. On reportRouteOf routes the caller's session is
 * checked in the statement that reads the place.
 */
export async function reportableCampaign(db: Queryable, request: FastifyRequest, id: number): Promise<CampaignPlace> {
  if (request.principal?.kind === 'share' && request.principal.campaignId !== id) throw forbidden();
  const campaign = await checkSessionWith(
    request,
    async (session) => {
      const read = await findSessionUserAndCampaignPlace(db, session, id);
      return { user: read?.user, read: read?.place };
    },
    () => findCampaignPlace(db, id),
  );
  // Anything but a share link must be a user allowed to read results (no principal: refused).
  if (request.principal?.kind !== 'share') {
    const user = requirePermission(request, 'RESULTS_CAMPAIGNS');
    if (campaign && !canReadEntity(user, campaign.entityId)) throw notFound('Campaign');
  }
  if (!campaign) throw notFound('Campaign');
  return campaign;
}

/** A report body as JSON, gzip-compressed when the caller accepts it and the cache has made the copy. */
export function sendReport(request: FastifyRequest, reply: FastifyReply, body: ReportBody): FastifyReply {
  reply.header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  if (body.gzip && accepted && negotiate(accepted, ['gzip', 'identity']) === 'gzip') {
    return sendEncoded(reply.header('content-encoding', 'gzip'), body.gzip);
  }
  return sendEncoded(reply, body.json);
}

/**
 * GET campaigns/result and campaigns/answers: open to share tokens for their campaign. A result is sent from
 * the report cache when nothing it depends on has changed (see ReportCache), after the same checks.
 */
export function registerReportRoutes(secure: FastifyInstance, ctx: AppContext, questionnaires: QuestionnaireCache, reports: ReportCache): void {
  const { db } = ctx;
  const api = secure.withTypeProvider<TypeBoxTypeProvider>();

  // compress: false, as for the comparison: the report cache compresses a body once (sendReport), not every call.
  api.route({
    ...reportRouteOf(reportCalls.result),
    compress: false,
    handler: async (request, reply) => {
      const { id } = request.query;
      const campaign = await reportableCampaign(db, request, id);
      if (campaign.status !== 'sent') throw conflict('Results exist only for submitted campaigns');
      return sendReport(request, reply, await reports.get(`result:${id}`, resultVersion(campaign), () => encodeResult(db, questionnaires, campaign)));
    },
  });

  /** A read-only link to the report, valid SHARE_TOKEN_TTL seconds, bound to this campaign. */
  api.route({
    ...routeOf(reportCalls.share),
    handler: async (request) => {
      const { id } = request.body;
      const campaign = await reportableCampaign(db, request, id);
      if (campaign.status !== 'sent') throw conflict('Only submitted campaigns can be shared');
      const user = requirePermission(request, 'RESULTS_CAMPAIGNS');
      const shareId = randomUUID();
      const ttl = ctx.config.ttl.shareToken;
      if (!(await insertShareLink(db, { id: shareId, campaignId: id, createdBy: user.id, expiresAt: new Date(Date.now() + ttl * 1000) }))) throw notFound('Campaign');
      await recordAudit(db, { actorId: user.id, actorEmail: user.email, action: 'campaign.share', targetType: 'campaign', targetId: id, requestId: String(request.id) });
      const token = await ctx.signer.signShare({ shareId, campaignId: id }, ttl);
      const base = ctx.config.publicUrl;
      return { response: { urlResults: `${base}/results/0/${token}`, urlComparisons: `${base}/comparisons/0/${token}` } };
    },
  });

  /** Every link shared for the campaign stops working at once (a link sent to the wrong person). */
  api.route({
    ...routeOf(reportCalls.unshare),
    handler: async (request) => {
      const { id } = request.body;
      await reportableCampaign(db, request, id);
      const user = requirePermission(request, 'RESULTS_CAMPAIGNS');
      const revoked = await db.query<{ id: string }>('UPDATE share_links SET revoked_at = now() WHERE campaign_id = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING id', [id]);
      await recordAudit(db, { actorId: user.id, actorEmail: user.email, action: 'campaign.unshare', targetType: 'campaign', targetId: id, requestId: String(request.id), details: { revoked: revoked.length } });
      return { response: { revoked: revoked.length } };
    },
  });

  api.route({
    ...reportRouteOf(reportCalls.answers),
    handler: async (request, reply) => {
      const { id } = request.query;
      await reportableCampaign(db, request, id);
      const questionnaire = await campaignQuestionnaire(db, questionnaires, id);
      if (!questionnaire) throw notFound('Campaign');
      return sendEncoded(reply, encodeWithIndicators(questionnaire, (indicators) => ({ response: { campaign: { indicators } } })));
    },
  });
}
