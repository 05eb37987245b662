import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { validate } from '../../validation.js';
import { requirePermission } from '../../plugins/auth.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { campaignIdQuerySchema } from '../../../shared/validation/campaigns.js';
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

  secure.get('/campaigns/answers', { config }, async (request) => {
    const { id } = validate(campaignIdQuerySchema, request.query);
    await reportableCampaign(db, request, id);
    return { response: { campaign: { indicators: await loadQuestionnaire(db, id) } } };
  });
}
