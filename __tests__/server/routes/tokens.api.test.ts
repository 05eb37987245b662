import { randomUUID } from 'node:crypto';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { testBackends } from '../../helpers/db.js';
import { TEST_JWT_SECRET, call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, loginBody, pkcePair, signIn } from '../../helpers/auth.js';
import type { Db } from '../../../src/server/db/client.js';

const backends = await testBackends();
const key = new TextEncoder().encode(TEST_JWT_SECRET);

describe.each(backends)('access and share tokens on $name', ({ open }) => {
  let db: Db;
  let server: TestServer;
  let userId: number;
  const password = 'correct horse battery';

  beforeAll(async () => {
    db = await open();
    server = await startTestServer(db);
    userId = await createTestUser(db, 'ana@example.org', password);
    await createTestUser(db, 'admin@example.org', password, 'ADMIN');
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const oauth = () => server.ctx.config.oauth;
  const refresh = (refreshToken: string) =>
    call(server, 'POST', '/api/v1/auth/token', {
      form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: oauth().clientId, client_secret: oauth().clientSecret },
    });
  const me = (token: string) => call(server, 'GET', '/api/secure/v1/auth/me', { token });
  /** A token signed with the server's secret, header and claims written by hand. */
  const handMade = (header: Record<string, unknown>, claims: Record<string, unknown>) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iss: server.ctx.config.publicUrl, iat: now, exp: now + 300, ...claims }).setProtectedHeader({ alg: 'HS256', ...header }).sign(key);
  };
  const latestFamily = async () =>
    (await db.query<{ id: string }>('SELECT id FROM refresh_token_families WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT 1', [userId]))[0].id;

  it('issues RFC 9068 access tokens, a different one on every refresh', async () => {
    const first = await signIn(server, 'ana@example.org', password);
    const { publicUrl } = server.ctx.config;
    expect(decodeProtectedHeader(first.access_token)).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    const claims = decodeJwt(first.access_token);
    expect(claims).toEqual({
      iss: publicUrl,
      sub: String(userId),
      aud: `${publicUrl}/api`,
      client_id: oauth().clientId,
      sid: await latestFamily(),
      iat: expect.any(Number),
      exp: (claims.iat as number) + 900,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const second = (await refresh(first.refresh_token)).body;
    const third = (await refresh(second.refresh_token)).body;
    const tokens = [first.access_token, second.access_token, third.access_token];
    expect(new Set(tokens).size).toBe(3);
    expect(new Set(tokens.map((t) => decodeJwt(t).jti)).size).toBe(3);
    for (const token of tokens) expect((await me(token)).status).toBe(200);
  });

  it('refuses a token of another type or audience, and has an access token of the old form refreshed', async () => {
    await signIn(server, 'ana@example.org', password);
    const claims = {
      sub: String(userId),
      aud: `${server.ctx.config.publicUrl}/api`,
      client_id: oauth().clientId,
      sid: await latestFamily(),
      jti: randomUUID(),
    };
    // Written by hand as the server writes them, it is accepted: the refusals below are for what differs.
    expect((await me(await handMade({ typ: 'at+jwt' }, claims))).status).toBe(200);
    for (const token of [
      await handMade({ typ: 'JWT' }, claims),
      await handMade({ typ: 'at+jwt' }, { ...claims, aud: 'https://otra-api.example.org/api' }),
      await handMade({ typ: 'at+jwt' }, { ...claims, aud: undefined }),
      await handMade({ typ: 'at+jwt' }, { ...claims, jti: undefined }),
    ]) {
      const res = await me(token);
      expect(res.status).toBe(401);
      expect(res.body.error.type).toBe('INVALID_TOKEN');
    }
    // Issued before this version (no header type, payload typ 'access'): the client refreshes it.
    const old = await me(await handMade({}, { typ: 'access', fam: claims.sid, sub: claims.sub }));
    expect(old.status).toBe(401);
    expect(old.body.error.type).toBe('EXPIRED_ACCESS_TOKEN');
  });

  /** A sent campaign of a new entity (number: the edition's, unique per call). */
  const sentCampaign = async (number: number) => {
    const [{ id: editionId }] = await db.query<{ id: number }>("INSERT INTO editions (campaign_number, title) VALUES ($1, 'Prueba') RETURNING id", [number]);
    const [{ id: entityId }] = await db.query<{ id: number }>(
      "INSERT INTO entities (name, name_key, population, province_id) VALUES ($1, lower($1), 100, '46') RETURNING id",
      [`Ayuntamiento ${number}`],
    );
    return (
      await db.query<{ id: number }>("INSERT INTO campaigns (entity_id, edition_id, status) VALUES ($1, $2, 'sent') RETURNING id", [entityId, editionId])
    )[0].id;
  };

  it('keeps share links handed out before this version working', async () => {
    const campaignId = await sentCampaign(2099);
    const shareId = randomUUID();
    await db.query("INSERT INTO share_links (id, campaign_id, expires_at) VALUES ($1, $2, now() + interval '30 days')", [shareId, campaignId]);
    // The exact form of a link signed before: header without typ, payload typ 'share', no jti.
    const oldLink = await handMade({}, { typ: 'share', cid: campaignId, sub: shareId });
    const res = await me(oldLink);
    expect(res.status).toBe(200);
    expect(res.body.response.user).toMatchObject({ role: 'NO', sharedCampaignId: campaignId });
  });

  it('hands out share links typed share+jwt for the share audience, and takes no kind of token for another', async () => {
    const campaignId = await sentCampaign(2098);
    const admin = await signIn(server, 'admin@example.org', password);
    const shared = await call(server, 'POST', '/api/secure/v1/campaigns/share', { token: admin.access_token, body: { id: campaignId } });
    expect(shared.status).toBe(200);
    const link = (shared.body.response.urlResults as string).split('/').at(-1) as string;
    const { publicUrl } = server.ctx.config;
    expect(decodeProtectedHeader(link)).toEqual({ alg: 'HS256', typ: 'share+jwt' });
    expect(decodeJwt(link)).toMatchObject({ iss: publicUrl, aud: `${publicUrl}/api/share`, cid: campaignId });
    expect((await me(link)).body.response.user).toMatchObject({ role: 'NO', sharedCampaignId: campaignId });

    const access = decodeJwt(admin.access_token);
    const share = decodeJwt(link);
    const login = await call(server, 'POST', '/api/v1/auth/login', { body: loginBody(server, 'admin@example.org', password, pkcePair().challenge) });
    const device = (login.headers.getSetCookie()[0] ?? '').split(';')[0].split('=')[1];
    for (const token of [
      device,
      await handMade({ typ: 'at+jwt' }, { ...share, aud: `${publicUrl}/api` }),
      await handMade({ typ: 'share+jwt' }, { ...access, aud: `${publicUrl}/api/share` }),
      await handMade({ typ: 'share+jwt' }, { ...share, aud: `${publicUrl}/api` }),
      await handMade({ typ: 'at+jwt' }, { ...access, aud: `${publicUrl}/api/share` }),
      await handMade({}, { ...share, typ: 'share' }),
    ]) {
      const res = await me(token);
      expect({ token: decodeProtectedHeader(token), status: res.status, type: res.body.error?.type }).toEqual({
        token: decodeProtectedHeader(token),
        status: 401,
        type: 'INVALID_TOKEN',
      });
    }
    // Neither a share link nor an access token stands in for the account's device cookie.
    for (let i = 0; i < 6; i++)
      await call(server, 'POST', '/api/v1/auth/login', { body: loginBody(server, 'admin@example.org', `guess ${i}`, pkcePair().challenge) });
    await db.query("UPDATE login_throttle SET blocked_until = clock_timestamp() + interval '1 minute' WHERE bucket = 'account:admin@example.org'");
    const cookieName = `campaigns_device_${server.ctx.signer.accountHash('admin@example.org').slice(0, 12)}`;
    for (const token of [link, admin.access_token]) {
      const res = await call(server, 'POST', '/api/v1/auth/login', {
        body: loginBody(server, 'admin@example.org', password, pkcePair().challenge),
        headers: { cookie: `${cookieName}=${token}` },
      });
      expect(res.status).toBe(429);
    }
    const own = await call(server, 'POST', '/api/v1/auth/login', {
      body: loginBody(server, 'admin@example.org', password, pkcePair().challenge),
      headers: { cookie: `${cookieName}=${device}` },
    });
    expect(own.status).toBe(200);
  });

  it('records a reused refresh token, revoking its session, in the audit log', async () => {
    const tokens = await signIn(server, 'ana@example.org', password);
    const familyId = await latestFamily();
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
    const reuse = await refresh(tokens.refresh_token);
    expect(reuse.body.error).toBe('invalid_grant');
    const rows = await db.query<{ actor_id: number; target_type: string; target_id: string; details: unknown; request_id: string }>(
      "SELECT actor_id, target_type, target_id, details, request_id FROM audit_log WHERE action = 'auth.refresh_reused'",
    );
    expect(rows).toEqual([
      { actor_id: userId, target_type: 'session', target_id: familyId, details: { clientId: oauth().clientId }, request_id: reuse.headers.get('x-request-id') },
    ]);
    const [family] = await db.query<{ revoke_reason: string }>('SELECT revoke_reason FROM refresh_token_families WHERE id = $1', [familyId]);
    expect(family.revoke_reason).toBe('refresh token reused');
  });
});
