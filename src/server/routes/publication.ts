import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '../../shared/constants.js';
import { catalogueOf } from '../i18n.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { actorOf, permittedActor, requirePermission } from '../plugins/auth.js';
import { CATALOG_TYPE, OPEN_DATA_TYPES, publicationCalls, SEAL_BADGE_TYPE } from '../../shared/api/publication.js';
import { sealBadgeSvg } from '../services/publication/seals.js';
import * as publication from '../services/publication/publication.js';
import { readPublicationVersion } from '../db/repositories/publication.js';
import { brotliBody, ReportCache } from '../reports/reportCache.js';
import { fileRouteOf, routeOf } from './contract.js';
import { attributionOf, OPEN_DATA_LICENCE, openDataCsv } from '../services/publication/openData.js';
import { sendReport, serializerOf } from './campaigns/reportAccess.js';
import { receiptCalls } from '../../shared/api/receipts.js';
import { verifyReceipt } from '../services/campaigns/receipts.js';

/**
 * The bound of the public answers kept: a few editions' figures and rankings, the pages and profiles asked, and the
 * open data files (an edition of 2,727 entities: some 86 KB of CSV and 106 KB of JSON brotli-compressed, kept beside
 * their uncompressed and gzip copies).
 */
export const PUBLIC_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Public answers may be kept by browsers and proxies, and must be revalidated (ETag) before each use: a
 * publication or an entity's choice shows at once.
 */
const PUBLIC_CACHE_CONTROL = 'public, no-cache';

/** Whether an If-None-Match header names this entity tag (`*` is not taken: it would answer 304 for what does not exist). */
function matchesTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === etag || t === etag.slice(2);
  });
}

/** Sends the public answer kept under the publication version for `key` (built and kept if none), tagged with that version. */
export type PublicSender = (
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  build: () => Promise<Buffer>,
  file?: { type: string; headers: Record<string, string> },
  /** Whether to keep the answer (false: a filtered view, built for each request; its tag still works). */
  keep?: boolean,
) => Promise<FastifyReply>;

/**
 * What the public answers are written by besides the data: the publication services' code and the catalogues of
 * words. A deployment that changes them changes every tag, so that a browser or proxy does not keep an old page.
 */
function buildIdOf(): string {
  const hash = createHash('sha256');
  const services = fileURLToPath(new URL('../services/publication/', import.meta.url));
  for (const name of readdirSync(services).sort()) hash.update(readFileSync(path.join(services, name)));
  for (const language of LANGUAGES) hash.update(JSON.stringify(catalogueOf(language)));
  return hash.digest('base64url');
}

/** The cache of the public answers and pages, bound to cacheBytes (0 keeps nothing). */
export function publicCache(cacheBytes: number): ReportCache {
  // Brotli beside gzip: the open data files are hundreds of kilobytes even compressed, and a fifth smaller so.
  return new ReportCache(cacheBytes, { brotli: brotliBody });
}

/** The sender of every public answer and page, keeping them in bodies (publicCache). */
export function publicSender(ctx: AppContext, bodies: ReportCache): PublicSender {
  const buildId = buildIdOf();
  return async (request, reply, key, build, file, keep = true) => {
    const version = await readPublicationVersion(ctx.db);
    // The answer depends on the version, on PUBLIC_URL (the catalogue's URLs, the attribution) and on the code that writes it.
    const etag = `W/"${createHash('sha256').update(`${key}\n${version}\n${ctx.config.publicUrl}\n${buildId}`).digest('base64url').slice(0, 32)}"`;
    if (matchesTag(request.headers['if-none-match'], etag))
      return reply.code(304).header('etag', etag).header('cache-control', PUBLIC_CACHE_CONTROL).header('vary', 'accept-encoding').send();
    const body = keep ? await bodies.get(key, version, build) : { json: await build(), gzip: undefined };
    reply.header('etag', etag).header('cache-control', PUBLIC_CACHE_CONTROL);
    if (!file) return sendReport(request, reply, body);
    return sendReport(request, reply.headers(file.headers), body, file.type);
  };
}

/**
 * The public calls of docs/api.md ("Publication"), without authentication, under /api/v1/public. Every answer is a
 * function of the publication version (migration 025): it is kept under that version, sent brotli- or
 * gzip-compressed once asked twice, and tagged with it, so that a client that sends the tag back is answered 304 with no body until
 * something it shows changes.
 */
