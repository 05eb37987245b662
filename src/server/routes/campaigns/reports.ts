import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { validate } from '../../validation.js';
import { requirePermission } from '../../plugins/auth.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { randomUUID } from 'node:crypto';
import { campaignIdBodySchema, campaignIdQuerySchema } from '../../../shared/validation/campaigns.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { findCampaignPlace, type CampaignPlace } from '../../db/repositories/resultQueries.js';
import { canReadEntity } from '../../services/campaignRules.js';
import { campaignQuestionnaire, encodeWithIndicators } from '../../services/questionnaires.js';
import { JSON_TYPE } from '../../services/rawJson.js';
import type { QuestionnaireCache } from '../../services/questionnaireCache.js';
import type { ReportCache } from '../../services/reportCache.js';
import { encodeResult, resultVersion } from '../../services/reportBodies.js';

/**
 * The campaign a report call may read, with its place: a share token only its own campaign, a USER only
 * its entities' (404 otherwise), ADMIN and FEC any.
 */
export async function reportableCampaign(db: Queryable, request: FastifyRequest, id: number): Promise<CampaignPlace> {
  const principal = request.principal;
  if (principal?.kind === 'share' && principal.campaignId !== id) throw forbidden();
  const campaign = await findCampaignPlace(db, id);
  if (principal?.kind === 'user') {
    const user = requirePermission(request, 'RESULTS_CAMPAIGNS');
    if (!campaign || !canReadEntity(user, campaign.entityId)) throw notFound('Campaign');
  }
  if (!campaign) throw notFound('Campaign');
  return campaign;
}

/**
 * GET campaigns/result and campaigns/answers: open to share tokens for their campaign. A result is sent from
 * the report cache when nothing it depends on has changed (see ReportCache), after the same checks.
 */
export function registerReportRoutes(secure: FastifyInstance, ctx: AppContext, questionnaires: QuestionnaireCache, reports: ReportCache): void {
  const { db } = ctx;
  const config = { allowShareToken: true };

  secure.get('/campaigns/result', { config }, async (request, reply) => {
    const { id } = validate(campaignIdQuerySchema, request.query);
    const campaign = await reportableCampaign(db, request, id);
    if (campaign.status !== 'sent') throw conflict('Results exist only for submitted campaigns');
    const body = await reports.get(`result:${id}`, resultVersion(campaign), () => encodeResult(db, questionnaires, campaign));
    // A Buffer is sent as it is, as application/octet-stream unless a type is set.
    reply.type(JSON_TYPE);
    return body;
  });

  /** A read-only link to the report, valid SHARE_TOKEN_TTL seconds, bound to this campaign. */
  secure.post('/campaigns/share', async (request) => {
    const { id } = validate(campaignIdBodySchema, request.body);
    const campaign = await reportableCampaign(db, request, id);
    if (campaign.status !== 'sent') throw conflict('Only submitted campaigns can be shared');
    const user = requirePermission(request, 'RESULTS_CAMPAIGNS');
    const shareId = randomUUID();
    const ttl = ctx.config.ttl.shareToken;
    await db.query('INSERT INTO share_links (id, campaign_id, created_by, expires_at) VALUES ($1, $2, $3, $4)', [shareId, id, user.id, new Date(Date.now() + ttl * 1000)]);
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
