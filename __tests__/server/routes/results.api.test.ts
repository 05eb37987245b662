import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { checkSessionWith, makeAuthenticate, refuseUncheckedSession } from '../../../src/server/plugins/auth.js';
import { registerErrorHandling } from '../../../src/server/plugins/errors.js';
import { findSessionUser } from '../../../src/server/db/repositories/sessions.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { testBackends } from '../../helpers/db.js';
import { call, rawGet, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, signIn, signInDemoAccounts } from '../../helpers/auth.js';
import type { Db } from '../../../src/server/db/client.js';
import type { CampaignStatusRow, CampaignSummary } from '../../../src/shared/api/campaigns.js';
import type { ResultResponse } from '../../../src/shared/api/results.js';

const backends = await testBackends();

describe.each(backends)('result and answers API on $name', ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  const tokens = { user: '', admin: '', fec: '' };
  let ownSent: number;
  let ownDraft: number;
  let foreignSent: number;
  const get = (path: string, token?: string) => call(server, 'GET', `/api/secure/v1/campaigns/${path}`, { token });
  const share = async (campaignId: number, expires = "now() + interval '1 day'") => {
    const shareId = randomUUID();
    await db.query(`INSERT INTO share_links (id, campaign_id, expires_at) VALUES ($1, $2, ${expires})`, [shareId, campaignId]);
    return server.ctx.signer.signShare({ shareId, campaignId }, 3600);
  };

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db);
    Object.assign(tokens, await signInDemoAccounts(server));
    const mine = (await get('all', tokens.user)).body.response as CampaignSummary[];
    ownSent = mine.find((c) => c.status === 'sent' && c.campaignNumber === 2026)!.id;
    ownDraft = mine.find((c) => c.status === 'draft')!.id;
    const own = new Set(mine.map((c) => c.entityId));
    foreignSent = ((await get('status', tokens.admin)).body.response as CampaignStatusRow[]).find(
      (r) => r.status === 'sent' && !own.has(r.entityId),
    )!.campaignId;
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('answers the result of a sent campaign in the shape of docs/scoring.md', async () => {
    const res = await get(`result?id=${ownSent}`, tokens.user);
    expect(res.status).toBe(200);
    const result = res.body.response as ResultResponse;
    expect(result.territoryTexts).toEqual({
      campaign: expect.any(String),
      province: expect.any(String),
      autonomousCommunity: expect.any(String),
      country: 'España',
    });
    expect(result.axisDetails).toHaveLength(5);
    expect(result.global.valuesByPolicy).toHaveLength(18);
    for (const level of ['campaign', 'province', 'autonomousCommunity', 'country'] as const) {
      expect(result.global.percentages[level]).toBeGreaterThanOrEqual(0);
      expect(result.global.percentages[level]).toBeLessThanOrEqual(1);
    }
    expect(result.global.percentagesComparedToAll.campaign).toBe(result.global.percentages.campaign);
    expect(result.global.percentagesComparedToAll.country!).toBeLessThanOrEqual(result.global.percentages.country!);
    expect(result.table.valuesPerAxis.total.percentage).toBeCloseTo(result.global.percentages.campaign!, 10);
    // The global points per level are the means of the totals, so they equal the sums of the policies' mean points.
    for (const [values, policyValues] of [
      ['values', 'values'],
      ['valuesComparedToAll', 'valuesComparedToAll'],
    ] as const) {
      for (const level of ['campaign', 'province', 'autonomousCommunity', 'country'] as const) {
        const policySum = result.axisDetails.flatMap((a) => a.valuesByPolicy).reduce((sum, p) => sum + p[policyValues]![level]!, 0);
        expect(result.global[values][level]).toBeCloseTo(policySum, 9);
      }
    }
    expect(result.global.values.campaign).toBeCloseTo(result.table.valuesPerAxis.total.value, 10);
    const axisIds = Object.keys(result.table.texts.axis);
    expect(Object.keys(result.table.valuesPerAxis).sort()).toEqual([...axisIds, 'total'].sort());
    const axisValueSum = axisIds.reduce((sum, id) => sum + result.table.valuesPerAxis[id].value, 0);
    expect(axisValueSum).toBeCloseTo(result.table.valuesPerAxis.total.value, 10);
    expect(result.answers.campaign.indicators.length).toBeGreaterThanOrEqual(40);
  });

  it("lets administrators read any result and a USER only its entities'", async () => {
    expect((await get(`result?id=${foreignSent}`, tokens.admin)).status).toBe(200);
    expect((await get(`result?id=${foreignSent}`, tokens.fec)).status).toBe(200);
    expect((await get(`result?id=${foreignSent}`, tokens.user)).status).toBe(404);
    expect((await get(`answers?id=${foreignSent}`, tokens.user)).status).toBe(404);
    expect((await get(`result?id=${ownSent}`)).status).toBe(401);
  });

  it('refuses results of campaigns not sent, while their answers can be read', async () => {
    const res = await get(`result?id=${ownDraft}`, tokens.user);
    expect([res.status, res.body.error.type]).toEqual([409, 'CONFLICT']);
    expect((await get(`answers?id=${ownDraft}`, tokens.user)).status).toBe(200);
  });

  it('shares a sent campaign as two links carrying one token, for those who may read it, saying when it expires', async () => {
    const before = Date.now();
    const res = await call(server, 'POST', '/api/secure/v1/campaigns/share', { token: tokens.user, body: { id: ownSent } });
    expect(res.status).toBe(200);
    const { urlResults, urlComparisons, expiresAt } = res.body.response;
    // SHARE_TOKEN_TTL after it was made: the token's own expiry, to the second.
    const ttlMs = server.ctx.config.ttl.shareToken * 1000;
    expect(Date.parse(expiresAt)).toBeGreaterThanOrEqual(before + ttlMs);
    expect(Date.parse(expiresAt)).toBeLessThanOrEqual(Date.now() + ttlMs);
    const payload = JSON.parse(Buffer.from(urlResults.split('/').pop().split('.')[1], 'base64url').toString('utf8')) as { exp: number };
    expect(Math.abs(payload.exp - Date.parse(expiresAt) / 1000)).toBeLessThanOrEqual(1);
    expect(urlResults).toMatch(new RegExp(`^${server.ctx.config.publicUrl}/results/0/[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    const token = urlResults.split('/').pop();
    expect(urlComparisons).toBe(`${server.ctx.config.publicUrl}/comparisons/0/${token}`);
    expect((await get(`result?id=${ownSent}`, token)).status).toBe(200);
    expect((await call(server, 'POST', '/api/secure/v1/campaigns/share', { token: tokens.user, body: { id: foreignSent } })).status).toBe(404);
    expect((await call(server, 'POST', '/api/secure/v1/campaigns/share', { token: tokens.user, body: { id: ownDraft } })).status).toBe(409);
    expect((await call(server, 'POST', '/api/secure/v1/campaigns/share', { token, body: { id: ownSent } })).status).toBe(403);
    // A link's viewer has no account to keep a language in.
    expect((await call(server, 'POST', '/api/secure/v1/auth/me/language', { token, body: { language: 'en' } })).status).toBe(403);
  });

  it('revokes every live link of a campaign for those who may read it, and only theirs', async () => {
    const shareLink = async () =>
      ((await call(server, 'POST', '/api/secure/v1/campaigns/share', { token: tokens.user, body: { id: ownSent } })).body.response.urlResults as string)
        .split('/')
        .pop()!;
    const [first, second] = [await shareLink(), await shareLink()];
    const other = await share(foreignSent);
    expect((await get(`result?id=${ownSent}`, first)).status).toBe(200);
    expect((await call(server, 'POST', '/api/secure/v1/campaigns/unshare', { token: tokens.user, body: { id: foreignSent } })).status).toBe(404);
    expect((await call(server, 'POST', '/api/secure/v1/campaigns/unshare', { token: first, body: { id: ownSent } })).status).toBe(403);
    const res = await call(server, 'POST', '/api/secure/v1/campaigns/unshare', { token: tokens.user, body: { id: ownSent } });
    expect(res.status).toBe(200);
    expect(res.body.response.revoked).toBeGreaterThanOrEqual(2);
    // Refused as any bad token, saying why: the page tells its reader the link was revoked.
    for (const token of [first, second])
      expect((await get(`result?id=${ownSent}`, token)).body.error).toMatchObject({ type: 'INVALID_TOKEN', data: { reason: 'SHARE_LINK_REVOKED' } });
    expect((await get(`result?id=${foreignSent}`, other)).status).toBe(200);
    const [audit] = await db.query<{ action: string; details: { revoked: number } }>(
      "SELECT action, details FROM audit_log WHERE action = 'campaign.unshare' ORDER BY id DESC LIMIT 1",
    );
    expect(audit.details.revoked).toBe(res.body.response.revoked);
    expect((await call(server, 'POST', '/api/secure/v1/campaigns/unshare', { token: tokens.user, body: { id: ownSent } })).body.response.revoked).toBe(0);
  });

  it('lets a share token read its campaign only, until it expires or is revoked', async () => {
    const token = await share(ownSent);
    expect((await get(`result?id=${ownSent}`, token)).status).toBe(200);
    expect((await get(`answers?id=${ownSent}`, token)).status).toBe(200);
    expect((await get(`result?id=${foreignSent}`, token)).status).toBe(403);
    expect((await call(server, 'GET', '/api/secure/v1/auth/me', { token })).body.response.user).toEqual({
      id: 0,
      email: '',
      name: '',
      role: 'NO',
      entities: [],
      sharedCampaignId: ownSent,
    });
    const expired = await share(ownSent, "now() - interval '1 second'");
    expect((await get(`result?id=${ownSent}`, expired)).body.error).toMatchObject({ type: 'INVALID_TOKEN', data: { reason: 'SHARE_LINK_EXPIRED' } });
    // A token past its own expiry says the same (its link row is not even read).
    const pastItsTime = await server.ctx.signer.signShare({ shareId: randomUUID(), campaignId: ownSent }, -1);
    expect((await get(`result?id=${ownSent}`, pastItsTime)).body.error).toMatchObject({ type: 'INVALID_TOKEN', data: { reason: 'SHARE_LINK_EXPIRED' } });
    await db.query('UPDATE share_links SET revoked_at = now()');
    expect((await get(`result?id=${ownSent}`, token)).status).toBe(401);
    // A link that never was, or of another campaign, is just wrong: no reason given.
    const forged = await server.ctx.signer.signShare({ shareId: randomUUID(), campaignId: ownSent }, 60);
    const wrong = (await get(`result?id=${ownSent}`, forged)).body.error;
    expect([wrong.type, wrong.data]).toEqual(['INVALID_TOKEN', undefined]);
  });

  it("checks the caller's session in the statement that reads the campaign: signed out, no report reads", async () => {
    const { access_token: token } = await signIn(server, 'usuario@demo.es', 'demo1234');
    for (const path of [`result?id=${ownSent}`, `answers?id=${ownSent}`, `comparison?id=${ownSent}`]) expect((await get(path, token)).status).toBe(200);
    expect((await get('result?id=999999', token)).status).toBe(404);
    expect((await call(server, 'POST', '/api/secure/v1/auth/logout', { token })).status).toBe(200);
    for (const path of [`result?id=${ownSent}`, `answers?id=${ownSent}`, `comparison?id=${ownSent}`, 'result?id=999999']) {
      const res = await get(path, token);
      expect([res.status, res.body.error.type]).toEqual([401, 'INVALID_TOKEN']);
    }
    // A user removed while signed in: its session goes with it.
    await createTestUser(db, 'leaving@demo.es', 'leaving-password-1', 'ADMIN');
    const leaving = (await signIn(server, 'leaving@demo.es', 'leaving-password-1')).access_token;
    expect((await get(`result?id=${foreignSent}`, leaving)).status).toBe(200);
    await db.query("DELETE FROM users WHERE email = 'leaving@demo.es'");
    expect((await get(`result?id=${foreignSent}`, leaving)).status).toBe(401);
  });

  it('refuses a successful answer of a route that forgot to check the session it defers', async () => {
    const app = Fastify();
    registerErrorHandling(app, false);
    app.addHook('onRequest', makeAuthenticate(server.ctx));
    app.addHook('onSend', refuseUncheckedSession);
    app.get('/forgetful', { config: { sessionCheckedByRoute: true } }, async () => ({ response: 'secret figures' }));
    app.get('/careful', { config: { sessionCheckedByRoute: true } }, async (request) =>
      checkSessionWith(
        request,
        async (claims) => ({ user: await findSessionUser(db, claims.familyId, claims.userId), read: { response: 'figures' } }),
        async () => ({ response: 'figures' }),
      ),
    );
    const headers = { authorization: `Bearer ${tokens.user}` };
    const forgetful = await app.inject({ url: '/forgetful', headers });
    expect([forgetful.statusCode, forgetful.json().error.type]).toEqual([401, 'INVALID_TOKEN']);
    expect(forgetful.body).not.toContain('secret');
    expect((await app.inject({ url: '/careful', headers })).json()).toEqual({ response: 'figures' });
    await app.close();
  });

  it('sends a report as the brotli copy it keeps, compressed better once read again, and the same JSON to a caller that accepts none', async () => {
    const path = `/api/secure/v1/campaigns/result?id=${ownSent}`;
    // An instance of its own: nothing kept yet.
    const fresh = await startTestServer(db);
    try {
      const get = (acceptEncoding?: string) =>
        rawGet(fresh, path, { authorization: `Bearer ${tokens.user}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) });
      const decoded = (res: Awaited<ReturnType<typeof get>>) =>
        res.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(res.body)
          : res.headers['content-encoding'] === 'gzip'
            ? gunzipSync(res.body)
            : res.body;
      const plain = await get();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      // The copy kept from the first read (quality 0); asked again, it is compressed better in the background.
      const first = await get('gzip, deflate, br');
      expect(first.headers['content-encoding']).toBe('br');
      expect(decoded(first).equals(plain.body)).toBe(true);
      expect(first.body.length).toBeLessThan(plain.body.length / 4);
      let zipped = first;
      for (let i = 0; i < 50 && zipped.body.length >= first.body.length; i++) {
        expect(zipped.headers['content-encoding']).toBe('br');
        expect(decoded(zipped).equals(plain.body)).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 20));
        zipped = await get('gzip, deflate, br');
      }
      expect(zipped.headers['content-encoding']).toBe('br');
      expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(brotliDecompressSync(zipped.body).equals(plain.body)).toBe(true);
      expect(zipped.body.length).toBeLessThan(first.body.length);
      // A caller that accepts gzip alone: compressed for it on its call.
      const gzipOnly = await get('gzip');
      expect(gzipOnly.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipOnly.body).equals(plain.body)).toBe(true);
      const refused = await get('gzip;q=0, br;q=0, identity');
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.body.equals(plain.body)).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('compresses other API answers for callers that accept it', async () => {
    const path = `/api/secure/v1/campaigns/answers?id=${ownSent}`;
    const auth = { authorization: `Bearer ${tokens.user}` };
    const plain = await rawGet(server, path, auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await rawGet(server, path, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    const gz = await rawGet(server, path, { ...auth, 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });
});
