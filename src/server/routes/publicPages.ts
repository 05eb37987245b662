import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { idFromDigits } from '../../shared/ids.js';
import * as publication from '../services/publication/publication.js';
import { isFiltered, languageOf, parsePageQuery, type PageQuery } from '../services/publication/publicPageQuery.js';
import {
  editionPage,
  editionsPage,
  embedPage,
  entityPage,
  problemPage,
  receiptPage,
  sealPage,
  type ProblemKind,
  type RenderedPage,
} from '../services/publication/publicPages.js';
import { verifyReceipt } from '../services/campaigns/receipts.js';
import type { PublicSender } from './publication.js';

const HTML_TYPE = 'text/html; charset=utf-8';
const YEAR = /^[1-9][0-9]{0,3}$/;
const SEAL_CODE = /^[0-9a-f]{32}$/;

/**
 * The embed page's CSP: as every page's (no script, nothing from elsewhere), and the sites of EMBED_ORIGINS as the
 * only ones that may frame it ('none' when there are none). Every other page keeps helmet's frame-ancestors 'self'
 * and X-Frame-Options.
 */
export const embedContentSecurityPolicy = (origins: readonly string[]) =>
  `default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'none'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors ${
    origins.length > 0 ? origins.join(' ') : "'none'"
  }`;

type Params = Record<string, string>;

/**
 * The public pages (services/publication/publicPages.ts), without signing in: /publico, /publico/{year},
 * /publico/{year}/entidad/{id}, /publico/{year}/embed, /sello/{code} and /verificar/{code}. They are kept and tagged under the
 * publication version as the public calls are; an address that names nothing published is a 404 page and a query
 * value the pages do not accept a 400 page, in the language asked.
 */
export function registerPublicPages(app: FastifyInstance, ctx: AppContext, sendPublic: PublicSender): void {
  const { db } = ctx;
  const site = (language: PageQuery['language']) => ({ language, publicUrl: ctx.config.publicUrl });

  const sendProblem = (reply: FastifyReply, page: RenderedPage) => reply.code(page.status).header('cache-control', 'no-cache').type(HTML_TYPE).send(page.html);

  /**
   * Serves one page: its path's parts read by `target` (null: no such page), the query read strictly, and the page
   * kept under the publication version for its address as `key` names it from what was read (null: a filtered view,
   * written for each request and not kept, so that searches cannot push the pages everyone reads out of the cache).
   */
  function page<T>(
    path: string,
    target: (params: Params) => T | null,
    key: (target: T, query: PageQuery) => string | null,
    render: (target: T, query: PageQuery) => Promise<RenderedPage>,
    options: { missing?: Exclude<ProblemKind, 'badRequest'>; frameable?: boolean } = {},
  ) {
    const missing = options.missing ?? 'notFound';
    app.get(path, async (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.query as Record<string, unknown>;
      const query = parsePageQuery(raw);
      const pathname = request.url.split('?')[0];
      if (!query) return sendProblem(reply, problemPage(site(languageOf(raw)), pathname, 'badRequest'));
      const named = target(request.params as Params);
      if (named === null) return sendProblem(reply, problemPage(site(query.language), pathname, missing));
      const kept = key(named, query);
      // On a 304 too: a browser takes a revalidation's headers as the page's.
      if (options.frameable) reply.removeHeader('x-frame-options').header('content-security-policy', embedContentSecurityPolicy(ctx.config.embedOrigins));
      try {
        const build = async () => Buffer.from((await render(named, query)).html);
        return await sendPublic(
          request,
          reply,
          kept ?? `page:${path}:${JSON.stringify([named, query])}`,
          build,
          { type: HTML_TYPE, headers: {} },
          kept !== null,
        );
      } catch (error) {
        if (error instanceof AppError && error.type === 'NOT_FOUND') return sendProblem(reply, problemPage(site(query.language), pathname, missing));
        throw error;
      }
    });
  }

  const year = (params: Params) => (YEAR.test(params.year) ? Number(params.year) : null);
  /** The edition's page kept only as everyone first sees it: unfiltered, its first page of the ranking. */
  const unfiltered = (query: PageQuery) => !isFiltered(query.filters) && query.page === 1;

  page(
    '/publico',
    () => true,
    (_, query) => `page:editions:${query.language}`,
    async (_, query) => editionsPage(site(query.language), await publication.publicEditions(db)),
  );
  page(
    '/publico/:year',
    year,
    (y, query) => (unfiltered(query) ? `page:edition:${y}:${query.language}` : null),
    async (y, query) => editionPage(site(query.language), await publication.publicEdition(db, y), query.filters, query.page),
  );
  page(
    '/publico/:year/entidad/:id',
    (params) => {
      const y = year(params);
      const id = idFromDigits(params.id);
      return y === null || id === null ? null : { year: y, id };
    },
    ({ year: y, id }, query) => `page:entity:${y}:${id}:${query.language}`,
    async ({ year: y, id }, query) => entityPage(site(query.language), await publication.publicEntity(db, y, id)),
  );
  page(
    '/publico/:year/embed',
    year,
    (y, query) => (isFiltered(query.filters) ? null : `page:embed:${y}:${query.view}:${query.language}`),
    async (y, query) => embedPage(site(query.language), await publication.publicEdition(db, y), query.view, query.filters),
    { frameable: true },
  );
  page(
    '/sello/:code',
    (params) => (SEAL_CODE.test(params.code) ? params.code : null),
    (code, query) => `page:seal:${code}:${query.language}`,
    async (code, query) => sealPage(site(query.language), await publication.publicSeal(db, code)),
    { missing: 'noSeal' },
  );
  // A receipt is written for each request, not kept: it is not part of what a publication changes.
  page(
    '/verificar/:code',
    (params) => (SEAL_CODE.test(params.code) ? params.code : null),
    () => null,
    async (code, query) => receiptPage(site(query.language), await verifyReceipt(db, code), code),
    { missing: 'noReceipt' },
  );
  // Any other address under the pages' paths is a page not found, not the app's shell.
  for (const path of ['/publico/*', '/sello/*', '/verificar/*']) {
    app.get(path, async (request, reply) =>
      sendProblem(reply, problemPage(site(languageOf(request.query as Record<string, unknown>)), request.url.split('?')[0], 'notFound')),
    );
  }
}