export function registerPublicRoutes(app: FastifyInstance, ctx: AppContext, sendPublic: PublicSender): void {
  const { db } = ctx;
  const attribution = attributionOf(ctx.config.publicUrl);
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  /** An answer in the call's envelope, encoded by its schema. */
  const enveloped = (reply: FastifyReply, read: () => Promise<unknown>) => {
    const encode = serializerOf(reply);
    return async () => encode({ response: await read() });
  };

  api.route({
    ...routeOf(publicationCalls.editions),
    handler: async (request, reply) =>
      sendPublic(
        request,
        reply,
        'editions',
        enveloped(reply, () => publication.publicEditions(db)),
      ),
  });

  api.route({
    ...routeOf(publicationCalls.edition),
    handler: async (request, reply) =>
      sendPublic(
        request,
        reply,
        `edition:${request.query.year}`,
        enveloped(reply, () => publication.publicEdition(db, request.query.year)),
      ),
  });

  api.route({
    ...routeOf(publicationCalls.entity),
    handler: async (request, reply) => {
      const { year, id } = request.query;
      return sendPublic(
        request,
        reply,
        `entity:${year}:${id}`,
        enveloped(reply, () => publication.publicEntity(db, year, id)),
      );
    },
  });

  // A submission's receipt verified by anyone: whose, which edition, when and the hash; never the answers or the signer.
  api.route({
    ...routeOf(receiptCalls.verify),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { response: await verifyReceipt(db, request.query.code) };
    },
  });

  // A seal verified by anyone, and its badge (an SVG of its own: no script, nothing it loads).
  api.route({
    ...routeOf(publicationCalls.seal),
    handler: async (request, reply) =>
      sendPublic(
        request,
        reply,
        `seal:${request.query.code}`,
        enveloped(reply, () => publication.publicSeal(db, request.query.code)),
      ),
  });
  api.route({
    ...fileRouteOf({ ...publicationCalls.sealBadge, file: { svg: SEAL_BADGE_TYPE } }),
    handler: async (request, reply) =>
      sendPublic(
        request,
        reply,
        `sealBadge:${request.query.code}`,
        async () => Buffer.from(sealBadgeSvg(await publication.requireSeal(db, request.query.code))),
        {
          type: SEAL_BADGE_TYPE,
          headers: { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'", 'cross-origin-resource-policy': 'cross-origin' },
        },
      ),
  });

  // The catalogue a data portal harvests, JSON-LD (not in the envelope).
  api.route({
    ...fileRouteOf({ ...publicationCalls.catalog, file: { jsonld: CATALOG_TYPE } }),
    handler: async (request, reply) =>
      sendPublic(request, reply, 'catalog', async () => Buffer.from(JSON.stringify(await publication.openDataCatalog(db, ctx.config.publicUrl))), {
        type: CATALOG_TYPE,
        headers: {},
      }),
  });

  // The open data, a file: CSV (the app's dialect) or JSON, under the licence named in it and in its headers.
  api.route({
    ...fileRouteOf({ ...publicationCalls.openData, file: OPEN_DATA_TYPES }),
    handler: async (request, reply) => {
      const { year, format } = request.query;
      const build = async () => {
        const data = await publication.openData(db, year, attribution);
        return Buffer.from(format === 'csv' ? openDataCsv(data) : JSON.stringify(data));
      };
      return sendPublic(request, reply, `opendata:${year}:${format}`, build, {
        type: OPEN_DATA_TYPES[format],
        headers: {
          'content-disposition': `attachment; filename="indice-${year}.${format}"`,
          link: `<${OPEN_DATA_LICENCE.url}>; rel="license"`,
          'x-license': OPEN_DATA_LICENCE.name,
          'x-attribution': encodeURIComponent(attribution),
        },
      });
    },
  });
}

/** An entity's choice to publish its figures (its members, ADMIN, FEC), under /api/secure/v1. */
export function registerPublicationRoutes(secure: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = secure.withTypeProvider<TypeBoxTypeProvider>();
  const caller = (request: FastifyRequest) => actorOf(request, requirePermission(request, 'RESULTS_CAMPAIGNS'));

  api.route({
    ...routeOf(publicationCalls.getPublication),
    handler: async (request) => ({ response: await publication.entityPublication(db, caller(request), request.query.id) }),
  });

  api.route({
    ...routeOf(publicationCalls.setSeal),
    handler: async (request) => ({ response: await publication.setSealThresholds(db, permittedActor(request, 'EDITIONS_SETTINGS'), request.body) }),
  });

  api.route({
    ...routeOf(publicationCalls.getSeal),
    handler: async (request) => {
      requirePermission(request, 'EDITIONS_VIEW');
      return { response: await publication.sealThresholdsOf(db, request.query.campaignNumber) };
    },
  });

  api.route({
    ...routeOf(publicationCalls.campaignSeal),
    handler: async (request) => ({ response: await publication.campaignSeal(db, caller(request), request.query.id, ctx.config.publicUrl) }),
  });

  api.route({
    ...routeOf(publicationCalls.setPublication),
    handler: async (request) => ({ response: await publication.setEntityPublication(db, caller(request), request.body.id, request.body.publish) }),
  });
}
