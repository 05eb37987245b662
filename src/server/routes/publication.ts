import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { actorOf, requirePermission } from '../plugins/auth.js';
import { publicationCalls } from '../../shared/api/publication.js';
import * as publication from '../services/publication/publication.js';
import { readPublicationVersion } from '../db/repositories/publication.js';
import { ReportCache } from '../reports/reportCache.js';
import { routeOf } from './contract.js';
import { sendReport, serializerOf } from './campaigns/reportAccess.js';

/** The bound of the public answers kept: a few editions' figures and rankings, and the entities' profiles asked. */
export const PUBLIC_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * Public answers may be kept by browsers and proxies, and must be revalidated (ETag) before each use: a
 * publication or an entity's choice shows at once.
 */
const PUBLIC_CACHE_CONTROL = 'public, no-cache';

/** Whether an If-None-Match header names this entity tag (or is `*`). */
function matchesTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === etag.slice(2);
  });
}

/**
 * The public calls of docs/api.md ("Publication"), without authentication, under /api/v1/public. Every answer is a
 * function of the publication version (migration 025): it is kept under that version (cacheBytes 0 keeps nothing),
 * sent gzip-compressed once asked twice, and tagged with it, so that a client that sends the tag back is answered
 * 304 with no body until something it shows changes.
 */
export function registerPublicRoutes(app: FastifyInstance, ctx: AppContext, cacheBytes = PUBLIC_CACHE_BYTES): void {
  const { db } = ctx;
  const bodies = new ReportCache(cacheBytes);
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  async function sendPublic(request: FastifyRequest, reply: FastifyReply, key: string, build: () => Promise<unknown>): Promise<FastifyReply> {
    const version = await readPublicationVersion(db);
    const etag = `W/"${createHash('sha256').update(`${key}\n${version}`).digest('base64url').slice(0, 32)}"`;
    if (matchesTag(request.headers['if-none-match'], etag)) return reply.code(304).header('etag', etag).header('cache-control', PUBLIC_CACHE_CONTROL).send();
    const encode = serializerOf(reply);
    const body = await bodies.get(key, version, async () => encode({ response: await build() }));
    reply.header('etag', etag).header('cache-control', PUBLIC_CACHE_CONTROL);
    return sendReport(request, reply, body);
  }

  api.route({
    ...routeOf(publicationCalls.editions),
    handler: async (request, reply) => sendPublic(request, reply, 'editions', () => publication.publicEditions(db)),
  });

  api.route({
    ...routeOf(publicationCalls.edition),
    handler: async (request, reply) => sendPublic(request, reply, `edition:${request.query.year}`, () => publication.publicEdition(db, request.query.year)),
  });

  api.route({
    ...routeOf(publicationCalls.entity),
    handler: async (request, reply) => {
      const { year, id } = request.query;
      return sendPublic(request, reply, `entity:${year}:${id}`, () => publication.publicEntity(db, year, id));
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
    ...routeOf(publicationCalls.setPublication),
    handler: async (request) => ({ response: await publication.setEntityPublication(db, caller(request), request.body.id, request.body.publish) }),
  });
}
