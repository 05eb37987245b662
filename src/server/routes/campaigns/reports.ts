import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import negotiate from '@fastify/accept-negotiator';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { validate } from '../../validation.js';
import { checkSessionWith, requirePermission } from '../../plugins/auth.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { randomUUID } from 'node:crypto';
import { campaignIdBodySchema, campaignIdQuerySchema } from '../../../shared/validation/campaigns.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { insertShareLink } from '../../db/repositories/campaignWrites.js';
import { findCampaignPlace, findSessionUserAndCampaignPlace, type CampaignPlace } from '../../db/repositories/resultQueries.js';
import { canReadEntity } from '../../services/campaignRules.js';
import { campaignQuestionnaire, encodeWithIndicators } from '../../services/questionnaires.js';
import { JSON_TYPE } from '../../services/rawJson.js';
import type { QuestionnaireCache } from '../../services/questionnaireCache.js';
import type { ReportBody, ReportCache } from '../../services/reportCache.js';
import { encodeResult, resultVersion } from '../../services/reportBodies.js';

/** Report calls: open to share tokens for their campaign, the caller's session checked with the campaign's place. */
export const REPORT_ROUTE_CONFIG = { allowShareToken: true, sessionCheckedByRoute: true };

/**
 * The campaign a report call may read, with its place: a share token only its own campaign, a USER only
 * its entities' (404 otherwise), ADMIN and FEC any. On REPORT_ROUTE_CONFIG routes the caller's session is
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
export function sendReport(request: FastifyRequest, reply: FastifyReply, body: ReportBody): Buffer {
  // A Buffer is sent as it is, as application/octet-stream unless a type is set.
  reply.type(JSON_TYPE).header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  if (body.gzip && accepted && negotiate(accepted, ['gzip', 'identity']) === 'gzip') {
    reply.header('content-encoding', 'gzip');
    return body.gzip;
  }
  return body.json;
}

/**
 * GET campaigns/result and campaigns/answers: open to share tokens for their campaign. A result is sent from
 * the report cache when nothing it depends on has changed (see ReportCache), after the same checks.
 */
export function registerReportRoutes(secure: FastifyInstance, ctx: AppContext, questionnaires: QuestionnaireCache, reports: ReportCache): void {
  const { db } = ctx;
  const config = REPORT_ROUTE_CONFIG;

  // compress: false, as for the comparison: the report cache compresses a body once (sendReport), not every call.
  secure.get('/campaigns/result', { config, compress: false }, async (request, reply) => {
    const { id } = validate(campaignIdQuerySchema, request.query);
    const campaign = await reportableCampaign(db, request, id);
    if (campaign.status !== 'sent') throw conflict('Results exist only for submitted campaigns');
    return sendReport(request, reply, await reports.get(`result:${id}`, resultVersion(campaign), () => encodeResult(db, questionnaires, campaign)));
  });

  /** A read-only link to the report, valid SHARE_TOKEN_TTL seconds, bound to this campaign. */
  secure.post('/campaigns/share', async (request) => {
    const { id } = validate(campaignIdBodySchema, request.body);
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
  });

  /** Every link shared for the campaign stops working at once (a link sent to the wrong person). */
  secure.post('/campaigns/unshare', async (request) => {
    const { id } = validate(campaignIdBodySchema, request.body);
    await reportableCampaign(db, request, id);
    const user = requirePermission(request, 'RESULTS_CAMPAIGNS');
    const revoked = await db.query<{ id: string }>('UPDATE share_links SET revoked_at = now() WHERE campaign_id = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING id', [id]);
    await recordAudit(db, { actorId: user.id, actorEmail: user.email, action: 'campaign.unshare', targetType: 'campaign', targetId: id, requestId: String(request.id), details: { revoked: revoked.length } });
    return { response: { revoked: revoked.length } };
  });

  secure.get('/campaigns/answers', { config }, async (request, reply) => {
    const { id } = validate(campaignIdQuerySchema, request.query);
    await reportableCampaign(db, request, id);
    const questionnaire = await campaignQuestionnaire(db, questionnaires, id);
    if (!questionnaire) throw notFound('Campaign');
    reply.type(JSON_TYPE);
    return encodeWithIndicators(questionnaire, (indicators) => ({ response: { campaign: { indicators } } }));
  });
}
