import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, loginBody, pkcePair, signIn } from '../../helpers/auth.js';
import type { Db } from '../../../src/server/db/client.js';

const backends = await testBackends();

describe.each(backends)('authentication on $name', ({ open }) => {
  let db: Db;
  let server: TestServer;
  const password = 'correct horse battery';

  beforeAll(async () => {
    db = await open();
    server = await startTestServer(db);
    const [{ id: entityId }] = await db.query<{ id: number }>(
      `INSERT INTO entities (name, name_key, population, province_id) VALUES ('Ayuntamiento de Prueba', 'ayuntamiento de prueba', 100, '46') RETURNING id`,
    );
    await createTestUser(db, 'Ana@Example.org', password, 'USER', [entityId]);
    await createTestUser(db, 'admin@example.org', password, 'ADMIN');
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const oauth = () => server.ctx.config.oauth;
  const exchange = (code: string, verifier: string, extra: Record<string, string> = {}) =>
    call(server, 'POST', '/api/v1/auth/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: oauth().redirectUri,
        code_verifier: verifier,
        client_id: oauth().clientId,
        client_secret: oauth().clientSecret,
        ...extra,
      },
    });
  const refresh = (refreshToken: string) =>
    call(server, 'POST', '/api/v1/auth/token', {
      body: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: oauth().clientId, client_secret: oauth().clientSecret },
    });
  const startLogin = async (email = 'ana@example.org') => {
    const pair = pkcePair();
    const res = await call(server, 'POST', '/api/v1/auth/login', { body: loginBody(server, email, password, pair.challenge, 'my-state-123') });
    expect(res.status).toBe(200);
    return { ...pair, code: res.body.response.code as string, state: res.body.response.state as string };
  };

  it('logs in with PKCE, echoes the state, and answers me with the user and its entities', async () => {
    const { code, state, verifier } = await startLogin('ANA@example.org');
    expect(state).toBe('my-state-123');
    expect(code.length).toBeGreaterThanOrEqual(43);
    const token = await exchange(code, verifier);
    expect(token.status).toBe(200);
    expect(token.headers.get('cache-control')).toBe('no-store');
    expect(token.body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    const me = await call(server, 'GET', '/api/secure/v1/auth/me', { token: token.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.response.user).toEqual({
      id: expect.any(Number),
      email: 'Ana@Example.org',
      name: '',
      role: 'USER',
      entities: [{ id: expect.any(Number), name: 'Ayuntamiento de Prueba', role: 'responsable' }],
    });
    expect(JSON.stringify(me.body)).not.toMatch(/password|hash/i);
  });

  it('accepts the token exchange as JSON and with HTTP Basic client authentication', async () => {
    const { code, verifier } = await startLogin();
    const basic = Buffer.from(`${oauth().clientId}:${oauth().clientSecret}`).toString('base64');
    const res = await call(server, 'POST', '/api/v1/auth/token', {
      body: { grant_type: 'authorization_code', code, redirect_uri: oauth().redirectUri, code_verifier: verifier },
      headers: { authorization: `Basic ${basic}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toEqual(expect.any(String));
  });

  it('answers an unknown e-mail and a wrong password alike', async () => {
    const { challenge } = pkcePair();
    const unknown = await call(server, 'POST', '/api/v1/auth/login', { body: loginBody(server, 'nobody@example.org', password, challenge) });
    const wrong = await call(server, 'POST', '/api/v1/auth/login', { body: loginBody(server, 'ana@example.org', 'wrong password', challenge) });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body.error).toEqual(wrong.body.error);
    expect(unknown.body.error.type).toBe('INVALID_CREDENTIALS');
    expect(unknown.body.request).toMatchObject({ method: 'POST', path: '/api/v1/auth/login', id: expect.any(String) });
  });

  it('refuses a login without a valid S256 challenge, or for another redirect URI', async () => {
    const { challenge } = pkcePair();
    const plain = await call(server, 'POST', '/api/v1/auth/login', {
      body: { ...loginBody(server, 'ana@example.org', password, challenge), code_challenge_method: 'plain' },
    });
    expect(plain.status).toBe(422);
    expect(plain.body.error.data).toHaveProperty('code_challenge_method');
    const redirect = await call(server, 'POST', '/api/v1/auth/login', {
      body: { ...loginBody(server, 'ana@example.org', password, challenge), redirect_uri: 'https://evil.example/cb' },
    });
    expect(redirect.status).toBe(422);
  });

  it('refuses a wrong code verifier', async () => {
    const { code } = await startLogin();
    const res = await exchange(code, pkcePair().verifier);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('refuses a reused code and revokes the tokens issued from it', async () => {
    const { code, verifier } = await startLogin();
    const first = await exchange(code, verifier);
    expect(first.status).toBe(200);
    const second = await exchange(code, verifier);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
    const me = await call(server, 'GET', '/api/secure/v1/auth/me', { token: first.body.access_token });
    expect(me.status).toBe(401);
    expect(me.body.error.type).toBe('INVALID_TOKEN');
    expect((await refresh(first.body.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('refuses an expired code', async () => {
    const { code, verifier } = await startLogin();
    await db.query("UPDATE authorization_codes SET expires_at = now() - interval '1 second' WHERE used_at IS NULL");
    const res = await exchange(code, verifier);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_grant', error_description: 'Authorization code expired' });
  });

  it('refuses a redirect URI other than the one of the login', async () => {
    const { code, verifier } = await startLogin();
    const res = await exchange(code, verifier, { redirect_uri: 'http://localhost:3000/other' });
    expect(res.body.error).toBe('invalid_grant');
  });

  it('refuses a wrong client secret, with 401 when sent by HTTP Basic', async () => {
    const { code, verifier } = await startLogin();
    const body = await exchange(code, verifier, { client_secret: 'not-the-secret' });
    expect(body.status).toBe(400);
    expect(body.body.error).toBe('invalid_client');
    const basic = Buffer.from(`${oauth().clientId}:nope`).toString('base64');
    const header = await call(server, 'POST', '/api/v1/auth/token', {
      form: { grant_type: 'authorization_code', code, redirect_uri: oauth().redirectUri, code_verifier: verifier },
      headers: { authorization: `Basic ${basic}` },
    });
    expect(header.status).toBe(401);
    expect(header.body.error).toBe('invalid_client');
  });

  it('answers unsupported grant types and missing parameters per RFC 6749', async () => {
    const base = { client_id: oauth().clientId, client_secret: oauth().clientSecret };
    const password = await call(server, 'POST', '/api/v1/auth/token', { form: { ...base, grant_type: 'password' } });
    expect(password.body.error).toBe('unsupported_grant_type');
    const missing = await call(server, 'POST', '/api/v1/auth/token', { form: { ...base, grant_type: 'authorization_code' } });
    expect(missing.body.error).toBe('invalid_request');
  });

  it('rotates refresh tokens, and a reused one revokes the whole family', async () => {
    const tokens = await signIn(server, 'ana@example.org', password);
    const rotated = await refresh(tokens.refresh_token);
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await call(server, 'GET', '/api/secure/v1/auth/me', { token: rotated.body.access_token })).status).toBe(200);

    const reuse = await refresh(tokens.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    // The thief's reuse also locks out the newest pair of the family.
    expect((await refresh(rotated.body.refresh_token)).body.error).toBe('invalid_grant');
    expect((await call(server, 'GET', '/api/secure/v1/auth/me', { token: rotated.body.access_token })).body.error.type).toBe('INVALID_TOKEN');
  });

  it('answers EXPIRED_ACCESS_TOKEN for an expired token and INVALID_TOKEN for a tampered, forged or missing one', async () => {
    const tokens = await signIn(server, 'ana@example.org', password);
    const [{ family_id: familyId, user_id: userId }] = await db.query<{ family_id: string; user_id: number }>(
      'SELECT f.id AS family_id, f.user_id FROM refresh_token_families f ORDER BY created_at DESC LIMIT 1',
    );
    const expired = await server.ctx.signer.signAccess({ userId, familyId, clientId: oauth().clientId }, -5);
    const expiredRes = await call(server, 'GET', '/api/secure/v1/auth/me', { token: expired });
    expect(expiredRes.status).toBe(401);
    expect(expiredRes.body.error.type).toBe('EXPIRED_ACCESS_TOKEN');

    const [header, payload, signature] = tokens.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = [header, Buffer.from(JSON.stringify({ ...claims, sub: '999' })).toString('base64url'), signature].join('.');
    const { TokenSigner } = await import('../../../src/server/services/auth/jwt.js');
    const forged = await new TokenSigner('another-secret-another-secret-another', server.ctx.config.publicUrl).signAccess(
      { userId, familyId, clientId: oauth().clientId },
      60,
    );
    for (const token of [tampered, forged, 'not-a-jwt', undefined]) {
      const res = await call(server, 'GET', '/api/secure/v1/auth/me', { token });
      expect(res.status).toBe(401);
      expect(res.body.error.type).toBe('INVALID_TOKEN');
    }
  });

  it('logs out by revoking the session, and a removed user is locked out at once', async () => {
    const tokens = await signIn(server, 'ana@example.org', password);
    expect((await call(server, 'POST', '/api/secure/v1/auth/logout', { token: tokens.access_token })).status).toBe(200);
    expect((await call(server, 'GET', '/api/secure/v1/auth/me', { token: tokens.access_token })).status).toBe(401);
    expect((await refresh(tokens.refresh_token)).body.error).toBe('invalid_grant');

    const userId = await createTestUser(db, 'temp@example.org', password);
    const temp = await signIn(server, 'temp@example.org', password);
    await db.query('DELETE FROM users WHERE id = $1', [userId]);
    expect((await call(server, 'GET', '/api/secure/v1/auth/me', { token: temp.access_token })).body.error.type).toBe('INVALID_TOKEN');
  });

  it('keeps the language a user chooses for their e-mails, and refuses one the app does not speak', async () => {
    const tokens = await signIn(server, 'ana@example.org', password);
    const choose = (body: unknown) => call(server, 'POST', '/api/secure/v1/auth/me/language', { token: tokens.access_token, body });
    const stored = async () => (await db.query<{ language: string }>("SELECT language FROM users WHERE email = 'Ana@Example.org'"))[0].language;
    expect(await stored()).toBe('es');
    expect((await choose({ language: 'va' })).body).toMatchObject({ response: { success: true } });
    expect(await stored()).toBe('va');
    for (const body of [{ language: 'fr' }, { language: 'VA' }, { language: 1 }, {}, { language: 'en', extra: true }, 'en']) {
      expect((await choose(body)).status).toBe(422);
    }
    expect((await call(server, 'POST', '/api/secure/v1/auth/me/language', { body: { language: 'en' } })).status).toBe(401);
    expect(await stored()).toBe('va');
    // Only the caller's own row changes.
    expect((await db.query<{ language: string }>("SELECT language FROM users WHERE email = 'admin@example.org'"))[0].language).toBe('es');
  });

  it('records logins, failed logins and logouts in the audit log without passwords', async () => {
    const rows = await db.query<{ action: string; details: unknown }>('SELECT action, details FROM audit_log');
    const actions = new Set(rows.map((r) => r.action));
    expect([...actions]).toEqual(expect.arrayContaining(['auth.login', 'auth.login_failed', 'auth.logout']));
    expect(JSON.stringify(rows)).not.toContain(password);
  });
});

describe('rate limits', () => {
  it('answers RATE_LIMITED after too many login attempts in a minute', async () => {
    const { openTestPglite } = await import('../../helpers/db.js');
    const db = await openTestPglite();
    const server = await startTestServer(db, { AUTH_RATE_LIMIT: '3' });
    try {
      const { challenge } = pkcePair();
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await call(server, 'POST', '/api/v1/auth/login', { body: loginBody(server, 'x@example.org', 'bad', challenge) })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const limited = await call(server, 'POST', '/api/v1/auth/login', { body: loginBody(server, 'x@example.org', 'bad', challenge) });
      expect(limited.body.error.type).toBe('RATE_LIMITED');
    } finally {
      await server.close();
      await db.close();
    }
  });
});
