import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { minGroupSizeOf } from '../reports/reportBodies.js';
import type { AppContext } from '../context.js';
import { forbidden, validationError } from '../errors.js';
import { requirePermission, requireUser } from '../plugins/auth.js';
import { can } from '../../shared/permissions.js';
import { mapCalls } from '../../shared/api/maps.js';
import { encodedMunicipalityBoundaries } from '../services/maps/boundaries.js';
import { readEntityMunicipalityIds, readParticipation, readProvinceSums } from '../db/repositories/mapQueries.js';
import { provinceMeans } from '../reports/provinceMap.js';
import { routeOf, sendEncoded, sessionCheckedRouteOf } from './contract.js';
import { sentReportableCampaign } from './campaigns/reportAccess.js';
import type { Places } from '../reports/placeMemo.js';

/** A day: boundaries change with a new es-atlas release, that is with a new deployment. */
const BOUNDARIES_MAX_AGE = 86_400;

/** The maps' calls (src/shared/api/maps.ts). */
export function registerMapRoutes(secure: FastifyInstance, ctx: AppContext, places: Places): void {
  const { db } = ctx;
  const api = secure.withTypeProvider<TypeBoxTypeProvider>();

  /** Any signed-in user or share link (a shared result draws its entity's province): public geography, compressed by the scope's plugin. */
  api.route({
    ...routeOf(mapCalls.boundaries),
    handler: async (request, reply) => {
      if (!request.principal) throw forbidden();
      return sendEncoded(reply.header('Cache-Control', `private, max-age=${BOUNDARIES_MAX_AGE}`), encodedMunicipalityBoundaries(request.query.provinceId));
    },
  });

  api.route({
    ...routeOf(mapCalls.participation),
    handler: async (request, reply) => {
      const user = requireUser(request);
      requirePermission(request, can(user.role, 'FEC_CAMPAIGNS') ? 'FEC_CAMPAIGNS' : 'ADMIN_CAMPAIGNS');
      reply.header('Cache-Control', 'no-store');
      const participation = await readParticipation(db, request.query.editionId ?? null);
      if (!participation) throw validationError('La edición no existe', { editionId: 'no such edition' });
      return { response: participation };
    },
  });

  /** Who may read the campaign's result may read its map (share links: their own campaign). */
  api.route({
    ...sessionCheckedRouteOf(mapCalls.resultMap),
    handler: async (request) => {
      const campaign = await sentReportableCampaign(places, request, request.query.id, 'Results exist only for submitted campaigns');
      const sums = await readProvinceSums(db, campaign.editionId);
      const municipalityIds = await readEntityMunicipalityIds(db, campaign.entityId);
      const minGroupSize = minGroupSizeOf(campaign, ctx.config.minGroupSize);
      return {
        response: {
          year: campaign.campaignNumber,
          minGroupSize,
          provinceId: campaign.provinceId,
          municipalityIds,
          provinces: provinceMeans(sums, minGroupSize),
        },
      };
    },
  });
}
