import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { startDemoServer, type DemoServer } from '../../helpers/demoServer.js';
import { signInDemoAccounts } from '../../helpers/auth.js';
import { seededRandom } from '../../../src/server/db/seed/random.js';
import { submittableCampaign } from '../../helpers/concurrency.js';
import type { Db } from '../../../src/server/db/client.js';
import type { ByLevel, ComparisonResponse, Ranks, ResultResponse, TerritoryLevel, TrendResponse } from '../../../src/shared/api/results.js';

const backends = await testBackends();

/** The default bands' upper bounds (SIZE_BANDS unset): a band is how many bounds a population exceeds. */
const BOUNDS = [5000, 20000, 50000, 100000];
const bandIndex = (population: number) => BOUNDS.filter((bound) => population > bound).length;
/** A fraction as reports show it, in tenths of a percent. */
const shown = (fraction: number) => Math.round(fraction * 1000);

/** One stored score of a sent campaign with its entity's places, read straight from the tables (not from the territorial sums). */
interface ScoreRow {
  campaignId: number;
  entityId: number;
  province: string;
  community: string;
  population: number;
  scope: string;
  categoryId: number;
  percentage: number;
}

async function sentScores(db: Db, editionId: number, scopes: string[]): Promise<ScoreRow[]> {
  return db.query<ScoreRow>(
    `SELECT c.id AS "campaignId", en.id AS "entityId", en.province_id AS province, p.community_id AS community, en.population,
            cs.scope, cs.category_id AS "categoryId", cs.percentage
       FROM campaign_scores cs JOIN campaigns c ON c.id = cs.campaign_id JOIN entities en ON en.id = c.entity_id JOIN provinces p ON p.id = en.province_id
      WHERE c.status = 'sent' AND c.edition_id = $1 AND cs.scope = ANY($2::text[])`,
    [editionId, scopes],
  );
}

/** Whether a score row's entity shares a territory with the given one. */
const sameTerritory = (territory: TerritoryLevel, a: ScoreRow, b: ScoreRow) =>
  territory === 'province'
    ? a.province === b.province
    : territory === 'autonomousCommunity'
      ? a.community === b.community
      : territory === 'sizeBand'
        ? bandIndex(a.population) === bandIndex(b.population)
        : true;
const TERRITORIES: TerritoryLevel[] = ['province', 'autonomousCommunity', 'country', 'sizeBand'];

/** The ranks a group must have, counted from every participant's stored percentage. */
function expectedRanks(rows: ScoreRow[], own: ScoreRow): Ranks {
  const group = rows.filter((r) => r.scope === own.scope && r.categoryId === own.categoryId);
  const ranks = {} as Ranks;
  for (const territory of TERRITORIES) {
    const peers = group.filter((r) => sameTerritory(territory, r, own));
    ranks[territory] = { position: 1 + peers.filter((r) => shown(r.percentage) > shown(own.percentage)).length, of: peers.length };
  }
  return ranks;
}

