import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, loginBody, pkcePair } from '../../helpers/auth.js';
import { MAX_DEVICE_COOKIES } from '../../../src/server/services/auth/deviceCookie.js';
import type { Db } from '../../../src/server/db/client.js';

const backends = await testBackends();

/** A browser's cookies for the login path, kept as browsers keep them: a cookie set again keeps its place. */
class CookieJar {
  readonly cookies = new Map<string, string>();

  take(res: { headers: Headers }): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      if (/; Max-Age=0(;|$)/.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(name.length + 1));
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

describe.each(backends)('device cookies on $name', ({ open }) => {
  let db: Db;
  let server: TestServer;
  const password = 'correct horse battery';
  const colleagues = Array.from({ length: MAX_DEVICE_COOKIES + 2 }, (_, i) => `colega${i}@ayuntamiento.es`);

  beforeAll(async () => {
    db = await open();
    server = await startTestServer(db);
    for (const email of ['ana@example.org', 'bea@example.org', ...colleagues]) await createTestUser(db, email, password);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });
  beforeEach(() => db.query('DELETE FROM login_throttle'));

  /** One login from a browser: its cookies go with the call and the answer's cookies are kept. */
  const attempt = async (jar: CookieJar | undefined, email: string, pass: string) => {
    const res = await call(server, 'POST', '/api/v1/auth/login', {
      body: loginBody(server, email, pass, pkcePair().challenge),
      headers: jar ? { cookie: jar.header() } : {},
    });
    jar?.take(res);
    return res.status;
  };
  /** Someone without the account's device cookie guesses until the account must wait (the wait then held for a minute). */
  const lockOut = async (email: string) => {
    for (let i = 0; i < 6; i++) expect(await attempt(undefined, email, `guess ${i}`)).toBe(401);
    await db.query("UPDATE login_throttle SET blocked_until = clock_timestamp() + interval '1 minute' WHERE bucket = $1", [`account:${email}`]);
    expect(await attempt(undefined, email, password)).toBe(429);
  };
  const accountBucket = async (email: string) =>
    (await db.query<{ failures: number }>('SELECT failures FROM login_throttle WHERE bucket = $1', [`account:${email}`]))[0];

  it('keeps one cookie per account on a shared computer, so each colleague keeps getting through', async () => {
    const shared = new CookieJar();
    expect(await attempt(shared, 'ana@example.org', password)).toBe(200);
    expect(await attempt(shared, 'bea@example.org', password)).toBe(200);
    expect([...shared.cookies.keys()]).toEqual([
      expect.stringMatching(/^campaigns_device_[0-9a-f]{12}$/),
      expect.stringMatching(/^campaigns_device_[0-9a-f]{12}$/),
    ]);

    await lockOut('ana@example.org');
    await lockOut('bea@example.org');
    expect(await attempt(shared, 'ana@example.org', password)).toBe(200);
    expect(await attempt(shared, 'bea@example.org', password)).toBe(200);
    expect(shared.cookies.size).toBe(2);
  });

  it("does not end the account's wait when its user signs in with the device cookie", async () => {
    const own = new CookieJar();
    expect(await attempt(own, 'ana@example.org', password)).toBe(200);
    await lockOut('ana@example.org');
    expect(await attempt(own, 'ana@example.org', password)).toBe(200);
    // The guesser's wait and count are where they were.
    expect(await accountBucket('ana@example.org')).toEqual({ failures: 6 });
    expect(await attempt(undefined, 'ana@example.org', 'guess 7')).toBe(429);
  });

  it('names the account by a keyed hash, in the cookie name and in the token, never by a plain hash of the e-mail', async () => {
    const jar = new CookieJar();
    expect(await attempt(jar, 'bea@example.org', password)).toBe(200);
    const [[name, token]] = [...jar.cookies];
    const { sub } = decodeJwt(token);
    const plain = (text: string) => createHash('sha256').update(text).digest('hex');
    for (const guess of ['bea@example.org', 'login-account:bea@example.org']) {
      expect(sub).not.toBe(plain(guess));
      expect(name).not.toContain(plain(guess).slice(0, 12));
    }
    expect(sub).toBe(server.ctx.signer.accountHash('bea@example.org'));
    expect(name).toBe(`campaigns_device_${(sub as string).slice(0, 12)}`);
  });

  it(`keeps at most ${MAX_DEVICE_COOKIES} device cookies in a browser, dropping the oldest`, async () => {
    const jar = new CookieJar();
    for (const email of colleagues) expect(await attempt(jar, email, password)).toBe(200);
    expect(jar.cookies.size).toBe(MAX_DEVICE_COOKIES);
    const named = (email: string) => `campaigns_device_${server.ctx.signer.accountHash(email).slice(0, 12)}`;
    expect([...jar.cookies.keys()]).toEqual(colleagues.slice(2).map(named));
    // Signing in again to a kept account renews its cookie in place and drops nothing.
    expect(await attempt(jar, colleagues[2], password)).toBe(200);
    expect([...jar.cookies.keys()]).toEqual(colleagues.slice(2).map(named));
  });
});
