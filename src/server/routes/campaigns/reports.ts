import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { actorOf, requirePermission } from '../../plugins/auth.js';
import { reportCalls } from '../../../shared/api/results.js';
import { shareCampaign, unshareCampaign } from '../../services/campaigns/sharing.js';
import type { ReportEngine } from '../../reports/engine.js';
import { encodeWithIndicators } from '../../reports/questionnaires.js';
import { routeOf, sendEncoded, sessionCheckedRouteOf } from '../contract.js';
import { COMPARISON_PLACE, reportableCampaign, sendReport, sentReportableCampaign, serializerOf, TREND_PLACE } from './reportAccess.js';

/**
 * GET campaigns/result, comparison, trend and answers (open to share tokens for their campaign), and the share calls.
 * A result, comparison or trend is sent from the report cache when nothing it depends on has changed, after the same
 * checks (src/server/reports/README.md). compress: false on these: the report cache compresses a body once
 * (sendReport), not every call.
 */
export function registerReportRoutes(secure: FastifyInstance, ctx: AppContext, reports: ReportEngine): void {
  const { db } = ctx;
  const api = secure.withTypeProvider<TypeBoxTypeProvider>();

  api.route({
    ...sessionCheckedRouteOf(reportCalls.result),
    compress: false,
    handler: async (request, reply) => {
      const campaign = await sentReportableCampaign(reports.places, request, request.query.id, 'Results exist only for submitted campaigns');
      return sendReport(request, reply, await reports.result(campaign));
    },
  });

  /** A read-only link to the report, valid SHARE_TOKEN_TTL seconds, bound to this campaign. */
  api.route({
    ...routeOf(reportCalls.share),
    handler: async (request) => {
      const { id } = request.body;
      await sentReportableCampaign(reports.places, request, id, 'Only submitted campaigns can be shared');
      return { response: await shareCampaign(ctx, actorOf(request, requirePermission(request, 'RESULTS_CAMPAIGNS')), id) };
    },
  });

  /** Every link shared for the campaign stops working at once (a link sent to the wrong person). */
  api.route({
    ...routeOf(reportCalls.unshare),
    handler: async (request) => {
      const { id } = request.body;
      await reportableCampaign(reports.places, request, id);
      return { response: await unshareCampaign(db, actorOf(request, requirePermission(request, 'RESULTS_CAMPAIGNS')), id) };
    },
  });

  api.route({
    ...sessionCheckedRouteOf(reportCalls.answers),
    handler: async (request, reply) => {
      const { id } = request.query;
      // A shared link shows a sent report: once the campaign is reopened, its answers are a draft again, which the
      // link must not show any more than the result (signed-in readers of the entity may, as in the questionnaire).
      if (request.principal?.kind === 'share')
        await sentReportableCampaign(reports.places, request, id, 'Answers are shared only while the campaign is submitted');
      else await reportableCampaign(reports.places, request, id);
      const questionnaire = await reports.campaignQuestionnaire(id);
      if (!questionnaire) throw notFound('Campaign');
      return sendEncoded(
        reply,
        encodeWithIndicators(questionnaire, (indicators) => ({ response: { campaign: { indicators } } })),
      );
    },
  });

  api.route({
    ...sessionCheckedRouteOf(reportCalls.comparison),
    compress: false,
    handler: async (request, reply) => {
      const campaign = await sentReportableCampaign(
        reports.places,
        request,
        request.query.id,
        'Comparisons exist only for submitted campaigns',
        COMPARISON_PLACE,
      );
      return sendReport(request, reply, await reports.comparison(campaign, serializerOf(reply)));
    },
  });

  /** The entity's figures in every edition it sent up to this campaign's (share tokens: their own campaign only). */
  api.route({
    ...sessionCheckedRouteOf(reportCalls.trend),
    compress: false,
    handler: async (request, reply) => {
      const campaign = await sentReportableCampaign(reports.places, request, request.query.id, 'Trends exist only for submitted campaigns', TREND_PLACE);
      return sendReport(request, reply, await reports.trend(campaign, serializerOf(reply)));
    },
  });
}