describe.each(backends)('similar-size peers and ranks on $name', ({ openDemo }) => {
  let demo: DemoServer;
  let db: Db;
  let server: TestServer;
  const get = async <T>(path: string, token = demo.tokens.admin): Promise<T> => {
    const res = await call(server, 'GET', `/api/secure/v1/campaigns/${path}`, { token });
    expect(res.status).toBe(200);
    return res.body.response as T;
  };
  /** The demo user's first entity's sent 2026 campaign, with its edition and population. */
  let own: { id: number; editionId: number; entityId: number; population: number };

  beforeAll(async () => {
    demo = await startDemoServer(openDemo);
    ({ db, server } = demo);
    [own] = await db.query<typeof own>(
      `SELECT c.id, c.edition_id AS "editionId", en.id AS "entityId", en.population
         FROM campaigns c JOIN editions ed ON ed.id = c.edition_id JOIN entities en ON en.id = c.entity_id
         JOIN user_entities ue ON ue.entity_id = en.id JOIN users u ON u.id = ue.user_id
        WHERE u.email = 'usuario@demo.es' AND c.status = 'sent' AND ed.campaign_number = 2026 ORDER BY en.id LIMIT 1`,
    );
  });
  afterAll(() => demo.close());

  it('compares with the entities of the same population band across Spain, in both modes, with its n', async () => {
    const result = await get<ResultResponse>(`result?id=${own.id}`);
    const band = bandIndex(own.population);
    expect(result.sizeBand).toEqual({ minPopulation: band === 0 ? 1 : BOUNDS[band - 1] + 1, maxPopulation: BOUNDS[band] ?? null });

    const totals = (await sentScores(db, own.editionId, ['total'])).filter((r) => bandIndex(r.population) === band);
    const [{ registered }] = await db.query<{ registered: number }>('SELECT count(*)::int AS registered FROM entities WHERE size_band = $1', [
      result.sizeBand.minPopulation,
    ]);
    const sum = totals.reduce((s, r) => s + r.percentage, 0);
    expect(totals.length).toBeGreaterThan(1);
    expect(result.edition.sizes.participants.sizeBand).toBe(totals.length);
    expect(result.edition.sizes.comparedToAll.sizeBand).toBe(registered);
    expect(result.global.percentages.sizeBand).toBeCloseTo(sum / totals.length, 12);
    expect(result.global.percentagesComparedToAll.sizeBand).toBeCloseTo(sum / registered, 12);

    // The comparison's radar and the trend carry the same band level.
    const comparison = await get<ComparisonResponse>(`comparison?id=${own.id}`);
    expect(comparison.sizeBand).toEqual(result.sizeBand);
    expect(comparison.editions.current.sizes.participants.sizeBand).toBe(totals.length);
    const policy = result.axisDetails[0].valuesByPolicy[0];
    expect(comparison.current[0].valuesByPolicy[0].percentages.sizeBand).toBeCloseTo(policy.percentages.sizeBand!, 12);
    const trend = await get<TrendResponse>(`trend?id=${own.id}`);
    expect(trend.sizeBand).toEqual(result.sizeBand);
    expect(trend.editions.at(-1)!.global.percentages.sizeBand).toBeCloseTo(result.global.percentages.sizeBand!, 12);
  });

  it('ranks the global score and every axis among the participants of each territory', async () => {
    const rows = await sentScores(db, own.editionId, ['total', 'axis']);
    const result = await get<ResultResponse>(`result?id=${own.id}`);
    const mine = (scope: string, categoryId: number) => rows.find((r) => r.campaignId === own.id && r.scope === scope && r.categoryId === categoryId)!;
    expect(result.global.rank).toEqual(expectedRanks(rows, mine('total', 0)));
    const axes = await db.query<{ id: number; text: string }>(
      'SELECT DISTINCT c.id, c.text FROM indicators i JOIN categories c ON c.id = i.axis_id WHERE i.edition_id = $1',
      [own.editionId],
    );
    expect(result.axisDetails.length).toBeGreaterThan(1);
    for (const axis of result.axisDetails) {
      const id = axes.find((a) => a.text === axis.axisText)!.id;
      expect(axis.rank).toEqual(expectedRanks(rows, mine('axis', id)));
    }
    // The country ranks every participant of the edition.
    expect(result.global.rank.country!.of).toBe(rows.filter((r) => r.scope === 'total').length);
  });

  it('gives entities showing the same percentage the same position', async () => {
    const [{ province, municipalities }] = await db.query<{ province: string; municipalities: string[] }>(
      `SELECT m.province_id AS province, (array_agg(m.id ORDER BY m.id))[1:3] AS municipalities FROM municipalities m
        WHERE m.province_id NOT IN (SELECT province_id FROM entities) GROUP BY m.province_id HAVING count(*) >= 3 ORDER BY m.province_id LIMIT 1`,
    );
    expect(province).toBeTruthy();
    // Two entities answering alike tie; a third answering otherwise does not.
    const twins: { entityId: number; campaignId: number }[] = [];
    for (const municipality of municipalities.slice(0, 2)) twins.push(await submittableCampaign(db, server, demo.tokens.admin, municipality, seededRandom(7)));
    const other = await submittableCampaign(db, server, demo.tokens.admin, municipalities[2], () => 0.999);
    for (const { campaignId } of [...twins, other]) {
      expect((await call(server, 'POST', '/api/secure/v1/campaigns/submit', { token: demo.tokens.admin, body: { id: campaignId } })).status).toBe(200);
    }
    const [first, second, third] = await Promise.all([...twins, other].map(({ campaignId }) => get<ResultResponse>(`result?id=${campaignId}`)));
    expect(first.global.percentages.campaign).toBe(second.global.percentages.campaign);
    expect(first.global.rank).toEqual(second.global.rank);
    expect(first.global.rank.province!.of).toBe(3);
    const positions = [first, second, third].map((r) => r.global.rank.province!.position);
    // Competition ranking: the tied pair shares a position and the next one skips (1, 1, 3 or 2, 2, 1).
    expect(third.global.percentages.campaign! > first.global.percentages.campaign! ? positions : positions.slice(0, 2)).toEqual(
      third.global.percentages.campaign! > first.global.percentages.campaign! ? [2, 2, 1] : [1, 1],
    );
    const rows = await sentScores(db, own.editionId, ['total', 'axis']);
    expect(first.global.rank).toEqual(
      expectedRanks(
        rows,
        rows.find((r) => r.campaignId === twins[0].campaignId && r.scope === 'total')!,
      ),
    );
  });

  it('sends the band and ranks to a share link, and none of it to a USER of another entity', async () => {
    const [{ id: shared }] = await db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'sent' ORDER BY id LIMIT 1");
    const viaShare = await get<ResultResponse>(`result?id=${shared}`, demo.tokens.share);
    const viaAdmin = await get<ResultResponse>(`result?id=${shared}`);
    expect(viaShare.global.rank).toEqual(viaAdmin.global.rank);
    expect(viaShare.sizeBand).toEqual(viaAdmin.sizeBand);
    expect(viaShare.global.rank.country).not.toBeNull();

    const [{ id: foreign }] = await db.query<{ id: number }>(
      `SELECT c.id FROM campaigns c WHERE c.status = 'sent'
          AND c.entity_id NOT IN (SELECT ue.entity_id FROM user_entities ue JOIN users u ON u.id = ue.user_id WHERE u.email = 'usuario@demo.es')
        ORDER BY c.id LIMIT 1`,
    );
    for (const path of ['result', 'comparison', 'trend']) {
      const res = await call(server, 'GET', `/api/secure/v1/campaigns/${path}?id=${foreign}`, { token: demo.tokens.user });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toMatch(/rank|sizeBand/);
    }
  });
});

