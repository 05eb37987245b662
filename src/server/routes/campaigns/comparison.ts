import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { validate } from '../../validation.js';
import { conflict } from '../../errors.js';
import { campaignIdQuerySchema } from '../../../shared/validation/campaigns.js';
import { campaignComparison } from '../../services/comparison.js';
import type { QuestionnaireCache } from '../../services/questionnaireCache.js';
import { reportableCampaign } from './reports.js';

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

/** GET campaigns/comparison: same readers as the result, share tokens for their own campaign included. */
export function registerComparisonRoutes(secure: FastifyInstance, ctx: AppContext, questionnaires: QuestionnaireCache): void {
  const { db } = ctx;
  secure.get('/campaigns/comparison', { config: { allowShareToken: true }, schema: { response: comparisonSchema } }, async (request) => {
    const { id } = validate(campaignIdQuerySchema, request.query);
    const campaign = await reportableCampaign(db, request, id);
    if (campaign.status !== 'sent') throw conflict('Comparisons exist only for submitted campaigns');
    return { response: await campaignComparison(db, questionnaires, campaign) };
  });
}
