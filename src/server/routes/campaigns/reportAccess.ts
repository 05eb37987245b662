import type { FastifyReply, FastifyRequest } from 'fastify';
import negotiate from '@fastify/accept-negotiator';
import type { Queryable } from '../../db/client.js';
import { checkSessionWith, requirePermission } from '../../plugins/auth.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { CAMPAIGN_NOT_SENT, reportCalls } from '../../../shared/api/results.js';
import {
  findCampaignPlace,
  findPlaceVersion,
  findSessionUserAndCampaignPlace,
  findSessionUserAndPlaceVersion,
  type CampaignPlace,
} from '../../db/repositories/resultQueries.js';
import { findComparisonPlace, findSessionUserAndComparisonPlace, type ComparisonPlace } from '../../db/repositories/comparisonQueries.js';
import type { AccessClaims } from '../../services/auth/tokenKinds.js';
import type { CurrentUser } from '../../../shared/api/auth.js';
import { canReadEntity } from '../../services/campaigns/rules.js';
import { COMPRESS_AT_ONCE_BYTES, quicklyCompressed, type ReportBody } from '../../reports/reportCache.js';
import { schemaOf, sendEncoded } from '../contract.js';
import { answerWriterOf } from '../../plugins/schemaCompiling.js';
import type { TSchema } from 'typebox';
import type { ApiCall } from '../../../shared/api/schema.js';
import type { ReportWriters } from '../../reports/engine.js';
import { findSessionUserAndTrendPlace, findTrendPlace, type TrendPlace } from '../../db/repositories/trendQueries.js';
import type { PlaceKind, Places } from '../../reports/placeMemo.js';

/*
 * The report calls that read a campaign (declared 'userOrShare', routes made with sessionCheckedRouteOf): the
 * caller's session is checked in the statement that reads the campaign's place (checkSessionWith), and the report
 * cache compresses a body once (sendReport) instead of @fastify/compress doing it on every call.
 */

/**
 * How a report call reads its campaign's place: with the session check (one statement), or alone (a share link);
 * kind names the place's shape where it is kept (PlaceMemo).
 */
interface PlaceReads<P extends CampaignPlace> {
  kind: PlaceKind;
  withSession: (db: Queryable, session: AccessClaims, id: number) => Promise<{ user: CurrentUser | undefined; read: P | undefined }>;
  alone: (db: Queryable, id: number) => Promise<P | undefined>;
}

/** The place of a result (or of any report read but the comparison). */
const CAMPAIGN_PLACE: PlaceReads<CampaignPlace> = { kind: 'campaign', withSession: findSessionUserAndCampaignPlace, alone: findCampaignPlace };
/** The place of a comparison, with its previous campaign, in the same statement. */
export const COMPARISON_PLACE: PlaceReads<ComparisonPlace> = { kind: 'comparison', withSession: findSessionUserAndComparisonPlace, alone: findComparisonPlace };
/** The place of a trend, with its version, in the same statement. */
export const TREND_PLACE: PlaceReads<TrendPlace> = { kind: 'trend', withSession: findSessionUserAndTrendPlace, alone: findTrendPlace };

/**
 * A campaign's place as `reads` reads it, with the caller's session checked in the same statement (on
 * sessionCheckedRouteOf routes): the place kept for it when the place version read now (with the session check,
 * one small statement) is the one it was kept with, else read whole and kept (PlaceMemo).
 */
async function readPlace<P extends CampaignPlace>({ db, memo }: Places, request: FastifyRequest, id: number, reads: PlaceReads<P>): Promise<P | undefined> {
  // Kept as this kind, so of this kind's shape.
  const kept = memo.candidate(reads.kind, id) as P | undefined;
  if (kept) {
    const version = await checkSessionWith(
      request,
      (session) => findSessionUserAndPlaceVersion(db, session),
      () => findPlaceVersion(db),
    );
    memo.saw(version);
    if (version === kept.placeVersion) return kept;
  }
  // With the version when a kept place was checked (checkSessionWith then reads the place alone), else here.
  const place = await checkSessionWith(
    request,
    (session) => reads.withSession(db, session, id),
    () => reads.alone(db, id),
  );
  memo.keep(reads.kind, id, place);
  return place;
}

/**
 * The campaign a report call may read, with its place (as `reads` reads it): a share token only its own campaign,
 * a USER only its entities' (404 otherwise), ADMIN and FEC any. On sessionCheckedRouteOf routes the caller's
 * session is checked in the statement that reads the place, or its version (readPlace).
 */
