import { randomUUID } from 'node:crypto';
import { testBackends } from '../helpers/db.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';
import { signIn } from '../helpers/auth.js';
import { seedDemo } from '../../src/server/db/seed/demo.js';
import type { Db } from '../../src/server/db/client.js';
import type { CampaignStatusRow, CampaignSummary } from '../../src/shared/api/campaigns.js';
import type { ResultResponse } from '../../src/shared/api/results.js';

const backends = await testBackends();

describe.each(backends)('result and answers API on $name', ({ open }) => {
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
    db = await open();
    await seedDemo(db);
    server = await startTestServer(db);
    tokens.user = (await signIn(server, 'usuario@demo.es', 'demo1234')).access_token;
    tokens.admin = (await signIn(server, 'admin@demo.es', 'demo1234')).access_token;
    tokens.fec = (await signIn(server, 'fec@demo.es', 'demo1234')).access_token;
    const mine = (await get('all', tokens.user)).body.response as CampaignSummary[];
    ownSent = mine.find((c) => c.status === 'sent' && c.campaignNumber === 2026)!.id;
    ownDraft = mine.find((c) => c.status === 'draft')!.id;
    const own = new Set(mine.map((c) => c.entityId));
    foreignSent = ((await get('status', tokens.admin)).body.response as CampaignStatusRow[]).find((r) => r.status === 'sent' && !own.has(r.entityId))!.campaignId;
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('answers the result of a sent campaign in the shape of scoring.md', async () => {
    const res = await get(`result?id=${ownSent}`, tokens.user);
    expect(res.status).toBe(200);
    const result = res.body.response as ResultResponse;
    expect(result.territoryTexts).toEqual({ campaign: expect.any(String), province: expect.any(String), autonomousCommunity: expect.any(String), country: 'España' });
    expect(result.axisDetails).toHaveLength(5);
    expect(result.global.valuesByPolicy).toHaveLength(18);
    for (const level of ['campaign', 'province', 'autonomousCommunity', 'country'] as const) {
      expect(result.global.percentages[level]).toBeGreaterThanOrEqual(0);
      expect(result.global.percentages[level]).toBeLessThanOrEqual(1);
    }
    expect(result.global.percentagesComparedToAll.campaign).toBe(result.global.percentages.campaign);
    expect(result.global.percentagesComparedToAll.country!).toBeLessThanOrEqual(result.global.percentages.country!);
    expect(result.table.valuesPerAxis.total.percentage).toBeCloseTo(result.global.percentages.campaign!, 10);
    const axisIds = Object.keys(result.table.texts.axis);
    expect(Object.keys(result.table.valuesPerAxis).sort()).toEqual([...axisIds, 'total'].sort());
    const axisValueSum = axisIds.reduce((sum, id) => sum + result.table.valuesPerAxis[id].value, 0);
    expect(axisValueSum).toBeCloseTo(result.table.valuesPerAxis.total.value, 10);
    expect(result.answers.campaign.indicators.length).toBeGreaterThanOrEqual(40);
  });

  it('lets administrators read any result and a USER only its entities\'', async () => {
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

  it('shares a sent campaign as two links carrying one token, for those who may read it', async () => {
    const res = await call(server, 'POST', '/api/secure/v1/campaigns/share', { token: tokens.user, body: { id: ownSent } });
    expect(res.status).toBe(200);
    const { urlResults, urlComparisons } = res.body.response;
    expect(urlResults).toMatch(new RegExp(`^${server.ctx.config.publicUrl}/results/0/[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    const token = urlResults.split('/').pop();
    expect(urlComparisons).toBe(`${server.ctx.config.publicUrl}/comparisons/0/${token}`);
    expect((await get(`result?id=${ownSent}`, token)).status).toBe(200);
    expect((await call(server, 'POST', '/api/secure/v1/campaigns/share', { token: tokens.user, body: { id: foreignSent } })).status).toBe(404);
    expect((await call(server, 'POST', '/api/secure/v1/campaigns/share', { token: tokens.user, body: { id: ownDraft } })).status).toBe(409);
    expect((await call(server, 'POST', '/api/secure/v1/campaigns/share', { token, body: { id: ownSent } })).status).toBe(403);
  });

  it('revokes every live link of a campaign for those who may read it, and only theirs', async () => {
    const shareLink = async () => ((await call(server, 'POST', '/api/secure/v1/campaigns/share', { token: tokens.user, body: { id: ownSent } })).body.response.urlResults as string).split('/').pop()!;
    const [first, second] = [await shareLink(), await shareLink()];
    const other = await share(foreignSent);
    expect((await get(`result?id=${ownSent}`, first)).status).toBe(200);
    expect((await call(server, 'POST', '/api/secure/v1/campaigns/unshare', { token: tokens.user, body: { id: foreignSent } })).status).toBe(404);
    expect((await call(server, 'POST', '/api/secure/v1/campaigns/unshare', { token: first, body: { id: ownSent } })).status).toBe(403);
    const res = await call(server, 'POST', '/api/secure/v1/campaigns/unshare', { token: tokens.user, body: { id: ownSent } });
    expect(res.status).toBe(200);
    expect(res.body.response.revoked).toBeGreaterThanOrEqual(2);
    for (const token of [first, second]) expect((await get(`result?id=${ownSent}`, token)).body.error.type).toBe('INVALID_TOKEN');
    expect((await get(`result?id=${foreignSent}`, other)).status).toBe(200);
    const [audit] = await db.query<{ action: string; details: { revoked: number } }>("SELECT action, details FROM audit_log WHERE action = 'campaign.unshare' ORDER BY id DESC LIMIT 1");
    expect(audit.details.revoked).toBe(res.body.response.revoked);
    expect((await call(server, 'POST', '/api/secure/v1/campaigns/unshare', { token: tokens.user, body: { id: ownSent } })).body.response.revoked).toBe(0);
  });

  it('lets a share token read its campaign only, until it expires or is revoked', async () => {
    const token = await share(ownSent);
    expect((await get(`result?id=${ownSent}`, token)).status).toBe(200);
    expect((await get(`answers?id=${ownSent}`, token)).status).toBe(200);
    expect((await get(`result?id=${foreignSent}`, token)).status).toBe(403);
    expect((await call(server, 'GET', '/api/secure/v1/auth/me', { token })).body.response.user).toEqual({ id: 0, email: '', name: '', role: 'NO', entities: [], sharedCampaignId: ownSent });
    const expired = await share(ownSent, "now() - interval '1 second'");
    expect((await get(`result?id=${ownSent}`, expired)).body.error.type).toBe('INVALID_TOKEN');
    await db.query('UPDATE share_links SET revoked_at = now()');
    expect((await get(`result?id=${ownSent}`, token)).status).toBe(401);
  });
});
