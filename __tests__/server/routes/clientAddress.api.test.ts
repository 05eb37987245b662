import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { loginBody, pkcePair } from '../../helpers/auth.js';
import type { Db } from '../../../src/server/db/client.js';

const backends = await testBackends();

/** One login call, with extra headers (X-Forwarded-For, Cookie). */
function attempt(server: TestServer, email: string, password: string, headers: Record<string, string> = {}) {
  return call(server, 'POST', '/api/v1/auth/login', { body: loginBody(server, email, password, pkcePair().challenge), headers });
}

describe.each(backends)('client addresses and the per-address limit on $name', ({ open }) => {
  let db: Db;
  const servers: TestServer[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startTestServer(db, env);
    servers.push(server);
    return server;
  };
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await db.close();
  });

  /** Four attempts, each claiming another address by X-Forwarded-For; the statuses and the audited addresses. */
  async function fourFromSpoofedAddresses(server: TestServer, email: string) {
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await attempt(server, email, 'wrong password', { 'x-forwarded-for': `203.0.113.${i}` })).status);
    const ips = (
      await db.query<{ ip: string }>("SELECT details->>'ip' AS ip FROM audit_log WHERE action = 'auth.login_failed' AND details->>'email' = $1 ORDER BY id", [
        email,
      ])
    ).map((r) => r.ip);
    return { statuses, ips };
  }

  it('ignores X-Forwarded-For by default, so a new address per request does not escape the limit', async () => {
    const server = await start({ AUTH_RATE_LIMIT: '3' });
    const { statuses, ips } = await fourFromSpoofedAddresses(server, 'spoof1@example.org');
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(ips).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
    const limited = await attempt(server, 'spoof1@example.org', 'x');
    expect(limited.body.error).toMatchObject({ type: 'RATE_LIMITED', data: { retryAfterSeconds: expect.any(Number) } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it.each([
    ['an address list', '127.0.0.1, ::1'],
    ['a hop count', '1'],
  ])('honours X-Forwarded-For from the proxies TRUST_PROXY names (%s)', async (_label, trustProxy) => {
    const server = await start({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: trustProxy });
    const email = `proxied-${trustProxy.length}@example.org`;
    const { statuses, ips } = await fourFromSpoofedAddresses(server, email);
    expect(statuses).toEqual([401, 401, 401, 401]);
    expect(ips).toEqual(['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4']);
  });

  it('ignores X-Forwarded-For from a peer that is not a named proxy', async () => {
    const server = await start({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: '10.0.0.0/8' });
    expect((await fourFromSpoofedAddresses(server, 'spoof2@example.org')).statuses).toEqual([401, 401, 401, 429]);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as its IPv4 address', async () => {
    const server = await start({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: 'loopback' });
    const statuses = async (email: string, addresses: string[]) => {
      const answers = [];
      for (const address of addresses) answers.push((await attempt(server, email, 'wrong password', { 'x-forwarded-for': address })).status);
      return answers;
    };
    // One client's /64 holds 2^64 addresses: all of them are one client.
    expect(await statuses('v6a@example.org', ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:db8:1:2:8000::9'])).toEqual([
      401, 401, 401, 429,
    ]);
    // Neighbouring /64s are other clients.
    expect(await statuses('v6b@example.org', ['2001:db8:1:3::1', '2001:db8:1:4::1', '2001:db8:1:5::1', '2001:db8:1:6::1'])).toEqual([401, 401, 401, 401]);
    expect(await statuses('v4@example.org', ['198.51.100.7', '::ffff:198.51.100.7', '::ffff:c633:6407', '198.51.100.7'])).toEqual([401, 401, 401, 429]);
  });

  it('lets a whole office behind one address sign in within the default limit', async () => {
    const server = await start({ AUTH_RATE_LIMIT: '' });
    expect(server.ctx.config.authRateLimitPerMinute).toBe(300);
    // More colleagues than the old limit of 30 a minute, one address.
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await attempt(server, `colleague${i}@ayuntamiento.es`, 'wrong password')).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
  });

  it('answers a limited token endpoint in RFC 6749 form', async () => {
    const server = await start({ AUTH_RATE_LIMIT: '2' });
    const { oauth } = server.ctx.config;
    const form = { grant_type: 'refresh_token', refresh_token: 'unknown', client_id: oauth.clientId, client_secret: oauth.clientSecret };
    const statuses = [];
    let last;
    for (let i = 0; i < 3; i++) {
      last = await call(server, 'POST', '/api/v1/auth/token', { form });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([400, 400, 429]);
    expect(last?.body).toEqual({ error: 'slow_down', error_description: expect.any(String) });
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last?.headers.get('cache-control')).toBe('no-store');
  });
});
