import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, signIn } from '../../helpers/auth.js';
import type { Db } from '../../../src/server/db/client.js';
import { readRefreshCookie, refreshCookieHeader } from '../../../src/server/services/auth/refreshCookie.js';

const backends = await testBackends();

/** The Set-Cookie values of an answer for the refresh cookie. */
const refreshCookies = (headers: Headers) => headers.getSetCookie().filter((c) => c.startsWith('campaigns_refresh='));
const valueOf = (setCookie: string) => setCookie.split(';')[0].slice('campaigns_refresh='.length);

describe('the refresh cookie: what the web client refreshes with', () => {
  it('is read only when it has the shape of a refresh token, and is Secure on https', () => {
    const token = 'a'.repeat(43);
    expect(readRefreshCookie(`access_token=x; campaigns_refresh=${token}; other=1`)).toBe(token);
    expect(readRefreshCookie('campaigns_refresh=short')).toBeUndefined();
    expect(readRefreshCookie(undefined)).toBeUndefined();
    expect(refreshCookieHeader(token, 'https://campanas.example.org', 60)).toBe(
      `campaigns_refresh=${token}; Path=/api/v1/auth/token; Max-Age=60; HttpOnly; SameSite=Strict; Secure`,
    );
    expect(refreshCookieHeader(token, 'http://localhost:3000', 60)).not.toContain('Secure');
  });
});

describe.each(backends)('the refresh token in an HttpOnly cookie on $name', ({ open }) => {
  let db: Db;
  let server: TestServer;
  const password = 'correct horse battery';

  beforeAll(async () => {
    db = await open();
    server = await startTestServer(db);
    await createTestUser(db, 'ana@example.org', password);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const oauth = () => server.ctx.config.oauth;
  /** A refresh as the web client makes it: no refresh_token field, the cookie instead. */
  const refreshByCookie = (cookie: string | undefined) =>
    call(server, 'POST', '/api/v1/auth/token', {
      body: { grant_type: 'refresh_token', client_id: oauth().clientId, client_secret: oauth().clientSecret },
      headers: cookie ? { cookie: `access_token=abc; campaigns_refresh=${cookie}` } : {},
    });
  const me = (token: string) => call(server, 'GET', '/api/secure/v1/auth/me', { token });

  it('is set HttpOnly, SameSite=Strict, for the token endpoint alone, beside the RFC 6749 body', async () => {
    // The code exchange sets it the same way (the browser tests sign in through it).
    const tokens = await signIn(server, 'ana@example.org', password);
    const answer = await call(server, 'POST', '/api/v1/auth/token', {
      form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: oauth().clientId, client_secret: oauth().clientSecret },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.refresh_token).toEqual(expect.any(String));
    const [cookie, ...more] = refreshCookies(answer.headers);
    expect(more).toEqual([]);
    expect(cookie).toBe(
      `campaigns_refresh=${answer.body.refresh_token}; Path=/api/v1/auth/token; Max-Age=${server.ctx.config.ttl.refreshToken}; HttpOnly; SameSite=Strict`,
    );
  });

  it('refreshes without a refresh_token field, rotating the cookie; a retired cookie revokes the session and is cleared', async () => {
    const tokens = await signIn(server, 'ana@example.org', password);
    const first = await refreshByCookie(tokens.refresh_token);
    expect(first.status).toBe(200);
    const next = valueOf(refreshCookies(first.headers)[0]);
    expect(next).toBe(first.body.refresh_token);
    expect(next).not.toBe(tokens.refresh_token);
    const second = await refreshByCookie(next);
    expect(second.status).toBe(200);
    expect((await me(second.body.access_token)).status).toBe(200);

    // The retired cookie again (a copy a thief kept): the family ends and the browser is told to drop the cookie.
    const reuse = await refreshByCookie(next);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    expect(refreshCookies(reuse.headers)).toEqual(['campaigns_refresh=; Path=/api/v1/auth/token; Max-Age=0; HttpOnly; SameSite=Strict']);
    expect((await me(second.body.access_token)).body.error.type).toBe('INVALID_TOKEN');
    expect((await refreshByCookie(second.body.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('is required when the body has no refresh_token, and the body wins over it (outside clients)', async () => {
    const missing = await refreshByCookie(undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
    const tokens = await signIn(server, 'ana@example.org', password);
    const other = await signIn(server, 'ana@example.org', password);
    const answer = await call(server, 'POST', '/api/v1/auth/token', {
      body: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: oauth().clientId, client_secret: oauth().clientSecret },
      headers: { cookie: `campaigns_refresh=${other.refresh_token}` },
    });
    expect(answer.status).toBe(200);
    // The cookie's token was not used: it still refreshes.
    expect((await refreshByCookie(other.refresh_token)).status).toBe(200);
  });

  it('is cleared by logout, whose session then refreshes no more', async () => {
    const tokens = await signIn(server, 'ana@example.org', password);
    const out = await call(server, 'POST', '/api/secure/v1/auth/logout', { token: tokens.access_token });
    expect(out.status).toBe(200);
    expect(refreshCookies(out.headers)).toEqual(['campaigns_refresh=; Path=/api/v1/auth/token; Max-Age=0; HttpOnly; SameSite=Strict']);
    expect((await refreshByCookie(tokens.refresh_token)).body.error).toBe('invalid_grant');
  });
});
