import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type LabelValues } from 'prom-client';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { isDirectLocalRequest } from '../network.js';
import { bearerToken } from './auth.js';
import type { ReportCache } from '../reports/reportCache.js';
import type { BytesKept } from '../reports/reportParts.js';
import { mailTally } from '../services/mail/sender.js';

/**
 * GET /metrics: the server's measurements in Prometheus' text format (prom-client), for the operators' monitoring.
 *
 * What one app serves is counted in its own registry: requests by route pattern, method and status, their
 * latency, its database's connections and waits, its caches' hits. What the process does whichever app runs in it
 * (memory, event loop, garbage collection, e-mails sent) is counted once per process. Labels never carry personal
 * data: a route is named by its pattern (`/results/0/:token`), never by its address; no e-mail, id or token.
 *
 * Who may read it: a caller with `Authorization: Bearer <METRICS_TOKEN>`, or one on this machine that came
 * straight to the server (its connection from loopback and no proxy's forwarding header: behind a proxy on the same
 * machine every visitor's connection comes from loopback).
 */

/** Seconds: from a cached report (a millisecond) to an edition's export (seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the process does, whichever app serves it: registered once. */
const processRegistry = new Registry();
let processMetricsStarted = false;

function startProcessMetrics(): void {
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  collectDefaultMetrics({ register: processRegistry });
  readAtScrape('counter', processRegistry, 'mail_messages_total', 'E-mails handed to the SMTP server (sent) or refused by it (failed)', ['outcome'], () => [
    [{ outcome: 'sent' }, mailTally.sent],
    [{ outcome: 'failed' }, mailTally.failed],
  ]);
}

type Readings<L extends string> = Array<[LabelValues<L>, number]>;

/**
 * A metric whose values are read at each scrape from numbers kept elsewhere: a counter (a tally that never
 * decreases, such as the mailer's) or a gauge (a level, such as the connections open).
 */
function readAtScrape<L extends string>(
  type: 'counter' | 'gauge',
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly L[],
  read: () => Readings<L>,
): void {
  const configuration = {
    name,
    help,
    labelNames,
    registers: [registry],
    collect(this: Counter<L> | Gauge<L>) {
      this.reset();
      for (const [labels, value] of read()) this.inc(labels, value);
    },
  };
  if (type === 'counter') new Counter<L>(configuration);
  else new Gauge<L>(configuration);
}

/** The app's database, its caches and the other bounded memory it keeps, as the scrape reads them. */
function registerSources(registry: Registry, db: Db, caches: Record<string, ReportCache>, kept: Record<string, BytesKept>): void {
  const database = db.kind;
  readAtScrape('gauge', registry, 'db_connections', 'Database connections open now, idle or busy', ['database', 'state'], () => {
    const use = db.use();
    return [
      [{ database, state: 'idle' }, use.idle],
      [{ database, state: 'busy' }, use.connections - use.idle],
    ];
  });
  readAtScrape('gauge', registry, 'db_waiting_calls', 'Calls waiting now for a database connection', ['database'], () => [[{ database }, db.use().waiting]]);
  readAtScrape('counter', registry, 'db_acquisitions_total', 'Database connections handed to calls', ['database'], () => [[{ database }, db.use().acquired]]);
  readAtScrape('counter', registry, 'db_wait_seconds_total', 'Seconds calls spent waiting for a database connection', ['database'], () => [
    [{ database }, db.use().waitSeconds],
  ]);
  const named = Object.entries(caches);
  readAtScrape('counter', registry, 'report_cache_requests_total', 'Bodies asked of a cache: kept (hit) or built (miss)', ['cache', 'outcome'], () =>
    named.flatMap(([cache, c]): Readings<'cache' | 'outcome'> => [
      [{ cache, outcome: 'hit' }, c.hits],
      [{ cache, outcome: 'miss' }, c.misses],
    ]),
  );
  const bounded = Object.entries({ ...caches, ...kept });
  readAtScrape('gauge', registry, 'report_cache_bytes', 'Bytes a cache holds now, and its bound', ['cache', 'kind'], () =>
    bounded.flatMap(([cache, c]): Readings<'cache' | 'kind'> => [
      [{ cache, kind: 'used' }, c.size],
      [{ cache, kind: 'bound' }, c.maxBytes],
    ]),
  );
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the caller may read the metrics; a wrong token is refused as such (401), anyone else 403. */
function checkReader(request: FastifyRequest, token: string | undefined): void {
  const given = bearerToken(request);
  if (token !== undefined && request.headers.authorization !== undefined) {
    // Compared as digests: equal lengths, so the comparison's time says nothing of the token.
    if (given !== undefined && timingSafeEqual(digest(given), digest(token))) return;
    throw new AppError('INVALID_TOKEN', 'Wrong metrics token');
  }
  if (isDirectLocalRequest(request)) return;
  throw new AppError('FORBIDDEN', 'The metrics are served with METRICS_TOKEN or to this machine only');
}

/**
 * Counts every request of app and serves GET /metrics. Registered before the routes (its hook then sees them all);
 * caches are named by what they keep, and so is the other memory kept against a bound (kept: the report parts).
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { db: Db; token: string | undefined; caches: Record<string, ReportCache>; kept: Record<string, BytesKept> },
): void {
  startProcessMetrics();
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route pattern, method and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by route pattern, method and status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  registerSources(registry, options.db, options.caches, options.kept);

  app.addHook('onResponse', async (request, reply) => {
    // The pattern, never the address (which may hold a token); no route: a 404 before any.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    checkReader(request, options.token);
    const text = (await registry.metrics()) + (await processRegistry.metrics());
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
