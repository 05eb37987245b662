import { randomUUID } from 'node:crypto';
import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { insertRequiredEvidence } from '../../../src/server/db/seed/answers.js';
import { createTestUser, signIn, signInDemoAccounts } from '../../helpers/auth.js';
import type { Db } from '../../../src/server/db/client.js';
import type { CampaignSummary } from '../../../src/shared/api/campaigns.js';
import type { ComparisonAxis, ComparisonResponse, ResultResponse } from '../../../src/shared/api/results.js';

const backends = await testBackends();

describe.each(backends)('comparison API on $name', ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  const tokens = { user: '', admin: '', fec: '', other: '' };
  let ownSent: number;
  let ownDraft: number;
  const get = (path: string, token?: string) => call(server, 'GET', `/api/secure/v1/campaigns/${path}`, { token });
  const comparison = async (id: number, token = tokens.admin) => {
    const res = await get(`comparison?id=${id}`, token);
    expect(res.status).toBe(200);
    return res.body.response as ComparisonResponse;
  };
  const share = async (campaignId: number) => {
    const shareId = randomUUID();
    await db.query("INSERT INTO share_links (id, campaign_id, expires_at) VALUES ($1, $2, now() + interval '1 day')", [shareId, campaignId]);
    return server.ctx.signer.signShare({ shareId, campaignId }, 3600);
  };

  /** Policy category id by its text. */
  async function policyIds(): Promise<Map<string, number>> {
    const rows = await db.query<{ id: number; text: string }>("SELECT id, text FROM categories WHERE type = 'policy'");
    return new Map(rows.map((r) => [r.text, r.id]));
  }

  /**
   * Each policy's figures recomputed from the stored per-campaign scores of the edition's sent campaigns
   * (not from the territorial sums): the campaign, and the participants' and all entities' means in its
   * province and community.
   */
  async function expectedFigures(campaignId: number): Promise<Map<number, { percentages: number[]; comparedToAll: number[] }>> {
    const [c] = await db.query<{ edition_id: number; province_id: string; community_id: string }>(
      'SELECT c.edition_id, e.province_id, p.community_id FROM campaigns c JOIN entities e ON e.id = c.entity_id JOIN provinces p ON p.id = e.province_id WHERE c.id = $1',
      [campaignId],
    );
    const scores = await db.query<{ campaign_id: number; category_id: number; percentage: number; province_id: string; community_id: string }>(
      `SELECT cs.campaign_id, cs.category_id, cs.percentage, e.province_id, p.community_id
         FROM campaign_scores cs JOIN campaigns c ON c.id = cs.campaign_id JOIN entities e ON e.id = c.entity_id JOIN provinces p ON p.id = e.province_id
        WHERE c.edition_id = $1 AND c.status = 'sent' AND cs.scope = 'policy'`,
      [c.edition_id],
    );
    const [registered] = await db.query<{ province: number; community: number }>(
      `SELECT count(*) FILTER (WHERE e.province_id = $1)::int AS province, count(*) FILTER (WHERE p.community_id = $2)::int AS community
         FROM entities e JOIN provinces p ON p.id = e.province_id`,
      [c.province_id, c.community_id],
    );
    const expected = new Map<number, { percentages: number[]; comparedToAll: number[] }>();
    for (const policy of new Set(scores.map((s) => s.category_id))) {
      const ofPolicy = scores.filter((s) => s.category_id === policy);
      const own = ofPolicy.find((s) => s.campaign_id === campaignId)!.percentage;
      const province = ofPolicy.filter((s) => s.province_id === c.province_id).map((s) => s.percentage);
      const community = ofPolicy.filter((s) => s.community_id === c.community_id).map((s) => s.percentage);
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      expected.set(policy, {
        percentages: [own, sum(province) / province.length, sum(community) / community.length],
        comparedToAll: [own, sum(province) / registered.province, sum(community) / registered.community],
      });
    }
    return expected;
  }

  async function expectFiguresOf(axes: ComparisonAxis[], campaignId: number) {
    const [ids, expected] = await Promise.all([policyIds(), expectedFigures(campaignId)]);
    const policies = axes.flatMap((a) => a.valuesByPolicy);
    expect(policies).toHaveLength(expected.size);
    for (const p of policies) {
      const e = expected.get(ids.get(p.policyText)!)!;
      [p.percentages.campaign, p.percentages.province, p.percentages.autonomousCommunity].forEach((v, i) => expect(v).toBeCloseTo(e.percentages[i], 10));
      const all = p.percentagesComparedToAll;
      [all.campaign, all.province, all.autonomousCommunity].forEach((v, i) => expect(v).toBeCloseTo(e.comparedToAll[i], 10));
    }
  }

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db);
    Object.assign(tokens, await signInDemoAccounts(server));
    const mine = (await get('all', tokens.user)).body.response as CampaignSummary[];
    ownSent = mine.find((c) => c.status === 'sent' && c.campaignNumber === 2026)!.id;
    ownDraft = mine.find((c) => c.status === 'draft')!.id;
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

  it("compares a campaign with the entity's campaign of the previous edition, each with its own edition's territories", async () => {
    const [previous] = await db.query<{ id: number }>(
      `SELECT p.id FROM campaigns c JOIN campaigns p ON p.entity_id = c.entity_id JOIN editions e ON e.id = p.edition_id
        WHERE c.id = $1 AND p.status = 'sent' AND e.campaign_number = 2025`,
      [ownSent],
    );
    const body = await comparison(ownSent, tokens.user);
    expect(body.previous).not.toBeNull();
    await expectFiguresOf(body.current, ownSent);
    await expectFiguresOf(body.previous!, previous.id);
    const result = (await get(`result?id=${ownSent}`, tokens.user)).body.response as ResultResponse;
    expect(body.current.map((a) => a.axisText)).toEqual(result.axisDetails.map((a) => a.axisText));
    expect(body.current.flatMap((a) => a.valuesByPolicy.map((p) => p.percentages.campaign))).toEqual(
      result.axisDetails.flatMap((a) => a.valuesByPolicy.map((p) => p.percentages.campaign)),
    );
  });

  it('has no previous campaign for an entity sent in one edition only', async () => {
    const [onlyCurrent] = await db.query<{ id: number }>(
      `SELECT c.id FROM campaigns c JOIN editions e ON e.id = c.edition_id
        WHERE c.status = 'sent' AND e.campaign_number = 2026
          AND NOT EXISTS (SELECT 1 FROM campaigns p JOIN editions pe ON pe.id = p.edition_id WHERE p.entity_id = c.entity_id AND p.status = 'sent' AND pe.campaign_number < 2026)
        ORDER BY c.id LIMIT 1`,
    );
    const [firstEdition] = await db.query<{ id: number }>(
      "SELECT c.id FROM campaigns c JOIN editions e ON e.id = c.edition_id WHERE c.status = 'sent' AND e.campaign_number = 2024 ORDER BY c.id LIMIT 1",
    );
    for (const id of [onlyCurrent.id, firstEdition.id]) {
      const body = await comparison(id);
      expect(body.previous).toBeNull();
      await expectFiguresOf(body.current, id);
    }
  });

  it("gives a province whose only participant is the entity the entity's own figures", async () => {
    const [municipality] = await db.query<{ id: string; province_id: string }>(
      'SELECT m.id, m.province_id FROM municipalities m WHERE NOT EXISTS (SELECT 1 FROM entities e WHERE e.province_id = m.province_id) ORDER BY m.id LIMIT 1',
    );
    const [{ id: entityId }] = await db.query<{ id: number }>(
      "INSERT INTO entities (name, name_key, population, province_id) VALUES ('Ayuntamiento solitario', 'ayuntamiento solitario', 900, $1) RETURNING id",
      [municipality.province_id],
    );
    await db.query('INSERT INTO entity_municipalities (entity_id, municipality_id) VALUES ($1, $2)', [entityId, municipality.id]);
    const created = await call(server, 'POST', '/api/secure/v1/campaigns/create', { token: tokens.admin, body: { entityId } });
    const id = created.body.response.campaign.id as number;
    await db.query(
      `INSERT INTO answers (campaign_id, subindicator_id, response_ids)
       SELECT c.id, s.id, ARRAY[(SELECT r.id FROM responses r WHERE r.subindicator_id = s.id AND NOT r.obsolete ORDER BY r.value DESC, r.id LIMIT 1)]
         FROM campaigns c JOIN indicators i ON i.edition_id = c.edition_id JOIN subindicators s ON s.indicator_id = i.id WHERE c.id = $1`,
      [id],
    );
    await insertRequiredEvidence(db, [id]);
    expect((await call(server, 'POST', '/api/secure/v1/campaigns/submit', { token: tokens.admin, body: { id } })).status).toBe(200);
    const body = await comparison(id);
    expect(body.previous).toBeNull();
    for (const p of body.current.flatMap((a) => a.valuesByPolicy)) {
      expect(p.percentages.campaign).toBeGreaterThan(0);
      expect(p.percentages.province).toBeCloseTo(p.percentages.campaign!, 12);
      expect(p.percentagesComparedToAll.province).toBeCloseTo(p.percentages.campaign!, 12);
    }
    await expectFiguresOf(body.current, id);
  });

  it('refuses a campaign not sent yet', async () => {
    const res = await get(`comparison?id=${ownDraft}`, tokens.user);
    expect([res.status, res.body.error.type]).toEqual([409, 'CONFLICT']);
  });

  it("lets the entity's users, administrators and the campaign's share links read it, nobody else", async () => {
    for (const token of [tokens.user, tokens.admin, tokens.fec, await share(ownSent)]) expect((await get(`comparison?id=${ownSent}`, token)).status).toBe(200);
    const res = await get(`comparison?id=${ownSent}`, tokens.other);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('valuesByPolicy');
    const [{ id: otherSent }] = await db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'sent' AND id <> $1 ORDER BY id LIMIT 1", [ownSent]);
    expect((await get(`comparison?id=${ownSent}`, await share(otherSent))).status).toBe(403);
    expect((await get(`comparison?id=${ownSent}`)).status).toBe(401);
    expect((await get('comparison?id=999999', tokens.admin)).status).toBe(404);
    expect((await get('comparison?id=abc', tokens.admin)).status).toBe(422);
  });
});
