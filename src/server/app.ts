import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import type { AppContext } from './context.js';
import { fastifyTrustProxy } from './network.js';
import { rateLimited } from './errors.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './plugins/errors.js';
import { installStrictValidation } from './plugins/validation.js';
import { installAnswerWriters, type SchemaCompiling } from './plugins/schemaCompiling.js';
import { registerOpenApi } from './plugins/openapi.js';
import { makeAuthenticate, refuseUncheckedSession } from './plugins/auth.js';
import { registerSpa } from './plugins/spa.js';
import { registerMetrics } from './plugins/metrics.js';
import { installSecurityHeaders } from './plugins/securityHeaders.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerOperationRoutes } from './routes/operations.js';
import { registerAuthRoutes, registerSecureAuthRoutes } from './routes/auth.js';
import { registerCampaignRoutes } from './routes/campaigns/index.js';
import { registerReportRoutes } from './routes/campaigns/reports.js';
import { reportWriters } from './routes/campaigns/reportAccess.js';
import { registerEvidenceRoutes } from './routes/campaigns/evidence.js';
import { registerCampaignCycleRoutes } from './routes/campaigns/cycle.js';
import { REVIEW_QUEUE_CACHE_BYTES, registerReviewRoutes } from './routes/campaigns/review.js';
import { registerObjectionRoutes } from './routes/campaigns/objections.js';
import { registerTeamRoutes } from './routes/team.js';
import { registerEditionOpeningRoutes } from './routes/campaigns/opening.js';
import { registerReferenceRoutes } from './routes/reference.js';
import { registerMapRoutes } from './routes/maps.js';
import { ReportEngine, type WarmedReports } from './reports/engine.js';
import { scheduleAssigneeReminders } from './routes/assigneeReminders.js';
import { scheduleLogRetention } from './routes/logRetention.js';
import { apiBrotli, ReportCache, SYNC_COMPRESS_BYTES } from './reports/reportCache.js';
import { PUBLIC_CACHE_BYTES, publicCache, publicSender, registerPublicationRoutes, registerPublicRoutes } from './routes/publication.js';
import { registerPublicPages } from './routes/publicPages.js';
import { registerUserRoutes } from './routes/users.js';
import { registerEntityRoutes } from './routes/entities.js';
import { registerAuditRoutes } from './routes/audit.js';
import { registerEditionRoutes } from './routes/editions.js';
import { registerAccessibilityRoutes, registerSecureAccessibilityRoutes } from './routes/accessibility.js';

/**
 * An address with its secrets hidden: a shared link's page (/results/0/<token>), an `at=<token>` query, and the
 * `code` and `state` an OpenID provider and the server's callback put in the addresses of a sign-in.
 */
