import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { validate } from '../../validation.js';
import { conflict } from '../../errors.js';
import { campaignIdQuerySchema } from '../../../shared/validation/campaigns.js';
import { campaignComparison } from '../../services/comparison.js';
import type { QuestionnaireCache } from '../../services/questionnaireCache.js';
import type { ReportCache } from '../../services/reportCache.js';
import { comparisonVersion } from '../../services/reportBodies.js';
import { findPreviousSentCampaign } from '../../db/repositories/comparisonQueries.js';
import { REPORT_ROUTE_CONFIG, reportableCampaign, sendReport } from './reports.js';

const figure = { type: ['number', 'null'] };
const levels = {
  type: 'object',
  required: ['campaign', 'province', 'autonomousCommunity'],
  properties: { campaign: figure, province: figure, autonomousCommunity: figure },
};
const axes = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      axisText: { type: 'string' },
      valuesByPolicy: {
        type: 'array',
        items: { type: 'object', properties: { policyText: { type: 'string' }, percentages: levels, percentagesComparedToAll: levels } },
      },
    },
  },
};
/** ComparisonResponse (src/shared/api/results.ts) in the envelope. */
const comparisonSchema = {
  200: {
    type: 'object',
    properties: { response: { type: 'object', properties: { current: axes, previous: { anyOf: [axes, { type: 'null' }] } } } },
  },
};

/**
 * GET campaigns/comparison: same readers as the result, share tokens for their own campaign included. The body
 * is encoded by the route's schema serializer, then sent from the report cache while nothing it depends on has
 * changed (see ReportCache).
 */
export function registerComparisonRoutes(secure: FastifyInstance, ctx: AppContext, questionnaires: QuestionnaireCache, reports: ReportCache): void {
  const { db } = ctx;
  secure.get('/campaigns/comparison', { config: REPORT_ROUTE_CONFIG, compress: false, schema: { response: comparisonSchema } }, async (request, reply) => {
    const { id } = validate(campaignIdQuerySchema, request.query);
    const campaign = await reportableCampaign(db, request, id);
    if (campaign.status !== 'sent') throw conflict('Comparisons exist only for submitted campaigns');
    const previous = await findPreviousSentCampaign(db, campaign.entityId, campaign.campaignNumber);
    const body = await reports.get(`comparison:${id}`, comparisonVersion(campaign, previous), async () => {
      const encoded = reply.serialize({ response: await campaignComparison(db, questionnaires, campaign, previous) });
      if (typeof encoded !== 'string') throw new Error('the comparison schema serializer should give a string');
      return Buffer.from(encoded);
    });
    // A Buffer skips the serializer.
    return sendReport(request, reply, body);
  });
}
