import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { conflict } from '../../errors.js';
import { reportCalls } from '../../../shared/api/results.js';
import { campaignComparison } from '../../reports/comparison.js';
import type { QuestionnaireCache } from '../../reports/questionnaireCache.js';
import type { ReportCache } from '../../reports/reportCache.js';
import { comparisonVersion } from '../../reports/reportBodies.js';
import { findPreviousSentCampaign } from '../../db/repositories/comparisonQueries.js';
import { reportableCampaign, reportRouteOf, sendReport } from './reports.js';

/**
 * GET campaigns/comparison: same readers as the result, share tokens for their own campaign included. The body
 * is encoded by the route's schema serializer, then sent from the report cache while nothing it depends on has
 * changed (see ReportCache).
 */
export function registerComparisonRoutes(secure: FastifyInstance, ctx: AppContext, questionnaires: QuestionnaireCache, reports: ReportCache): void {
  const { db } = ctx;
  secure.withTypeProvider<TypeBoxTypeProvider>().route({
    ...reportRouteOf(reportCalls.comparison),
    compress: false,
    handler: async (request, reply) => {
      const { id } = request.query;
      const campaign = await reportableCampaign(db, request, id);
      if (campaign.status !== 'sent') throw conflict('Comparisons exist only for submitted campaigns');
      const previous = await findPreviousSentCampaign(db, campaign.entityId, campaign.campaignNumber);
      const body = await reports.get(`comparison:${id}`, comparisonVersion(campaign, previous), async () => {
        const encoded = reply.serialize({ response: await campaignComparison(db, questionnaires, campaign, previous) });
        if (typeof encoded !== 'string') throw new Error('the comparison schema serializer should give a string');
        return Buffer.from(encoded);
      });
      return sendReport(request, reply, body);
    },
  });
}