describe.each(backends)('MIN_GROUP_SIZE=3 on $name', ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  let tokens: { user: string; admin: string };
  const get = async <T>(path: string, token = tokens.admin): Promise<T> => {
    const res = await call(server, 'GET', `/api/secure/v1/campaigns/${path}`, { token });
    expect(res.status).toBe(200);
    return res.body.response as T;
  };
  type Levels = Partial<ByLevel>;
  const levelsOf = (f: { percentages: Levels; percentagesComparedToAll: Levels; values?: Levels; valuesComparedToAll?: Levels }) =>
    [f.percentages, f.percentagesComparedToAll, f.values, f.valuesComparedToAll].filter((set): set is Levels => set !== undefined);

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db, { MIN_GROUP_SIZE: '3' });
    tokens = await signInDemoAccounts(server);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  /** A sent 2026 campaign of a province with exactly two participants, and the province's mean of the global score. */
  async function campaignOfASmallProvince(): Promise<{ id: number; provinceMean: number }> {
    const [row] = await db.query<{ id: number; mean: number }>(
      `SELECT min(c.id) AS id, avg(cs.percentage) AS mean
         FROM campaigns c JOIN editions ed ON ed.id = c.edition_id JOIN entities en ON en.id = c.entity_id
         JOIN campaign_scores cs ON cs.campaign_id = c.id AND cs.scope = 'total'
        WHERE c.status = 'sent' AND ed.campaign_number = 2026 GROUP BY en.province_id HAVING count(*) = 2 ORDER BY min(c.id) LIMIT 1`,
    );
    expect(row).toBeDefined();
    return { id: row.id, provinceMean: row.mean };
  }

  it('sends no mean, nor rank, of a territory with fewer than 3 participants, and says which and why', async () => {
    const { id, provinceMean } = await campaignOfASmallProvince();
    const res = await call(server, 'GET', `/api/secure/v1/campaigns/result?id=${id}`, { token: tokens.admin });
    const result = res.body.response as ResultResponse;
    expect(result.minGroupSize).toBe(3);
    expect(result.edition.withheld).toContain('province');
    expect(result.edition.sizes.participants.province).toBe(2);
    const blocks = [result.global, ...result.axisDetails, ...result.global.valuesByPolicy, ...result.axisDetails.flatMap((a) => a.valuesByPolicy)];
    for (const block of blocks) for (const set of levelsOf(block)) expect(set.province).toBeNull();
    for (const ranks of [result.global.rank, ...result.axisDetails.map((a) => a.rank)]) expect(ranks.province).toBeNull();
    // No number in the body is the mean: the other participant's score could be worked out from it.
    const numbers: number[] = [];
    JSON.stringify(res.body, (_, value: unknown) => (typeof value === 'number' && numbers.push(value), value));
    expect(numbers.length).toBeGreaterThan(100);
    expect(numbers.filter((n) => Math.abs(n - provinceMean) < 1e-12)).toEqual([]);
    // Large enough territories are still compared and ranked.
    expect(result.edition.withheld).not.toContain('country');
    expect(result.global.percentages.country).not.toBeNull();
    expect(result.global.rank.country).not.toBeNull();
  });

  it('withholds it in the comparison and the trend too, edition by edition, and on a share link', async () => {
    const { id } = await campaignOfASmallProvince();
    const comparison = await get<ComparisonResponse>(`comparison?id=${id}`);
    expect(comparison.editions.current.withheld).toContain('province');
    for (const policy of comparison.current.flatMap((axis) => axis.valuesByPolicy)) for (const set of levelsOf(policy)) expect(set.province).toBeNull();
    // The previous edition is judged on its own participants.
    const previous = comparison.editions.previous!;
    expect(previous.withheld.includes('province')).toBe(previous.sizes.participants.province < 3);
    const previousProvince = comparison.previous!.flatMap((axis) => axis.valuesByPolicy).map((p) => p.percentages.province);
    expect(previousProvince.every((p) => p === null)).toBe(previous.withheld.includes('province'));
    const trend = await get<TrendResponse>(`trend?id=${id}`);
    expect(trend.editions.length).toBeGreaterThan(1);
    for (const edition of trend.editions) {
      const small = edition.sizes.participants.province < 3;
      expect(edition.withheld.includes('province')).toBe(small);
      if (small) for (const figures of [edition.global, ...edition.axes]) for (const set of levelsOf(figures)) expect(set.province).toBeNull();
      else expect(edition.global.percentages.province).not.toBeNull();
    }

    const shareId = crypto.randomUUID();
    await db.query("INSERT INTO share_links (id, campaign_id, expires_at) VALUES ($1, $2, now() + interval '1 day')", [shareId, id]);
    const share = await server.ctx.signer.signShare({ shareId, campaignId: id }, 3600);
    const shared = await get<ResultResponse>(`result?id=${id}`, share);
    expect(shared.edition.withheld).toContain('province');
    expect(shared.global.percentages.province).toBeNull();
    expect(shared.global.rank.province).toBeNull();
  });
});
