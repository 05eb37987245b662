import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { startDemoServer, type DemoServer } from '../../helpers/demoServer.js';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtpServer.js';
import { family, labelValues, parseMetrics, sampleValue, type MetricFamily } from '../../helpers/metrics.js';
import { smtpMailer } from '../../../src/server/services/mail/sender.js';

const backends = await testBackends();

/** GET /metrics over real HTTP from this machine, parsed. */
async function scrape(server: TestServer): Promise<MetricFamily[]> {
  const res = await fetch(`${server.url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parseMetrics(await res.text());
}

/** A histogram's count for these labels, which its +Inf bucket must equal. */
function histogramCount(families: MetricFamily[], name: string, labels: Record<string, string>): number {
  const count = sampleValue(families, `${name}_count`, labels);
  expect(sampleValue(families, `${name}_bucket`, { ...labels, le: '+Inf' })).toBe(count);
  return count;
}

describe.each(backends)('GET /metrics on $name', ({ name, openDemo }) => {
  let demo: DemoServer;
  let sentCampaign: number;

  beforeAll(async () => {
    demo = await startDemoServer(openDemo);
    [{ id: sentCampaign }] = await demo.db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'sent' ORDER BY id DESC LIMIT 1");
  });
  afterAll(async () => demo.close());

  it('counts requests by route pattern, method and status with their latency, the database connections, the report cache and parts', async () => {
    const before = await scrape(demo.server);
    const health = { method: 'GET', route: '/api/v1/health', status: '200' };
    const result = { method: 'GET', route: '/api/secure/v1/campaigns/result', status: '200' };
    for (let i = 0; i < 2; i++) {
      expect((await call(demo.server, 'GET', '/api/v1/health')).status).toBe(200);
      expect((await call(demo.server, 'GET', `/api/secure/v1/campaigns/result?id=${sentCampaign}`, { token: demo.tokens.admin })).status).toBe(200);
    }
    expect((await call(demo.server, 'GET', '/api/v1/no-such-call')).status).toBe(404);
    const after = await scrape(demo.server);

    const delta = (metric: string, labels: Record<string, string>) => sampleValue(after, metric, labels) - sampleValue(before, metric, labels);
    expect(delta('http_requests_total', health)).toBe(2);
    expect(delta('http_requests_total', result)).toBe(2);
    expect(delta('http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(family(after, 'http_request_duration_seconds_bucket').type).toBe('histogram');
    expect(histogramCount(after, 'http_request_duration_seconds', health) - histogramCount(before, 'http_request_duration_seconds', health)).toBe(2);
    // The second read of the same result is served from the cache.
    expect(delta('report_cache_requests_total', { cache: 'reports', outcome: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(after, 'report_cache_bytes', { cache: 'reports', kind: 'used' })).toBeGreaterThan(0);
    expect(sampleValue(after, 'report_cache_bytes', { cache: 'reports', kind: 'bound' })).toBeGreaterThan(0);
    // The parts the result was assembled from: its campaign's and its four territories', each bounded by bytes.
    for (const cache of ['campaignParts', 'territoryParts']) {
      const used = sampleValue(after, 'report_cache_bytes', { cache, kind: 'used' });
      expect(used).toBeGreaterThan(4 * 1024);
      expect(used).toBeLessThan(sampleValue(after, 'report_cache_bytes', { cache, kind: 'bound' }));
    }
    // And the result's place, kept with the place version (placeMemo.ts): some kilobytes.
    expect(sampleValue(after, 'report_cache_bytes', { cache: 'places', kind: 'used' })).toBeGreaterThan(500);
    expect(sampleValue(after, 'report_cache_bytes', { cache: 'places', kind: 'bound' })).toBe(48 * 1024 * 1024);

    const database = name;
    expect(delta('db_acquisitions_total', { database })).toBeGreaterThanOrEqual(4);
    expect(delta('db_wait_seconds_total', { database })).toBeGreaterThanOrEqual(0);
    const connections = sampleValue(after, 'db_connections', { database, state: 'idle' }) + sampleValue(after, 'db_connections', { database, state: 'busy' });
    expect(connections).toBeGreaterThanOrEqual(1);
    if (database === 'pglite') expect(connections).toBe(1);
    expect(sampleValue(after, 'db_waiting_calls', { database })).toBeGreaterThanOrEqual(0);

    // The process: its memory and the e-mails it sent (none asked here, but present from the start).
    expect(sampleValue(after, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(sampleValue(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(family(after, 'mail_messages_total').type).toBe('counter');
  });

  it('names a route by its pattern: no address, token or e-mail in any label', async () => {
    await call(demo.server, 'GET', `/results/0/${demo.tokens.share}`);
    await call(demo.server, 'GET', `/api/v1/public/receipt?code=${'a'.repeat(32)}`);
    await call(demo.server, 'POST', '/api/v1/auth/login', { body: { email: 'nadie@ejemplo.es', password: 'x' } });
    const values = labelValues(await scrape(demo.server));
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) {
      expect(value).not.toContain(demo.tokens.share);
      expect(value).not.toContain(demo.tokens.admin);
      expect(value).not.toMatch(/@|\?|aaaaaaaa/);
    }
  });

  it('is refused to a visitor that came through a proxy on this machine (the connection is from loopback, the visitor is not)', async () => {
    for (const headers of [{ 'x-forwarded-for': '203.0.113.7' }, { forwarded: 'for=203.0.113.7' }, { 'x-real-ip': '203.0.113.7' }] as Record<
      string,
      string
    >[]) {
      const res = await call(demo.server, 'GET', '/metrics', { headers });
      expect([res.status, res.body.error.type]).toEqual([403, 'FORBIDDEN']);
    }
  });
});

describe('GET /metrics from other machines, and the e-mails counted', () => {
  const TOKEN = 'metrics-token-of-the-monitoring-server-0123';
  let smtp: TestSmtpServer;
  let closed: TestServer;
  let open: TestServer;

  beforeAll(async () => {
    const [backend] = backends;
    smtp = await startSmtpServer();
    closed = await startTestServer(await backend.openDemo());
    open = await startTestServer(await backend.openDemo(), { METRICS_TOKEN: TOKEN, SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    for (const server of [closed, open]) {
      await server.close();
      await server.ctx.db.close();
    }
    await smtp.close();
  });

  /** The request as it arrives from another machine's address (fastify's inject sets the connection's address). */
  const fromAfar = (server: TestServer, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers });

  it('without METRICS_TOKEN, answers only this machine', async () => {
    const res = await fromAfar(closed);
    expect([res.statusCode, res.json().error.type]).toEqual([403, 'FORBIDDEN']);
    // No token is configured: none opens it.
    expect((await fromAfar(closed, { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(403);
    await scrape(closed);
  });

  it('with METRICS_TOKEN, answers the bearer of that token from anywhere, and refuses a wrong one even from this machine', async () => {
    const res = await fromAfar(open, { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    // The scheme's name is not case-sensitive (RFC 9110).
    expect((await fromAfar(open, { authorization: `bearer ${TOKEN}` })).statusCode).toBe(200);
    expect(sampleValue(parseMetrics(res.body), 'process_resident_memory_bytes')).toBeGreaterThan(0);
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`, 'Bearer ']) {
      const wrong = await call(open, 'GET', '/metrics', { headers: { authorization } });
      expect([authorization, wrong.status, wrong.body.error.type]).toEqual([authorization, 401, 'INVALID_TOKEN']);
      expect((await fromAfar(open, { authorization })).statusCode).toBe(401);
    }
    expect((await fromAfar(open)).statusCode).toBe(403);
  });

  it('counts the e-mails the SMTP server took and those it refused', async () => {
    const before = await scrape(open);
    const mail = { subject: 'Prueba', text: 'Hola', html: '<p>Hola</p>' };
    const summary = await smtpMailer(open.ctx.config.smtp!)([
      { ...mail, to: 'persona@metricas.es' },
      { ...mail, to: 'rechazado@metricas.es' },
    ]);
    expect(summary.sent).toBe(1);
    const after = await scrape(open);
    const delta = (outcome: string) => sampleValue(after, 'mail_messages_total', { outcome }) - sampleValue(before, 'mail_messages_total', { outcome });
    expect([delta('sent'), delta('failed')]).toEqual([1, 1]);
    expect(labelValues(after).some((v) => v.includes('metricas.es'))).toBe(false);
  });
});