export function reportableCampaign(places: Places, request: FastifyRequest, id: number): Promise<CampaignPlace>;
export function reportableCampaign<P extends CampaignPlace>(places: Places, request: FastifyRequest, id: number, reads: PlaceReads<P>): Promise<P>;
export async function reportableCampaign(
  places: Places,
  request: FastifyRequest,
  id: number,
  reads: PlaceReads<CampaignPlace> = CAMPAIGN_PLACE,
): Promise<CampaignPlace> {
  if (request.principal?.kind === 'share' && request.principal.campaignId !== id) throw forbidden();
  const campaign = await readPlace(places, request, id, reads);
  // Anything but a share link must be a user allowed to read results (no principal: refused).
  if (request.principal?.kind !== 'share') {
    const user = requirePermission(request, 'RESULTS_CAMPAIGNS');
    if (campaign && !canReadEntity(user, campaign.entityId)) throw notFound('Campaign');
  }
  if (!campaign) throw notFound('Campaign');
  return campaign;
}

/**
 * reportableCampaign, when it is sent (CONFLICT with `refusal` and data CAMPAIGN_NOT_SENT otherwise): a
 * result or comparison exists only then.
 */
export function sentReportableCampaign(places: Places, request: FastifyRequest, id: number, refusal: string): Promise<CampaignPlace>;
export function sentReportableCampaign<P extends CampaignPlace>(
  places: Places,
  request: FastifyRequest,
  id: number,
  refusal: string,
  reads: PlaceReads<P>,
): Promise<P>;
export async function sentReportableCampaign(
  places: Places,
  request: FastifyRequest,
  id: number,
  refusal: string,
  reads: PlaceReads<CampaignPlace> = CAMPAIGN_PLACE,
): Promise<CampaignPlace> {
  const campaign = await reportableCampaign(places, request, id, reads);
  if (campaign.status !== 'sent') throw conflict(refusal, CAMPAIGN_NOT_SENT);
  return campaign;
}

/**
 * A kept body (JSON unless `type` says otherwise), brotli- or gzip-compressed when the caller accepts it: its kept
 * copy when the cache has one the caller accepts (brotli first), else compressed now, quickly (a first read of a
 * cache that keeps JSON, or a caller of a report that accepts gzip alone).
 */
export async function sendReport(request: FastifyRequest, reply: FastifyReply, body: ReportBody, type?: string): Promise<FastifyReply> {
  reply.header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  if (!accepted) return sendEncoded(reply, body.json, type);
  const copies = { br: body.br, gzip: body.gzip };
  const kept = (['br', 'gzip'] as const).filter((encoding) => copies[encoding] !== undefined);
  const keptChosen = kept.length > 0 ? negotiate(accepted, [...kept, 'identity']) : undefined;
  if (keptChosen === 'br' || keptChosen === 'gzip') return sendEncoded(reply.header('content-encoding', keptChosen), copies[keptChosen]!, type);
  // Read once: a body kept as brotli alone decompresses its JSON on each read (reportCache.ts).
  const json = body.json;
  const chosen = json.length >= COMPRESS_AT_ONCE_BYTES ? negotiate(accepted, ['br', 'gzip', 'identity']) : undefined;
  if (chosen === 'br' || chosen === 'gzip') return sendEncoded(reply.header('content-encoding', chosen), quicklyCompressed(json, chosen), type);
  return sendEncoded(reply, json, type);
}

/**
 * The writers of the comparison and trend routes made apart from any call, for the bodies an instance builds ahead
 * (ReportEngine.warm): the same compiler (answerWriterOf) and schemas as the routes', so the same bytes as
 * serializerOf gives there.
 */
export function reportWriters(): ReportWriters {
  const writerOf = <Q extends TSchema, B extends TSchema, R extends TSchema>(call: ApiCall<Q, B, R>) => {
    const write = answerWriterOf({ schema: schemaOf(call).response[200], method: call.method, url: call.url, httpStatus: '200' });
    return (body: unknown) => Buffer.from(write(body));
  };
  return { comparison: writerOf(reportCalls.comparison), trend: writerOf(reportCalls.trend) };
}

/** The route's schema serializer as a report encoder: the comparison's or trend's body in its envelope, as bytes. */
export const serializerOf =
  (reply: FastifyReply) =>
  (body: unknown): Buffer => {
    const encoded = reply.serialize(body);
    if (typeof encoded !== 'string') throw new Error('the report schema serializer should give a string');
    return Buffer.from(encoded);
  };
