import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, loginBody, pkcePair } from '../../helpers/auth.js';
import type { Db } from '../../../src/server/db/client.js';

const backends = await testBackends();

/** One login call, with extra headers (X-Forwarded-For, Cookie). */
function attempt(server: TestServer, email: string, password: string, headers: Record<string, string> = {}) {
  return call(server, 'POST', '/api/v1/auth/login', { body: loginBody(server, email, password, pkcePair().challenge), headers });
}

/** The device cookie a successful login set, as a Cookie header. */
function deviceCookieOf(res: { headers: Headers }): string {
  const setCookie = res.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/^campaigns_device_[0-9a-f]{12}=[\w-]+\.[\w-]+\.[\w-]+; Path=\/api\/v1\/auth\/login; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
  return setCookie.split(';')[0];
}

describe.each(backends)('login abuse on $name', ({ open }) => {
  let db: Db;
  let server: TestServer;
  const password = 'correct horse battery';

  beforeAll(async () => {
    db = await open();
    server = await startTestServer(db);
    for (const name of ['ana', 'bea', 'cris', 'dani', 'eva', 'fran']) await createTestUser(db, `${name}@example.org`, password);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const auditRows = (action: string) =>
    db.query<{ details: Record<string, unknown>; actor_id: number | null; target_id: string | null }>(
      'SELECT details, actor_id, target_id FROM audit_log WHERE action = $1 ORDER BY id',
      [action],
    );
  /** A bucket's failures and the wait its last attempt set, in milliseconds. */
  const bucket = async (name: string) =>
    (
      await db.query<{ failures: number; waitMs: number }>(
        'SELECT failures, round(extract(epoch FROM blocked_until - last_attempt_at) * 1000)::int AS "waitMs" FROM login_throttle WHERE bucket = $1',
        [name],
      )
    )[0];
  /** The wait of a bucket is over (the clock moved on), its failures kept. */
  const endWait = (name: string) => db.query("UPDATE login_throttle SET blocked_until = now() - interval '1 second' WHERE bucket = $1", [name]);
  /**
   * Waits that have begun last a minute from now: the next attempt falls inside them however slowly this machine
   * runs the test (the real first wait is 2 s).
   */
  const holdWaits = () => db.query("UPDATE login_throttle SET blocked_until = clock_timestamp() + interval '1 minute' WHERE blocked_until > last_attempt_at");
  /** Six wrong passwords, all refused as such; the account (or device) must wait after them. */
  const sixFailures = async (email: string, headers: Record<string, string> = {}) => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(server, email, `guess ${i}`, headers)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    await holdWaits();
  };
  const retryAfter = (res: { headers: Headers }) => Number(res.headers.get('retry-after'));

  it('makes an account wait after a few failures, refusing even its right password inside the wait, and lets it in after', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt(server, 'Ana@Example.org', 'wrong password')).status).toBe(401);
    expect(await bucket('account:ana@example.org')).toEqual({ failures: 5, waitMs: 0 });
    expect((await attempt(server, 'ana@example.org', 'wrong password')).status).toBe(401);
    expect(await bucket('account:ana@example.org')).toEqual({ failures: 6, waitMs: 2000 });
    await holdWaits();
    const failedBefore = (await auditRows('auth.login_failed')).length;

    const throttled = await attempt(server, 'ana@example.org', password);
    expect(throttled.status).toBe(429);
    expect(retryAfter(throttled)).toBeGreaterThanOrEqual(50);
    expect(throttled.body.error).toEqual({ type: 'RATE_LIMITED', message: expect.any(String), data: { retryAfterSeconds: retryAfter(throttled) } });
    // Refused without a password check: no failure recorded for it, a throttling instead.
    expect((await auditRows('auth.login_failed')).length).toBe(failedBefore);
    expect((await auditRows('auth.login_throttled')).at(-1)?.details).toEqual({
      email: 'ana@example.org',
      ip: '127.0.0.1',
      by: 'account',
      retryAfterSeconds: retryAfter(throttled),
    });
    expect(await bucket('account:ana@example.org')).toMatchObject({ failures: 6 });

    await endWait('account:ana@example.org');
    const after = await attempt(server, 'ana@example.org', password);
    expect(after.status).toBe(200);
    // A success clears the account's failures.
    expect(await bucket('account:ana@example.org')).toBeUndefined();
  });

  it('throttles an unknown e-mail exactly as a known one, so the answer tells nothing about who exists', async () => {
    const answers = async (email: string) => {
      const bodies = [];
      let counted;
      for (let i = 0; i < 7; i++) {
        if (i === 6) {
          counted = await bucket(`account:${email}`);
          await holdWaits();
        }
        const res = await attempt(server, email, 'wrong password');
        bodies.push({
          status: res.status,
          type: res.body.error.type,
          data: Object.keys(res.body.error.data ?? {}),
          retryAfter: res.headers.has('retry-after'),
        });
      }
      return { bodies, counted };
    };
    const unknown = await answers('nobody@example.org');
    expect(unknown.bodies.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401, 429]);
    expect(await answers('bea@example.org')).toEqual(unknown);
  });

  it('lets a browser that signed in before through while the account is throttled, with a limit of its own', async () => {
    const cookie = deviceCookieOf(await attempt(server, 'cris@example.org', password));
    // Someone else guesses until the account must wait.
    await sixFailures('cris@example.org');
    expect((await attempt(server, 'cris@example.org', password)).status).toBe(429);

    // Cris's own browser still signs in, and gets a new device cookie.
    const own = await attempt(server, 'cris@example.org', password, { cookie: `theme=dark; ${cookie}` });
    expect(own.status).toBe(200);
    const renewed = deviceCookieOf(own);
    // The cookie does not open another account, even under that account's cookie name, nor does a forged one
    // (Cris's account is still waiting: her own sign-in did not end the guesser's wait).
    await sixFailures('dani@example.org');
    const asDani = renewed.replace(/^campaigns_device_[0-9a-f]{12}/, `campaigns_device_${server.ctx.signer.accountHash('dani@example.org').slice(0, 12)}`);
    expect(asDani).not.toBe(renewed);
    expect((await attempt(server, 'dani@example.org', password, { cookie: asDani })).status).toBe(429);
    const forged = renewed.replace(/\.[\w-]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await attempt(server, 'cris@example.org', password, { cookie: forged })).status).toBe(429);

    // A stolen cookie is throttled too: its own failures make it wait.
    await sixFailures('cris@example.org', { cookie: renewed });
    expect((await attempt(server, 'cris@example.org', password, { cookie: renewed })).status).toBe(429);
    expect((await auditRows('auth.login_throttled')).at(-1)?.details).toMatchObject({ email: 'cris@example.org', by: 'device' });
  });

  it('writes one auth.login_throttled row per wait, however many attempts the wait refuses', async () => {
    const throttledRows = async () => (await auditRows('auth.login_throttled')).filter((row) => row.details.email === 'flood@example.org').length;
    await sixFailures('flood@example.org');
    const flood = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(server, 'flood@example.org', `flood ${i}`)));
    expect(flood.map((res) => res.status)).toEqual(Array(20).fill(429));
    for (let i = 0; i < 5; i++) expect((await attempt(server, 'flood@example.org', password)).status).toBe(429);
    expect(await throttledRows()).toBe(1);
    // The wait ends, one more failure gets through and begins a longer wait: its refusals are written once more.
    await endWait('account:flood@example.org');
    expect((await attempt(server, 'flood@example.org', 'one more')).status).toBe(401);
    await holdWaits();
    for (let i = 0; i < 5; i++) expect((await attempt(server, 'flood@example.org', password)).status).toBe(429);
    expect(await throttledRows()).toBe(2);
  });

  it('lets one of many parallel guesses through once the account must wait long', async () => {
    await db.query(
      "INSERT INTO login_throttle (bucket, failures, blocked_until, last_attempt_at) VALUES ('account:eva@example.org', 14, now() - interval '1 second', now())",
    );
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(server, 'eva@example.org', 'parallel ' + i)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([401, ...Array(11).fill(429)]);
    for (const res of results.filter((r) => r.status === 429)) expect(retryAfter(res)).toBeGreaterThanOrEqual(890);
  });

  it('records failed logins and throttling without passwords, and keeps the throttle table small', async () => {
    const rows = await db.query<{ action: string; details: unknown }>("SELECT action, details FROM audit_log WHERE action LIKE 'auth.%'");
    expect(JSON.stringify(rows)).not.toMatch(/correct horse|wrong password|guess|parallel|campaigns_device|eyJ/);
    expect((await auditRows('auth.login_failed')).at(-1)?.details).toEqual({ email: 'eva@example.org', ip: '127.0.0.1' });
    // Buckets unused for a day go as later attempts are let through.
    await db.query(
      "UPDATE login_throttle SET last_attempt_at = now() - interval '2 days' WHERE bucket LIKE 'account:%' AND bucket <> 'account:eva@example.org'",
    );
    const stale = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM login_throttle WHERE last_attempt_at < now() - interval '1 day'"))[0].n;
    expect(stale).toBeGreaterThanOrEqual(4);
    await attempt(server, 'fran@example.org', 'wrong password');
    await attempt(server, 'fran@example.org', 'wrong password');
    expect((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM login_throttle WHERE last_attempt_at < now() - interval '1 day'"))[0].n).toBe(
      stale - 4,
    );
  });
});
