import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { recording, retentionRan, testBackends, testPostgresUrl } from '../../helpers/db.js';
import { parseMetrics, sampleValue } from '../../helpers/metrics.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { signIn } from '../../helpers/auth.js';
import { answerEverything } from '../../helpers/concurrency.js';
import { seededRandom } from '../../../src/server/db/seed/random.js';
import { openPostgres, type Db } from '../../../src/server/db/client.js';
import type { ResultResponse } from '../../../src/shared/api/results.js';
import { ReportParts } from '../../../src/server/reports/reportParts.js';
import type { WarmedReports } from '../../../src/server/reports/engine.js';

const backends = await testBackends();

/** How many statements of each name of interest ran. */
const counted = (seen: readonly string[]) => ({
  territoryParts: seen.filter((s) => s === 'territory_part').length,
  campaignParts: seen.filter((s) => s === 'campaign_part' || s === 'campaign_scores_part').length,
  built: seen.filter((s) => /figure_inputs|campaign_answers/.test(s)).length,
  trends: seen.filter((s) => s === 'trend_inputs').length,
});

/** The report calls whose bodies an instance builds ahead. */
const REPORTS = ['result', 'comparison', 'trend'] as const;

/** The smallest population of each size band of the demo (migration 006), and one population inside each. */
const BANDS = [1, 5001, 20001, 50001, 100001];
const populationIn = (band: number) => band + 10;

