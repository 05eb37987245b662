import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { validate } from '../../validation.js';
import { requirePermission } from '../../plugins/auth.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { randomUUID } from 'node:crypto';
import { campaignIdBodySchema, campaignIdQuerySchema } from '../../../shared/validation/campaigns.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { findCampaign, loadQuestionnaire, type CampaignRow } from '../../db/repositories/campaignQueries.js';
import { canReadEntity } from '../../services/campaignRules.js';
import { campaignFigures } from '../../services/results.js';
import { buildResultReport } from '../../services/resultReport.js';

/**
 * The campaign a report call may read: a share token only its own campaign, a USER only its entities'
 * (404 otherwise), ADMIN and FEC any.
 */
async function reportableCampaign(db: Db, request: FastifyRequest, id: number): Promise<CampaignRow> {
  const principal = request.principal;
  if (principal?.kind === 'share' && principal.campaignId !== id) throw forbidden();
  const campaign = await findCampaign(db, id);
  if (principal?.kind === 'user') {
    const user = requirePermission(request, 'RESULTS_CAMPAIGNS');
    if (!campaign || !canReadEntity(user, campaign.entityId)) throw notFound('Campaign');
  }
  if (!campaign) throw notFound('Campaign');
  return campaign;
}

/** GET campaigns/result and campaigns/answers: open to share tokens for their campaign. */
export function registerReportRoutes(secure: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const config = { allowShareToken: true };

  secure.get('/campaigns/result', { config }, async (request) => {
    const { id } = validate(campaignIdQuerySchema, request.query);
    const campaign = await reportableCampaign(db, request, id);
    if (campaign.status !== 'sent') throw conflict('Results exist only for submitted campaigns');
    const [scored, indicators] = await Promise.all([campaignFigures(db, id), loadQuestionnaire(db, id)]);
    if (!scored) throw notFound('Campaign');
    const { place, figures } = scored;
    return { response: buildResultReport(figures, indicators, { entity: place.entityName, province: place.provinceName, community: place.communityName }) };
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

  secure.get('/campaigns/answers', { config }, async (request) => {
    const { id } = validate(campaignIdQuerySchema, request.query);
    await reportableCampaign(db, request, id);
    return { response: { campaign: { indicators: await loadQuestionnaire(db, id) } } };
  });
}