export function redactUrl(url: string): string {
  return url.replace(/^\/(results|comparisons)\/0\/[^/?#]+/, '/$1/0/[REDACTED]').replace(/([?&](?:at|code|state)=)[^&#]*/g, '$1[REDACTED]');
}

/** Log options: JSON lines with the request id, never credentials (headers, cookies, tokens in addresses). */
export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    // A database error carries the statement's parameters (PGlite's `params`): e-mails, hashes, tokens' hashes.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'err.params', 'err.queryOptions', 'err.cause.params'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/**
 * How long a client has to send a whole request, headers and body, before it is answered 408 REQUEST_TIMEOUT and
 * disconnected. Fastify's default is no limit, so a client sending a body a byte at a time (or stopping halfway)
 * held its connection for ever. A minute is some fifty times what the largest body (a 2 MB catalogue) takes on a
 * slow office line. Node checks every connection at an interval, so the answer comes up to a quarter later.
 */
const REQUEST_TIMEOUT_MS = 60_000;
/** How long a client has to send a request's headers (Node's default). */
const HEADERS_TIMEOUT_MS = 60_000;

/** Reads ahead the report parts and the result, comparison and trend bodies of the newest editions, without holding up the start; a failure only leaves them unread. */
async function warmReports(
  app: FastifyInstance,
  reports: ReportEngine,
  closing: () => boolean,
  warmed: (outcome: WarmedReports | undefined) => void,
): Promise<void> {
  const started = Date.now();
  try {
    const outcome = await reports.warm(reportWriters(), closing);
    app.log.info({ ...outcome, ms: Date.now() - started }, 'reports read ahead');
    warmed(outcome);
  } catch (err) {
    // Closing while a statement ran is no fault: the database may already be going.
    if (!closing()) app.log.warn({ err }, 'reports could not be read ahead');
    warmed(undefined);
  }
}

/** Builds the whole HTTP app (plugins, routes, error handling, SPA). It never listens: main.ts does. */
export async function buildApp(
  ctx: AppContext,
  options: {
    logger?: FastifyServerOptions['logger'];
    /** The report cache's bound (the configuration's REPORT_CACHE_MB unless given); 0 keeps nothing. */
    reportCacheBytes?: number;
    /** The most campaign parts the report engine keeps (reportParts.ts CAMPAIGN_PARTS_KEPT unless given). */
    campaignPartsKept?: number;
    /** How long the place version must hold still before kept places are checked by it (placeMemo.ts PLACE_SETTLE_MS unless given). */
    placeSettleMs?: number;
    /** REQUEST_TIMEOUT_MS unless given (tests wait less). */
    requestTimeoutMs?: number;
    /** True once the process is shutting down (main.ts): every answer then closes its connection. */
    isDraining?: () => boolean;
    /**
     * Given (main.ts, the bench): once ready, the app reads ahead in the background the report parts and result
     * bodies of the newest editions (ReportEngine.warm), logs what it read, and calls this with it.
     */
    reportsWarmed?: (warmed: WarmedReports | undefined) => void;
    /** When the calls' schemas are compiled (plugins/schemaCompiling.ts): at start unless given. */
    compileSchemas?: SchemaCompiling;
  } = {},
): Promise<FastifyInstance> {
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // X-Forwarded-For only from the configured proxies (TRUST_PROXY): trusting it from anyone let each request
    // pick its own address and escape the per-address login limit.
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestTimeout,
    // Node applies the request's limit only while the headers' own limit (60 s by default) is not longer.
    http: { requestTimeout, headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout), connectionsCheckingInterval: Math.ceil(requestTimeout / 4) },
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    // While closing (SIGTERM), a request that arrives on a connection already open (a proxy's kept-alive one) is
    // served as any other and answered with Connection: close, rather than refused 503 that a proxy does not resend
    // for a POST: the instance drains, and new connections go to the others.
    return503OnClosing: false,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // A proxy then opens its next connection to another instance, instead of reusing this one as it closes.
    if (options.isDraining?.()) reply.header('connection', 'close');
  });

  const compileSchemas = options.compileSchemas ?? 'atStart';
  installStrictValidation(app, compileSchemas);
  installAnswerWriters(app, compileSchemas);
  registerErrorHandling(app, ctx.config.showErrorLogs);
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Highcharts and the bundled CSS set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: ctx.config.publicUrl.startsWith('https:'),
  });
  await app.register(rateLimit, {
    global: false,
    // Per client address, in this instance's memory: several instances each allow the limit (see docs/operations.md).
    // The plugin's key: an IPv6 client by its /64 (one client can use all of it), an IPv4-mapped address as IPv4.
    ipv6Subnet: 64,
    errorResponseBuilder: (_request, limit) => rateLimited(Math.max(1, Math.ceil(limit.ttl / 1000))),
  });
  await registerOpenApi(app, ctx.config.publicUrl);

  // A run that keeps no report (reportCacheBytes 0: tests, the bench's uncached instance) keeps no other answer either.
  const kept = (bytes: number) => (options.reportCacheBytes === 0 ? 0 : bytes);
  const reports = new ReportEngine(
    ctx.db,
    ctx.config.minGroupSize,
    options.reportCacheBytes ?? ctx.config.reportCacheBytes,
    options.campaignPartsKept,
    options.placeSettleMs,
  );
  const reviewQueues = new ReportCache(kept(REVIEW_QUEUE_CACHE_BYTES));
  const publicBodies = publicCache(kept(PUBLIC_CACHE_BYTES));
  // Before the routes: its hook counts every one of them.
  registerMetrics(app, {
    db: ctx.db,
    token: ctx.config.metricsToken,
    caches: { reports: reports.bodies, review: reviewQueues, public: publicBodies },
    kept: reports.keptParts,
  });

  registerHealthRoutes(app, ctx);
  registerOperationRoutes(app, ctx);
  const sendPublic = publicSender(ctx, publicBodies);
  // What anyone may ask for without an account, limited per client address (PUBLIC_RATE_LIMIT; 0: no limit): 429 with
  // Retry-After above it, as the sign-in's limit answers.
  await app.register(async (open) => {
    const max = ctx.config.publicRateLimitPerMinute;
    if (max > 0) open.addHook('onRequest', open.rateLimit({ max, timeWindow: '1 minute' }));
    registerPublicRoutes(open, ctx, sendPublic);
    registerPublicPages(open, ctx, sendPublic);
    registerAccessibilityRoutes(open, ctx);
  });
  await registerAuthRoutes(app, ctx);
  const authenticate = makeAuthenticate(ctx);
  await app.register(
    async (secure) => {
      // API answers over 1 KB compressed for browsers that accept it (brotli, else gzip): up to SYNC_COMPRESS_BYTES in
      // one call (brotli by apiBrotli), larger ones through zlib's stream. The report calls send the copies their
      // cache keeps instead (compress: false on those routes).
      await secure.register(compress, {
        encodings: ['br', 'gzip'],
        threshold: 1024,
        syncThreshold: SYNC_COMPRESS_BYTES,
        zlib: { brotliCompressSync: apiBrotli },
      });
      secure.addHook('onRequest', authenticate);
      secure.addHook('onSend', refuseUncheckedSession);
      registerSecureAuthRoutes(secure, ctx);
      registerReferenceRoutes(secure, ctx);
      registerUserRoutes(secure, ctx);
      registerEntityRoutes(secure, ctx);
      registerAuditRoutes(secure, ctx);
      await registerEditionRoutes(secure, ctx);
      registerCampaignRoutes(secure, ctx, reports);
      await registerEvidenceRoutes(secure, ctx, reports);
      registerReportRoutes(secure, ctx, reports);
      registerCampaignCycleRoutes(secure, ctx, reports.places);
      registerReviewRoutes(secure, ctx, reports.questionnaires, reviewQueues);
      registerObjectionRoutes(secure, ctx, reports.questionnaires);
      registerEditionOpeningRoutes(secure, ctx);
      registerMapRoutes(secure, ctx, reports.places);
      registerPublicationRoutes(secure, ctx);
      registerTeamRoutes(secure, ctx);
      registerSecureAccessibilityRoutes(secure, ctx);
    },
    { prefix: '/api/secure/v1' },
  );
  await registerSpa(app, ctx.config.staticDir);
  scheduleAssigneeReminders(app, ctx);
  scheduleLogRetention(app, ctx);
  const warmed = options.reportsWarmed;
  if (warmed) {
    let closing = false;
    app.addHook('onClose', async () => {
      closing = true;
    });
    app.addHook('onReady', async () => void warmReports(app, reports, () => closing, warmed));
  }
  return app;
}