describe.each(backends)('reports assembled from parts kept per territory and campaign on $name', ({ name, openDemo }) => {
  let db: Db;
  /** The app as it runs, its statements noted in `seen`. */
  let cached: TestServer;
  /** An instance that keeps nothing: every body built from one statement (the reference). */
  let reference: TestServer;
  /** A second caching instance on the same database (PostgreSQL: its own pool, as another process would have). */
  let second: TestServer;
  let secondDb: Db | undefined;
  const seen: string[] = [];
  let token = '';
  /** The demo USER's sent campaign of the current edition, with its territories. */
  let target: { id: number; provinceId: string; communityId: string; band: number };
  /** Answered, not yet sent campaigns of new entities, made before any report is read (an entity made later renews every part). */
  const waiting: Record<'elsewhere' | 'sameProvince' | 'twoInstances', number[]> = { elsewhere: [], sameProvince: [], twoInstances: [] };

  const raw = async (server: TestServer, p: string) => {
    const res = await fetch(`${server.url}/api/secure/v1/campaigns/${p}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, text: await res.text() };
  };
  const post = async (server: TestServer, p: string, body: unknown) => {
    const res = await call(server, 'POST', `/api/secure/v1/${p}`, { token, body });
    expect([p, res.status]).toEqual([p, 200]);
    return res.body.response;
  };
  /** The body the caching instance answers, checked byte for byte against the reference's. */
  async function same(server: TestServer, p: string): Promise<string> {
    const kept = await raw(server, p);
    expect(kept).toEqual(await raw(reference, p));
    expect(kept.status).toBe(200);
    return kept.text;
  }
  /** A call's body as sent for this Accept-Encoding (Node's client, which decodes nothing), decoded as its Content-Encoding says. */
  const decoded = (server: TestServer, p: string, accepted: string | undefined) =>
    new Promise<string>((resolve, reject) => {
      const headers = { authorization: `Bearer ${token}`, ...(accepted ? { 'accept-encoding': accepted } : {}) };
      http
        .get(`${server.url}/api/secure/v1/campaigns/${p}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const bytes = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            const decode = encoding === 'br' ? brotliDecompressSync : encoding === 'gzip' ? gunzipSync : (b: Buffer) => b;
            if (encoding && !(accepted ?? '').includes(encoding)) reject(new Error(`${encoding} sent for ${accepted}`));
            resolve(decode(bytes).toString());
          });
        })
        .on('error', reject);
    });
  /** The report cache's calls answered with a kept body (hit) and built on the call (miss), as the metrics count them. */
  const reportBodiesAsked = async (server: TestServer) => {
    const families = parseMetrics(await (await fetch(`${server.url}/metrics`)).text());
    const asked = (outcome: string) => sampleValue(families, 'report_cache_requests_total', { cache: 'reports', outcome });
    return { hit: asked('hit'), miss: asked('miss') };
  };
  const result = async (server: TestServer, id = target.id) => JSON.parse(await same(server, `result?id=${id}`)).response as ResultResponse;

  /** A new entity of one municipality of the province, of the given population, with an answered campaign of the current edition. */
  async function answeredCampaign(provinceId: string, population: number, seed: number): Promise<number> {
    const [{ id: municipality }] = await db.query<{ id: string }>('SELECT id FROM municipalities WHERE province_id = $1 ORDER BY id LIMIT 1', [provinceId]);
    const created = await post(reference, 'entities/create', { entity: { name: `Partes ${name} ${seed}`, population }, municipalities: [municipality] });
    const { campaign } = await post(reference, 'campaigns/create', { entityId: created.entity.id });
    await answerEverything(db, campaign.id, seededRandom(seed));
    return campaign.id;
  }

  beforeAll(async () => {
    db = await openDemo();
    cached = await startTestServer(recording(db, seen));
    reference = await startTestServer(db, {}, undefined, { reportCacheBytes: 0 });
    if (name === 'postgres') {
      const [{ current }] = await db.query<{ current: string }>('SELECT current_database() AS current');
      secondDb = openPostgres(testPostgresUrl(current), 4);
    }
    // PGlite runs in one process: a second app on the same database still has caches of its own.
    second = await startTestServer(secondDb ?? db);
    token = (await signIn(cached, 'admin@demo.es', 'demo1234')).access_token;
    const [row] = await db.query<{ id: number; province_id: string; community_id: string; size_band: number }>(
      `SELECT c.id, en.province_id, pr.community_id, en.size_band FROM campaigns c JOIN entities en ON en.id = c.entity_id
         JOIN provinces pr ON pr.id = en.province_id JOIN editions ed ON ed.id = c.edition_id
        WHERE c.status = 'sent' AND ed.campaign_number = 2026 ORDER BY c.id LIMIT 1`,
    );
    target = { id: row.id, provinceId: row.province_id, communityId: row.community_id, band: row.size_band };
    const [{ id: elsewhere }] = await db.query<{ id: string }>('SELECT id FROM provinces WHERE community_id <> $1 ORDER BY id LIMIT 1', [target.communityId]);
    const otherBand = BANDS.find((b) => b !== target.band)!;
    for (let i = 0; i < 2; i++) waiting.elsewhere.push(await answeredCampaign(elsewhere, populationIn(otherBand), 100 + i));
    waiting.sameProvince.push(await answeredCampaign(target.provinceId, populationIn(target.band), 200));
    for (let i = 0; i < 6; i++) waiting.twoInstances.push(await answeredCampaign(elsewhere, populationIn(otherBand), 300 + i));
  });
  afterAll(async () => {
    await cached.close();
    await second.close();
    await reference.close();
    await secondDb?.close();
    await db.close();
  });

  it("assembles, for every sent campaign, the bytes built afresh, with small territories' means withheld too", async () => {
    const sent = (await db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'sent' ORDER BY id")).map((r) => r.id);
    const withholding = {
      cached: await startTestServer(db, { MIN_GROUP_SIZE: '4' }),
      reference: await startTestServer(db, { MIN_GROUP_SIZE: '4' }, undefined, { reportCacheBytes: 0 }),
    };
    try {
      let withheld = 0;
      for (const id of sent) {
        for (const p of [`result?id=${id}`, `comparison?id=${id}`]) {
          expect(await raw(cached, p)).toEqual(await raw(reference, p));
          const kept = await raw(withholding.cached, p);
          expect(kept).toEqual(await raw(withholding.reference, p));
          if (p.startsWith('result')) withheld += (JSON.parse(kept.text).response as ResultResponse).edition.withheld.length > 0 ? 1 : 0;
        }
      }
      // The demo has provinces with fewer than four participants: those results withhold means.
      expect(withheld).toBeGreaterThan(0);
    } finally {
      await withholding.cached.close();
      await withholding.reference.close();
    }
  });

  it('renews the versions of the four territories of a submitted campaign and its scores, and no other', async () => {
    const territoryVersions = async () =>
      new Map(
        (
          await db.query<{ k: string; version: string }>(
            "SELECT edition_id || ':' || territory || ':' || territory_id AS k, version::text FROM territory_versions",
          )
        ).map((r) => [r.k, r.version]),
      );
    const before = await territoryVersions();
    const [{ version: targetScores }] = await db.query<{ version: string }>('SELECT version::text FROM campaign_score_versions WHERE campaign_id = $1', [
      target.id,
    ]);
    const id = waiting.elsewhere.shift()!;
    await post(reference, 'campaigns/submit', { id });
    const after = await territoryVersions();
    const [place] = await db.query<{ edition_id: number; province_id: string; community_id: string; size_band: number }>(
      'SELECT c.edition_id, en.province_id, pr.community_id, en.size_band FROM campaigns c JOIN entities en ON en.id = c.entity_id JOIN provinces pr ON pr.id = en.province_id WHERE c.id = $1',
      [id],
    );
    const renewed = [...after]
      .filter(([k, v]) => before.get(k) !== v)
      .map(([k]) => k)
      .sort();
    const e = place.edition_id;
    expect(renewed).toEqual(
      [`${e}:autonomousCommunity:${place.community_id}`, `${e}:country:ES`, `${e}:province:${place.province_id}`, `${e}:sizeBand:${place.size_band}`].sort(),
    );
    const scores = await db.query<{ campaign_id: number; version: string }>(
      'SELECT campaign_id, version::text FROM campaign_score_versions WHERE campaign_id = ANY($1::int[])',
      [[id, target.id]],
    );
    expect(scores.find((s) => s.campaign_id === target.id)?.version).toBe(targetScores);
    expect(scores.find((s) => s.campaign_id === id)?.version).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('after a submission in another province, community and band reads the country part again and nothing else', async () => {
    const before = await result(cached);
    const comparison = await same(cached, `comparison?id=${target.id}`);
    await post(reference, 'campaigns/submit', { id: waiting.elsewhere.shift()! });
    seen.length = 0;
    const after = await result(cached);
    expect(counted(seen)).toEqual({ territoryParts: 1, campaignParts: 0, built: 0, trends: 0 });
    expect(after.edition.sizes.participants.country).toBe(before.edition.sizes.participants.country + 1);
    expect(after.global.percentages.country).not.toBe(before.global.percentages.country);
    expect(after.global.percentages.province).toBe(before.global.percentages.province);
    // The comparison shows no country: kept as it was, nothing read.
    seen.length = 0;
    expect(await same(cached, `comparison?id=${target.id}`)).toBe(comparison);
    expect(counted(seen)).toEqual({ territoryParts: 0, campaignParts: 0, built: 0, trends: 0 });
  });

  it('after a submission in the same province and band reads its four territories again, and shows them', async () => {
    const before = await result(cached);
    const comparison = await same(cached, `comparison?id=${target.id}`);
    await post(reference, 'campaigns/submit', { id: waiting.sameProvince.shift()! });
    seen.length = 0;
    const after = await result(cached);
    expect(counted(seen)).toEqual({ territoryParts: 4, campaignParts: 0, built: 0, trends: 0 });
    for (const level of ['province', 'autonomousCommunity', 'country', 'sizeBand'] as const) {
      expect([level, after.edition.sizes.participants[level]]).toEqual([level, before.edition.sizes.participants[level] + 1]);
    }
    expect(after.global.percentages.campaign).toBe(before.global.percentages.campaign);
    expect(await same(cached, `comparison?id=${target.id}`)).not.toBe(comparison);
  });

  it('shows a campaign reopened, changed and sent again with its new scores', async () => {
    await result(cached);
    await same(cached, `comparison?id=${target.id}`);
    await post(reference, 'campaigns/reopen', { id: target.id, reason: 'Corrección de una respuesta' });
    expect((await raw(cached, `result?id=${target.id}`)).status).toBe(409);
    await answerEverything(db, target.id, seededRandom(999));
    await post(reference, 'campaigns/submit', { id: target.id });
    seen.length = 0;
    const after = await result(cached);
    expect(counted(seen).campaignParts).toBe(1);
    const [{ percentage }] = await db.query<{ percentage: number }>("SELECT percentage FROM campaign_scores WHERE campaign_id = $1 AND scope = 'total'", [
      target.id,
    ]);
    expect(after.global.percentages.campaign).toBe(percentage);
    await same(cached, `comparison?id=${target.id}`);
  });

  it('never shows, on either of two instances, figures older than a submission made through the other', async () => {
    const instances = [cached, second];
    let participants = (await result(cached)).edition.sizes.participants.country;
    expect((await result(second)).edition.sizes.participants.country).toBe(participants);
    for (const [i, id] of waiting.twoInstances.entries()) {
      const writer = instances[i % 2];
      const reader = instances[(i + 1) % 2];
      await post(writer, 'campaigns/submit', { id });
      participants += 1;
      // Told of the submission (its answer came back), each reader sees it, byte for byte as built afresh.
      for (const server of [reader, writer]) expect((await result(server)).edition.sizes.participants.country).toBe(participants);
      expect((await result(reader, id)).edition.sizes.participants.country).toBe(participants);
      await same(reader, `comparison?id=${target.id}`);
    }
  });

  it("fills one edition's template with what each campaign owns: names, notes, a group without a score, review and receipt", async () => {
    const id = await answeredCampaign(target.provinceId, populationIn(target.band), 400);
    const [{ subindicator_id: sub }] = await db.query<{ subindicator_id: number }>(
      'SELECT min(subindicator_id) AS subindicator_id FROM answers WHERE campaign_id = $1',
      [id],
    );
    const comment = 'Según el acta del pleno: «sí», 3.000 € 🌊';
    await db.query(
      'INSERT INTO answer_notes (campaign_id, subindicator_id, comment) VALUES ($1, $2, $3) ON CONFLICT (campaign_id, subindicator_id) DO UPDATE SET comment = excluded.comment',
      [id, sub, comment],
    );
    await post(reference, 'campaigns/submit', { id });
    // As if the entity had answered its first axis wholly 'No aplica': no score, no rank (docs/scoring.md).
    const [{ axis }] = await db.query<{ axis: number }>("SELECT min(category_id) AS axis FROM campaign_scores WHERE campaign_id = $1 AND scope = 'axis'", [id]);
    await db.query("DELETE FROM campaign_scores WHERE campaign_id = $1 AND scope = 'axis' AND category_id = $2", [id, axis]);
    await db.query("UPDATE campaigns SET review_status = 'validated', validated_at = now() WHERE id = $1", [id]);
    seen.length = 0;
    const [ours, theirs] = [await result(cached, id), await result(cached, target.id)];
    expect(counted(seen).built).toBe(0);
    expect(ours.territoryTexts.campaign).toBe(`Partes ${name} 400`);
    expect(theirs.territoryTexts.campaign).not.toBe(ours.territoryTexts.campaign);
    expect([ours.reviewStatus, theirs.reviewStatus]).toEqual(['validated', 'pending']);
    expect(ours.receipt?.code).toEqual(expect.any(String));
    const noted = ours.answers.campaign.indicators.flatMap((i) => i.subindicators).find((s) => s.id === sub);
    expect(noted?.comment).toBe(comment);
    const unscored = ours.axisDetails.findIndex((a) => a.percentages.campaign === null);
    expect(unscored).toBeGreaterThanOrEqual(0);
    expect(ours.axisDetails[unscored].rank).toEqual({ province: null, autonomousCommunity: null, country: null, sizeBand: null });
    expect(theirs.axisDetails[unscored].rank.country).toEqual({ position: expect.any(Number), of: expect.any(Number) });
  });

  it("reads ahead, once ready, the newest editions' parts and report bodies: a first read then reads and builds none, and what changed since is read again", async () => {
    const warmedSeen: string[] = [];
    let warmed!: (outcome: WarmedReports | undefined) => void;
    const outcome = new Promise<WarmedReports | undefined>((resolve) => (warmed = resolve));
    const warm = await startTestServer(recording(db, warmedSeen), {}, undefined, { reportsWarmed: warmed });
    try {
      const read = await outcome;
      await retentionRan(warmedSeen);
      const [{ sent, territories }] = await db.query<{ sent: number; territories: number }>(
        `SELECT (SELECT count(*)::int FROM campaigns WHERE edition_id = e.id AND status = 'sent') AS sent,
                (SELECT count(*)::int FROM (SELECT DISTINCT territory, territory_id FROM territory_scores WHERE edition_id = e.id) t) AS territories
           FROM editions e WHERE e.campaign_number = 2026`,
      );
      // The demo's 2025 and 2026 editions; every sent campaign of 2026, its part and its result, comparison and trend bodies.
      expect(read).toEqual({
        editions: 2,
        territoryParts: expect.any(Number),
        campaignParts: sent,
        resultBodies: sent,
        comparisonBodies: sent,
        trendBodies: sent,
        bodyBytes: expect.any(Number),
      });
      // Every body's brotli copy and its bookkeeping, within the bound.
      expect(read!.bodyBytes).toBeGreaterThan(3 * sent * 1024);
      expect(read!.bodyBytes).toBeLessThan(64 * 1024 * 1024);
      expect(read!.territoryParts).toBeGreaterThan(territories);
      // Nothing built the plain way. Besides the parts, the comparisons read the scores of the entities' previous sent
      // campaigns (not kept) and the parts of territories without sums in the previous edition.
      const [{ previous }] = await db.query<{ previous: number }>(
        `SELECT count(*)::int AS previous FROM campaigns c JOIN editions e ON e.id = c.edition_id
          WHERE e.campaign_number = 2026 AND c.status = 'sent' AND EXISTS (SELECT 1 FROM campaigns p JOIN editions pe ON pe.id = p.edition_id
            WHERE p.entity_id = c.entity_id AND p.status = 'sent' AND pe.campaign_number < 2026)`,
      );
      expect(previous).toBeGreaterThan(0);
      // Each trend is read in one statement, of every edition it shows.
      expect(counted(warmedSeen)).toEqual({ territoryParts: expect.any(Number), campaignParts: sent + previous, built: 0, trends: sent });
      expect(counted(warmedSeen).territoryParts).toBeGreaterThanOrEqual(read!.territoryParts);
      // Stopped (the app closing), it reads nothing more.
      warmedSeen.length = 0;
      expect(await new ReportParts(recording(db, warmedSeen)).warm(() => true)).toEqual({ editions: 2, territoryParts: 0, campaignParts: 0, newestSent: [] });
      expect(counted(warmedSeen)).toEqual({ territoryParts: 0, campaignParts: 0, built: 0, trends: 0 });

      warmedSeen.length = 0;
      const ids = (
        await db.query<{ id: number }>(
          "SELECT c.id FROM campaigns c JOIN editions e ON e.id = c.edition_id WHERE c.status = 'sent' AND e.campaign_number = 2026 ORDER BY c.id",
        )
      ).map((r) => r.id);
      const before = await reportBodiesAsked(warm);
      for (const id of ids) {
        for (const report of REPORTS) expect(await raw(warm, `${report}?id=${id}`)).toEqual(await raw(reference, `${report}?id=${id}`));
      }
      expect(counted(warmedSeen)).toEqual({ territoryParts: 0, campaignParts: 0, built: 0, trends: 0 });
      // Their places were read ahead too (PlaceMemo): each first read checked its session and the place version alone.
      expect(warmedSeen).toEqual(ids.flatMap(() => REPORTS.map(() => 'session_user_and_place_version')));
      // Every first read was a body built ahead: none was filled on the call.
      expect(await reportBodiesAsked(warm)).toEqual({ hit: before.hit + REPORTS.length * ids.length, miss: before.miss });
      // Kept as brotli alone, a body built ahead is the same JSON whatever the caller accepts.
      const [id0] = ids;
      const json = (await raw(reference, `result?id=${id0}`)).text;
      for (const accepted of ['br', 'gzip', 'gzip, deflate, br, zstd', 'identity', undefined]) {
        expect([accepted, await decoded(warm, `result?id=${id0}`, accepted)]).toEqual([accepted, json]);
      }

      // A submission after the read ahead renews its territories' parts and its own: those are read again, and shown.
      const id = await answeredCampaign(target.provinceId, populationIn(target.band), 500);
      await post(reference, 'campaigns/submit', { id });
      warmedSeen.length = 0;
      expect(await raw(warm, `result?id=${id}`)).toEqual(await raw(reference, `result?id=${id}`));
      expect(counted(warmedSeen)).toEqual({ territoryParts: 4, campaignParts: 1, built: 0, trends: 0 });
      // The bodies built ahead in its territories are older than it: built again when asked for, with its figures.
      const asked = await reportBodiesAsked(warm);
      for (const report of REPORTS) expect(await raw(warm, `${report}?id=${target.id}`)).toEqual(await raw(reference, `${report}?id=${target.id}`));
      expect(await reportBodiesAsked(warm)).toEqual({ hit: asked.hit, miss: asked.miss + REPORTS.length });
    } finally {
      await warm.close();
    }
  });

  it('builds ahead the bodies of every sent campaign of the newest edition, also beyond the campaign parts it keeps', async () => {
    let warmed!: (outcome: WarmedReports | undefined) => void;
    const outcome = new Promise<WarmedReports | undefined>((resolve) => (warmed = resolve));
    const warmedSeen: string[] = [];
    const warm = await startTestServer(recording(db, warmedSeen), {}, undefined, { reportsWarmed: warmed, campaignPartsKept: 2 });
    try {
      const ids = (
        await db.query<{ id: number }>(
          "SELECT c.id FROM campaigns c JOIN editions e ON e.id = c.edition_id WHERE c.status = 'sent' AND e.campaign_number = 2026 ORDER BY c.id",
        )
      ).map((r) => r.id);
      expect(ids.length).toBeGreaterThan(2);
      expect(await outcome).toMatchObject({ campaignParts: 2, resultBodies: ids.length, comparisonBodies: ids.length, trendBodies: ids.length });
      // Each campaign's part read once: those past the bound as a call reads them, to build its bodies.
      expect(warmedSeen.filter((s) => s === 'campaign_part')).toHaveLength(ids.length);
      warmedSeen.length = 0;
      const before = await reportBodiesAsked(warm);
      for (const id of ids) {
        for (const report of REPORTS) expect(await raw(warm, `${report}?id=${id}`)).toEqual(await raw(reference, `${report}?id=${id}`));
      }
      expect(counted(warmedSeen)).toEqual({ territoryParts: 0, campaignParts: 0, built: 0, trends: 0 });
      expect(await reportBodiesAsked(warm)).toEqual({ hit: before.hit + REPORTS.length * ids.length, miss: before.miss });
    } finally {
      await warm.close();
    }
  });
});
