import { randomUUID } from 'node:crypto';
import { recording, retentionRan, testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, signIn, signInDemoAccounts } from '../../helpers/auth.js';
import type { Db } from '../../../src/server/db/client.js';
import type { CampaignSummary } from '../../../src/shared/api/campaigns.js';
import type { ResultResponse, TrendResponse } from '../../../src/shared/api/results.js';

const backends = await testBackends();

describe.each(backends)('trend API on $name', ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  const tokens = { user: '', admin: '', fec: '', other: '' };
  let mine: CampaignSummary[];
  const get = (path: string, token?: string) => call(server, 'GET', `/api/secure/v1/campaigns/${path}`, { token });
  const share = async (campaignId: number) => {
    const shareId = randomUUID();
    await db.query("INSERT INTO share_links (id, campaign_id, expires_at) VALUES ($1, $2, now() + interval '1 day')", [shareId, campaignId]);
    return server.ctx.signer.signShare({ shareId, campaignId }, 3600);
  };
  /** The sent campaign of the demo user's entity with three editions (the one sent in 2026). */
  const ownSent = (year: number) => {
    const entityId = mine.find((c) => c.status === 'sent' && c.campaignNumber === 2026)!.entityId;
    return mine.find((c) => c.entityId === entityId && c.status === 'sent' && c.campaignNumber === year)!.id;
  };

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db);
    Object.assign(tokens, await signInDemoAccounts(server));
    mine = (await get('all', tokens.user)).body.response as CampaignSummary[];
    const [{ id: otherEntity }] = await db.query<{ id: number }>('SELECT id FROM entities WHERE NOT (id = ANY($1::int[])) ORDER BY id LIMIT 1', [
      mine.map((c) => c.entityId),
    ]);
    await createTestUser(db, 'otra@ayto.es', 'otra-clave-1', 'USER', [otherEntity]);
    tokens.other = (await signIn(server, 'otra@ayto.es', 'otra-clave-1')).access_token;
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it("gives the demo entity three editions whose figures are those of each campaign's result, in both modes", async () => {
    const res = await get(`trend?id=${ownSent(2026)}`, tokens.user);
    expect(res.status).toBe(200);
    const trend = res.body.response as TrendResponse;
    expect(trend.editions.map((e) => e.year)).toEqual([2024, 2025, 2026]);
    expect(trend.editions.map((e) => e.campaignId)).toEqual([ownSent(2024), ownSent(2025), ownSent(2026)]);
    for (const edition of trend.editions) {
      const result = (await get(`result?id=${edition.campaignId}`, tokens.user)).body.response as ResultResponse;
      expect(edition.global.percentages).toEqual(result.global.percentages);
      expect(edition.global.percentagesComparedToAll).toEqual(result.global.percentagesComparedToAll);
      expect(edition.axes).toEqual(
        result.axisDetails.map((a) => ({ axisText: a.axisText, percentages: a.percentages, percentagesComparedToAll: a.percentagesComparedToAll })),
      );
      expect(edition.sizes).toEqual(result.edition.sizes);
      expect(result.edition.year).toBe(edition.year);
      expect(result.territoryTexts).toEqual(trend.territoryTexts);
    }
    expect(trend.axisTexts).toEqual(trend.editions[2].axes.map((a) => a.axisText));
    // Plausible demo data: every mean is there, and the entity's figures move between editions.
    expect(trend.editions.every((e) => e.global.percentages.country !== null && e.sizes.participants.country > 1)).toBe(true);
    expect(new Set(trend.editions.map((e) => e.global.percentages.campaign)).size).toBe(3);
  });

  it("stops at the campaign's own edition: the 2025 campaign's trend has 2024 and 2025", async () => {
    const trend = (await get(`trend?id=${ownSent(2025)}`, tokens.admin)).body.response as TrendResponse;
    expect(trend.editions.map((e) => e.year)).toEqual([2024, 2025]);
  });

  it('refuses a USER of another entity (404), a share token of another campaign (403) and a campaign not sent (409)', async () => {
    expect((await get(`trend?id=${ownSent(2026)}`, tokens.other)).status).toBe(404);
    const token = await share(ownSent(2025));
    expect((await get(`trend?id=${ownSent(2026)}`, token)).status).toBe(403);
    const shared = await get(`trend?id=${ownSent(2025)}`, token);
    expect(shared.status).toBe(200);
    expect((shared.body.response as TrendResponse).editions).toHaveLength(2);
    const draft = mine.find((c) => c.status === 'draft')!.id;
    const refused = await get(`trend?id=${draft}`, tokens.user);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ type: 'CONFLICT', data: 'CAMPAIGN_NOT_SENT' });
    expect((await get(`trend?id=${ownSent(2026)}`)).status).toBe(401);
  });

  it('runs two statements to build a trend once the questionnaires are cached: the session with the place and its version, and one for every edition', async () => {
    const seen: string[] = [];
    // An instance that keeps no body (a kept trend is one statement: cachedReports.api.test.ts).
    const recorded = await startTestServer(recording(db, seen), {}, undefined, { reportCacheBytes: 0 });
    try {
      await retentionRan(seen);
      const get2 = () => call(recorded, 'GET', `/api/secure/v1/campaigns/trend?id=${ownSent(2026)}`, { token: tokens.admin });
      expect((await get2()).status).toBe(200);
      seen.length = 0;
      expect((await get2()).status).toBe(200);
      expect(seen).toEqual(['session_user_and_trend_place', 'trend_inputs']);
    } finally {
      await recorded.close();
    }
  });

  it('is documented in the OpenAPI document', async () => {
    const res = await call(server, 'GET', '/api/docs/openapi.json');
    expect(Object.keys(res.body.paths)).toContain('/api/secure/v1/campaigns/trend');
  });
});
