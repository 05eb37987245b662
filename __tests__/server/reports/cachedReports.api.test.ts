import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { recording, retentionRan, testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { insertRequiredEvidence } from '../../../src/server/db/seed/answers.js';
import { createTestUser, signIn } from '../../helpers/auth.js';
import { importCatalogue } from '../../../src/server/catalogue/import.js';
import type { Catalogue } from '../../../src/server/catalogue/parse.js';
import type { Db } from '../../../src/server/db/client.js';
import type { CampaignSummary } from '../../../src/shared/api/campaigns.js';
import type { ComparisonResponse, ResultResponse, TrendResponse } from '../../../src/shared/api/results.js';

const backends = await testBackends();

/** The statements that build a report, which a body served from the cache does not run. */
const BUILDING = /figure_inputs|campaign_answers|trend_inputs/;

/**
 * The one statement of a report call whose body and place are kept: the session check with the place version
 * (placeMemo.ts). The caching instance checks a kept place by it whenever it has one (placeSettleMs 0), so every
 * body below is also served with a place kept across the writes that precede it.
 */
const KEPT_PLACE_STATEMENT = 'session_user_and_place_version';

/** The report calls that keep their bodies. */
const REPORTS = ['result', 'comparison', 'trend'];

describe.each(backends)('result, comparison and trend bodies cached per campaign and versions on $name', ({ openDemo }) => {
  let db: Db;
  /** The app as it runs, its statements noted in `seen`. */
  let cached: TestServer;
  /** A second instance on the same database that keeps nothing: what a call answers without a cache. */
  let uncached: TestServer;
  const seen: string[] = [];
  const tokens = { admin: '', user: '', other: '' };
  let campaign: { id: number; provinceId: string };
  let entitySequence = 0;

  /** A GET of a campaigns call as sent: status, content type and text; token '' sends none. */
  const raw = async (server: TestServer, p: string, token = tokens.admin) => {
    const res = await fetch(`${server.url}/api/secure/v1/campaigns/${p}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };
  const post = async (p: string, body: unknown) => {
    const res = await call(uncached, 'POST', `/api/secure/v1/${p}`, { token: tokens.admin, body });
    expect([p, res.status]).toEqual([p, 200]);
    return res.body.response;
  };

  /**
   * The body the caching instance answers, twice: the second time from its cache, in one statement (the session
   * check with the place version: the place kept), and both times
   * byte for byte what the instance without a cache answers.
   */
  async function served(p: string, token = tokens.admin): Promise<string> {
    const first = await raw(cached, p, token);
    seen.length = 0;
    const again = await raw(cached, p, token);
    expect(seen).toEqual([KEPT_PLACE_STATEMENT]);
    expect(again).toEqual(first);
    expect(await raw(uncached, p, token)).toEqual(first);
    expect([first.status, first.type]).toEqual([200, 'application/json; charset=utf-8']);
    return first.text;
  }
  const result = async (id = campaign.id) => JSON.parse(await served(`result?id=${id}`)).response as ResultResponse;
  const comparison = async (id = campaign.id) => JSON.parse(await served(`comparison?id=${id}`)).response as ComparisonResponse;
  const trend = async (id = campaign.id) => JSON.parse(await served(`trend?id=${id}`)).response as TrendResponse;
  const reports = async () => ({ result: await result(), comparison: await comparison(), trend: await trend() });
  const share = async (campaignId: number) => {
    const shareId = randomUUID();
    await db.query("INSERT INTO share_links (id, campaign_id, expires_at) VALUES ($1, $2, now() + interval '1 day')", [shareId, campaignId]);
    return cached.ctx.signer.signShare({ shareId, campaignId }, 3600);
  };

  /** A new entity of the campaign's province, through the API of the other instance. */
  async function newEntity(): Promise<number> {
    const [{ id: municipality }] = await db.query<{ id: string }>('SELECT id FROM municipalities WHERE province_id = $1 ORDER BY id LIMIT 1', [
      campaign.provinceId,
    ]);
    const created = await post('entities/create', {
      entity: { name: `Mancomunidad en caché ${++entitySequence}`, population: 800 },
      municipalities: [municipality],
    });
    return created.entity.id;
  }

  beforeAll(async () => {
    db = await openDemo();
    cached = await startTestServer(recording(db, seen), {}, undefined, { placeSettleMs: 0 });
    await retentionRan(seen);
    uncached = await startTestServer(db, {}, undefined, { reportCacheBytes: 0 });
    tokens.admin = (await signIn(cached, 'admin@demo.es', 'demo1234')).access_token;
    tokens.user = (await signIn(cached, 'usuario@demo.es', 'demo1234')).access_token;
    const mine = (await call(cached, 'GET', '/api/secure/v1/campaigns/all', { token: tokens.user })).body.response as CampaignSummary[];
    const own = mine.find((c) => c.status === 'sent' && c.campaignNumber === 2026)!;
    const [place] = await db.query<{ province_id: string }>('SELECT province_id FROM entities WHERE id = $1', [own.entityId]);
    campaign = { id: own.id, provinceId: place.province_id };
    const [{ id: otherEntity }] = await db.query<{ id: number }>('SELECT id FROM entities WHERE NOT (id = ANY($1::int[])) ORDER BY id LIMIT 1', [
      mine.map((c) => c.entityId),
    ]);
    await createTestUser(db, 'otra@ayto.es', 'otra-clave-1', 'USER', [otherEntity]);
    tokens.other = (await signIn(cached, 'otra@ayto.es', 'otra-clave-1')).access_token;
  });
  afterAll(async () => {
    await cached.close();
    await uncached.close();
    await db.close();
  });

  it('keeps serving the cached bodies while nothing they show changes', async () => {
    const calls = REPORTS.map((report) => `${report}?id=${campaign.id}`);
    const bodies: string[] = [];
    for (const p of calls) bodies.push(await served(p));
    // An answer saved in a campaign still open changes no territorial figure.
    const [draft] = await db.query<{ id: number; subindicator_id: number; response_ids: number[] }>(
      "SELECT c.id, a.subindicator_id, a.response_ids FROM campaigns c JOIN answers a ON a.campaign_id = c.id WHERE c.status = 'draft' ORDER BY c.id, a.subindicator_id LIMIT 1",
    );
    await post('campaigns/saveAnswer', { id: draft.id, question: draft.subindicator_id, answer: draft.response_ids });
    seen.length = 0;
    for (const [i, p] of calls.entries()) expect((await raw(cached, p)).text).toBe(bodies[i]);
    expect(seen.filter((s) => BUILDING.test(s))).toEqual([]);
  });

  it('shows another campaign of the edition submitted in the same province', async () => {
    const entityId = await newEntity();
    const { campaign: created } = await post('campaigns/create', { entityId });
    await db.query(
      `INSERT INTO answers (campaign_id, subindicator_id, response_ids)
       SELECT c.id, s.id, ARRAY[(SELECT r.id FROM responses r WHERE r.subindicator_id = s.id AND NOT r.obsolete ORDER BY r.value DESC, r.id LIMIT 1)]
         FROM campaigns c JOIN indicators i ON i.edition_id = c.edition_id JOIN subindicators s ON s.indicator_id = i.id WHERE c.id = $1`,
      [created.id],
    );
    await insertRequiredEvidence(db, [created.id]);
    const before = await reports();
    const [{ n: participants }] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM campaigns c JOIN entities e ON e.id = c.entity_id
        WHERE c.edition_id = (SELECT edition_id FROM campaigns WHERE id = $1) AND c.status = 'sent' AND e.province_id = $2`,
      [created.id, campaign.provinceId],
    );
    await post('campaigns/submit', { id: created.id });
    const after = await reports();
    // The province's mean now counts the new participant's total.
    const newcomer = (await result(created.id)).global.percentages.campaign!;
    const mean = (before.result.global.percentages.province! * participants + newcomer) / (participants + 1);
    expect(after.result.global.percentages.province).toBeCloseTo(mean, 12);
    expect(after.result.global.percentages.province).not.toBe(before.result.global.percentages.province);
    expect(after.result.global.percentages.country).not.toBe(before.result.global.percentages.country);
    expect(after.result.global.percentages.campaign).toBe(before.result.global.percentages.campaign);
    expect(after.comparison).not.toEqual(before.comparison);
    expect(after.result.answers).toEqual(before.result.answers);
    // The trend's current edition shows the same figures as the result; its earlier editions are unchanged.
    expect(after.trend.editions.at(-1)!.global.percentages).toEqual(after.result.global.percentages);
    expect(after.trend.editions.slice(0, -1)).toEqual(before.trend.editions.slice(0, -1));
  });

  it('shows the entities registered in the province after one of them is removed', async () => {
    const entityId = await newEntity();
    const before = await reports();
    await post('entities/remove', { id: entityId });
    const after = await reports();
    // One registered entity fewer and the same participants: only the means over every entity rise.
    expect(after.result.global.percentages).toEqual(before.result.global.percentages);
    expect(after.result.global.percentagesComparedToAll.province!).toBeGreaterThan(before.result.global.percentagesComparedToAll.province!);
    const provinces = (c: ComparisonResponse) => c.current.flatMap((a) => a.valuesByPolicy.map((p) => p.percentagesComparedToAll.province ?? 0));
    expect(provinces(after.comparison).reduce((a, b) => a + b)).toBeGreaterThan(provinces(before.comparison).reduce((a, b) => a + b));
    const trendProvince = (t: TrendResponse) => t.editions.at(-1)!.global.percentagesComparedToAll.province!;
    expect(trendProvince(after.trend)).toBeGreaterThan(trendProvince(before.trend));
  });

  it("shows the entity's name as it is now", async () => {
    const before = await reports();
    await db.query("UPDATE entities SET name = name || ' (renombrada)' WHERE id = (SELECT entity_id FROM campaigns WHERE id = $1)", [campaign.id]);
    const after = await reports();
    for (const report of ['result', 'trend'] as const) {
      expect(after[report].territoryTexts.campaign).toBe(`${before[report].territoryTexts.campaign} (renombrada)`);
      expect({ ...after[report], territoryTexts: undefined }).toEqual({ ...before[report], territoryTexts: undefined });
    }
  });

  it('checks who may read a cached body exactly as before', async () => {
    const calls = REPORTS;
    const bodies: string[] = [];
    for (const report of calls) bodies.push(await served(`${report}?id=${campaign.id}`));
    for (const token of [tokens.user, await share(campaign.id)]) {
      for (const [i, report] of calls.entries()) expect((await raw(cached, `${report}?id=${campaign.id}`, token)).text).toBe(bodies[i]);
    }
    const [{ id: otherSent }] = await db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'sent' AND id <> $1 ORDER BY id LIMIT 1", [
      campaign.id,
    ]);
    const otherShare = await share(otherSent);
    for (const call of calls) {
      const p = `${call}?id=${campaign.id}`;
      const stranger = await raw(cached, p, tokens.other);
      expect([stranger.status, JSON.parse(stranger.text).error.type]).toEqual([404, 'NOT_FOUND']);
      expect(stranger.text).not.toContain('percentages');
      expect((await raw(cached, p, otherShare)).status).toBe(403);
      expect((await raw(cached, p, '')).status).toBe(401);
    }
    const [{ id: draft }] = await db.query<{ id: number }>("SELECT id FROM campaigns WHERE status <> 'sent' ORDER BY id LIMIT 1");
    for (const call of calls) {
      expect((await raw(cached, `${call}?id=${draft}`)).status).toBe(409);
      expect((await raw(cached, `${call}?id=999999`)).status).toBe(404);
    }
  });

  it('shows a category renamed by a catalogue import', async () => {
    const before = await reports();
    const catalogue: Catalogue = JSON.parse(await fs.readFile(path.resolve('src/server/db/seed/catalogues/demo-2026.json'), 'utf8'));
    catalogue.edition = 2099;
    catalogue.axes[0].text = 'Gobernanza abierta y participación';
    await importCatalogue(db, catalogue);
    const after = await reports();
    expect(before.result.axisDetails[0].axisText).not.toBe(catalogue.axes[0].text);
    expect(after.result.axisDetails[0].axisText).toBe(catalogue.axes[0].text);
    expect(after.result.answers.campaign.indicators[0].axisText).toBe(catalogue.axes[0].text);
    expect(after.comparison.current[0].axisText).toBe(catalogue.axes[0].text);
    expect(after.comparison.previous?.[0].axisText).toBe(catalogue.axes[0].text);
    expect(before.trend.axisTexts).not.toContain(catalogue.axes[0].text);
    expect(after.trend.axisTexts).toContain(catalogue.axes[0].text);
  });

  it("shows an earlier edition's figures as they are now in the trend: another entity's campaign, then its own, reopened there", async () => {
    const before = await reports();
    const earlier = before.trend.editions.at(-2)!;
    const [other] = await db.query<{ id: number }>(
      "SELECT c.id FROM campaigns c WHERE c.edition_id = (SELECT edition_id FROM campaigns WHERE id = $1) AND c.status = 'sent' AND c.entity_id <> (SELECT entity_id FROM campaigns WHERE id = $2) ORDER BY c.id LIMIT 1",
      [earlier.campaignId, campaign.id],
    );
    await post('campaigns/reopen', { id: other.id, reason: 'Revisión de la edición anterior' });
    const afterOther = await trend();
    expect(afterOther.editions.at(-2)!.sizes.participants.country).toBe(earlier.sizes.participants.country - 1);
    expect(afterOther.editions.at(-1)).toEqual(before.trend.editions.at(-1));
    await post('campaigns/reopen', { id: earlier.campaignId, reason: 'Revisión de la edición anterior' });
    const afterOwn = await trend();
    expect(afterOwn.editions.map((e) => e.campaignId)).toEqual(before.trend.editions.map((e) => e.campaignId).filter((id) => id !== earlier.campaignId));
  });
});
