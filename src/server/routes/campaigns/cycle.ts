import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { actorOf, requirePermission, requireUser } from '../../plugins/auth.js';
import { can } from '../../../shared/permissions.js';
import { campaignCycleCalls } from '../../../shared/api/campaignCycle.js';
import { findCampaignSummary } from '../../db/repositories/campaignQueries.js';
import { findShareLinkCreatedAt, listReopenings } from '../../db/repositories/reopenings.js';
import { canReadEntity } from '../../services/campaigns/rules.js';
import * as cycle from '../../services/campaigns/cycle.js';
import { routeOf, sessionCheckedRouteOf } from '../contract.js';
import { reportableCampaign } from './reportAccess.js';
import type { Places } from '../../reports/placeMemo.js';

/** Deadlines, extensions and reopenings: changes are ADMIN's (FEC and USER 403), the dates are read by ADMIN and FEC. */
export function registerCampaignCycleRoutes(secure: FastifyInstance, ctx: AppContext, places: Places): void {
  const { db } = ctx;
  const api = secure.withTypeProvider<TypeBoxTypeProvider>();
  const adminActor = (request: Parameters<typeof requireUser>[0]) => actorOf(request, requirePermission(request, 'ADMIN_CAMPAIGNS'));

  api.route({
    ...routeOf(campaignCycleCalls.deadline),
    handler: async (request) => {
      const user = requireUser(request);
      if (!can(user.role, 'FEC_CAMPAIGNS')) requirePermission(request, 'ADMIN_CAMPAIGNS');
      return { response: await cycle.editionDeadline(db, new Date(), request.query.editionId) };
    },
  });

  api.route({
    ...routeOf(campaignCycleCalls.campaignDeadline),
    handler: async (request) => {
      const user = requireUser(request);
      const summary = await findCampaignSummary(db, request.query.id);
      if (!summary || !canReadEntity(user, summary.entityId)) throw notFound('Campaign');
      const deadline = await cycle.campaignDeadline(db, request.query.id);
      if (!deadline) throw notFound('Campaign');
      return { response: deadline };
    },
  });

  api.route({
    ...routeOf(campaignCycleCalls.setDeadline),
    handler: async (request) => ({ response: await cycle.setEditionDeadline(db, adminActor(request), request.body) }),
  });

  api.route({
    ...routeOf(campaignCycleCalls.extendDeadline),
    handler: async (request) => ({ response: await cycle.extendDeadline(db, adminActor(request), request.body) }),
  });

  api.route({
    ...routeOf(campaignCycleCalls.reopen),
    handler: async (request) => ({ response: await cycle.reopenCampaign(db, adminActor(request), request.body) }),
  });

  /** The history on the results page; a shared link reads it without who reopened, and learns whether it predates the last reopening. */
  api.route({
    ...sessionCheckedRouteOf(campaignCycleCalls.reopenings),
    handler: async (request) => {
      const campaign = await reportableCampaign(places, request, request.query.id);
      const reopenings = await listReopenings(db, campaign.campaignId);
      const principal = request.principal;
      if (principal?.kind !== 'share') return { response: { reopenings, linkBeforeReopening: false } };
      const madeAt = await findShareLinkCreatedAt(db, principal.shareId, campaign.campaignId);
      const last = reopenings.at(-1)?.at;
      return {
        response: {
          reopenings: reopenings.map((r) => ({ ...r, actorEmail: null })),
          linkBeforeReopening: madeAt !== undefined && last !== undefined && madeAt < last,
        },
      };
    },
  });
}
