import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { validate } from '../../validation.js';
import { requirePermission, requireUser } from '../../plugins/auth.js';
import { AppError } from '../../errors.js';
import { can, type Action } from '../../../shared/permissions.js';
import * as schemas from '../../../shared/validation/campaigns.js';
import * as queries from '../../db/repositories/campaignQueries.js';
import { canReadEntity, visibleEntityIds } from '../../services/campaignRules.js';
import * as actions from '../../services/campaignActions.js';
import { campaignQuestionnaire, encodeWithIndicators } from '../../services/questionnaires.js';
import { JSON_TYPE } from '../../services/rawJson.js';
import type { QuestionnaireCache } from '../../services/questionnaireCache.js';

const CAMPAIGN_ACTIONS: Action[] = ['SELF_CAMPAIGNS', 'ADMIN_CAMPAIGNS', 'FEC_CAMPAIGNS'];
const ADMINISTRATION: Action[] = ['ADMIN_CAMPAIGNS', 'FEC_CAMPAIGNS'];

/** The signed-in user when its role may perform one of the actions. */
function requireAny(request: FastifyRequest, allowed: Action[]) {
  const user = requireUser(request);
  const match = allowed.find((action) => can(user.role, action));
  return requirePermission(request, match ?? allowed[0]);
}

const actor = (request: FastifyRequest) => ({ user: requireUser(request), requestId: String(request.id) });

/** The campaign calls of api-contract.md under /api/secure/v1/campaigns. */
export function registerCampaignRoutes(secure: FastifyInstance, ctx: AppContext, questionnaires: QuestionnaireCache): void {
  const { db } = ctx;

  secure.get('/campaigns/all', async (request) => {
    const user = requireAny(request, CAMPAIGN_ACTIONS);
    return { response: await queries.listCampaigns(db, visibleEntityIds(user)) };
  });

  secure.get('/campaigns/get', async (request, reply) => {
    const user = requireAny(request, CAMPAIGN_ACTIONS);
    const { id } = validate(schemas.campaignIdQuerySchema, request.query);
    const summary = await queries.findCampaignSummary(db, id);
    if (!summary || !canReadEntity(user, summary.entityId)) throw new AppError('NOT_FOUND', 'Campaign not found');
    const questionnaire = await campaignQuestionnaire(db, questionnaires, id);
    if (!questionnaire) throw new AppError('NOT_FOUND', 'Campaign not found');
    reply.type(JSON_TYPE);
    return encodeWithIndicators(questionnaire, (indicators) => ({ response: { ...summary, indicators } }));
  });

  secure.get('/campaigns/getByUser', async (request) => {
    const user = requireAny(request, ['RESULTS_CAMPAIGNS', ...CAMPAIGN_ACTIONS]);
    const query = validate(schemas.getByUserQuerySchema, request.query);
    // Administrators see every entity only when they ask for it; otherwise, like everyone, their own.
    const entityIds = query.includeAllEntities ? visibleEntityIds(user) : user.entities.map((e) => e.id);
    return { response: await queries.listEntityCampaigns(db, entityIds, { nameWithProvince: query.nameWithProvince, onlySent: query.onlySent }) };
  });

  secure.get('/campaigns/getByEntity', async (request) => {
    const user = requireAny(request, ['RESULTS_CAMPAIGNS', ...CAMPAIGN_ACTIONS]);
    const { entityId } = validate(schemas.entityQuerySchema, request.query);
    if (!canReadEntity(user, entityId)) throw new AppError('NOT_FOUND', 'Entity not found');
    return { response: await queries.listCampaigns(db, null, entityId) };
  });

  secure.post('/campaigns/create', async (request) => {
    requireAny(request, ADMINISTRATION);
    const { entityId } = validate(schemas.createCampaignSchema, request.body);
    return { response: await actions.createCampaign(db, actor(request), entityId) };
  });

  secure.post('/campaigns/saveAnswer', async (request) => {
    requireAny(request, ['SELF_CAMPAIGNS', 'ADMIN_CAMPAIGNS']);
    const body = validate(schemas.saveAnswerSchema, request.body);
    return { response: await actions.saveAnswer(db, actor(request), { id: body.id, question: body.question, answer: body.answer ?? null }) };
  });

  secure.post('/campaigns/submit', async (request) => {
    requireAny(request, ['SELF_CAMPAIGNS', 'ADMIN_CAMPAIGNS']);
    const { id } = validate(schemas.campaignIdBodySchema, request.body);
    return { response: await actions.submitCampaign(db, actor(request), id) };
  });

  secure.post('/campaigns/delete', async (request) => {
    requireAny(request, ADMINISTRATION);
    const { id } = validate(schemas.campaignIdBodySchema, request.body);
    return { response: await actions.deleteCampaign(db, actor(request), id) };
  });

  secure.get('/campaigns/status', async (request) => {
    requireAny(request, ADMINISTRATION);
    return { response: await queries.listCampaignStatus(db) };
  });
}
