import { rowsWithout, tableRows, testBackends, IMPORT_MIGRATIONS } from '../../helpers/db.js';
import { answerEverything, consistencyDifferences } from '../../helpers/concurrency.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { MIGRATIONS } from '../../../src/server/db/migrations/index.js';
import { loadReferenceData } from '../../../src/server/db/reference/load.js';
import { ensureEdition } from '../../../src/server/db/seed/demo.js';
import { seededRandom } from '../../../src/server/db/seed/random.js';
import { storeCampaignScores } from '../../../src/server/reports/storedScores.js';
import { applySizeBands, readSizeBands } from '../../../src/server/db/repositories/sizeBands.js';
import { campaignFigures } from '../../../src/server/reports/figures.js';
import { parseSizeBands } from '../../../src/server/config.js';
import type { Db } from '../../../src/server/db/client.js';

const backends = await testBackends();

/** The entities of each band by the given smallest populations, counted from the entities' populations. */
async function bandCounts(db: Db, minPopulations: number[]): Promise<Record<string, number>> {
  const entities = await db.query<{ population: number }>('SELECT population FROM entities');
  const counts: Record<string, number> = {};
  for (const { population } of entities) {
    const band = String(Math.max(...minPopulations.filter((min) => min <= population)));
    counts[band] = (counts[band] ?? 0) + 1;
  }
  return counts;
}

async function storedBandCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db.query<{ id: string; n: number }>(
    "SELECT territory_id AS id, registered AS n FROM territory_entities WHERE territory = 'sizeBand' AND registered <> 0",
  );
  return Object.fromEntries(rows.map((r) => [r.id, r.n]));
}

describe('SIZE_BANDS', () => {
  it("lists the largest population of every band but the last, and gives each band's smallest", () => {
    expect(parseSizeBands('5000,20000,50000,100000')).toEqual({ value: [1, 5001, 20001, 50001, 100001] });
    expect(parseSizeBands(' 1000 , 10000 ')).toEqual({ value: [1, 1001, 10001] });
  });

  it('refuses bounds that are not whole, positive and ascending', () => {
    for (const raw of ['', '5000,5000', '20000,5000', '0,100', '5000,abc', '1e4', '-5', '5000,,6000', '2.5']) {
      expect(parseSizeBands(raw)).toEqual({ problem: expect.stringContaining('SIZE_BANDS must be') });
    }
  });
});

describe.each(backends)('size bands on $name', ({ openDemo, openEmpty }) => {
  it('upgrades a version-5 database in place: every row and figure kept, the band and rank figures added', async () => {
    const db = await openEmpty();
    try {
      // A database as version 5 wrote it: entities of every band, sent campaigns scored, and the territorial sums of
      // version 5's rebuild (province, community and country only).
      // (But for the columns the edition's import writes, which no sum reads: IMPORT_MIGRATIONS.)
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 5 || IMPORT_MIGRATIONS.includes(m.name)),
      );
      await db.transaction((tx) => loadReferenceData(tx));
      const editionId = await ensureEdition(db, 2026);
      const random = seededRandom(5);
      const populations = [800, 4999, 5000, 5001, 12000, 20001, 75000, 100000, 100001, 640000];
      for (const [i, population] of populations.entries()) {
        const province = ['46', '46', '03', '12', '46', '08', '08', '28', '28', '46'][i];
        const [{ id: entityId }] = await db.query<{ id: number }>(
          'INSERT INTO entities (name, name_key, population, province_id) VALUES ($1, $1, $2, $3) RETURNING id',
          [`entidad ${i}`, population, province],
        );
        if (i === 3) continue; // registered, no campaign
        const [{ id }] = await db.query<{ id: number }>("INSERT INTO campaigns (entity_id, edition_id, status) VALUES ($1, $2, 'draft') RETURNING id", [
          entityId,
          editionId,
        ]);
        await answerEverything(db, id, random);
        await db.query("UPDATE campaigns SET status = 'sent', end_date = now() WHERE id = $1", [id]);
        await storeCampaignScores(db, id);
      }
      await db.query(
        `INSERT INTO territory_scores (edition_id, territory, territory_id, scope, category_id, participants, percentage_sum, value_sum)
         SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, count(*), sum(cs.percentage), sum(cs.value)
           FROM campaign_scores cs JOIN campaigns c ON c.id = cs.campaign_id JOIN entities en ON en.id = c.entity_id
           JOIN provinces pr ON pr.id = en.province_id
          CROSS JOIN LATERAL (VALUES ('province', en.province_id), ('autonomousCommunity', pr.community_id), ('country', 'ES')) AS t(territory, territory_id)
          WHERE c.status = 'sent' GROUP BY c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id`,
      );
      const tables = ['entities', 'campaigns', 'answers', 'campaign_scores', 'territory_scores', 'territory_entities', 'edition_figures_versions'];
      const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await tableRows(db, t)] as const)));
      const campaignsBefore = await rowsWithout(db, 'campaigns', []);

      // Every later migration applies (6 to 8 are the size bands', rank figures' and audit log's; later ones follow).
      expect(await migrate(db)).toEqual(MIGRATIONS.filter((m) => m.version > 5 && !IMPORT_MIGRATIONS.includes(m.name)).map((m) => m.version));

      // Every row of version 5 is still there as it was (entities gain their band as a new column).
      for (const table of ['answers', 'campaign_scores']) expect(await tableRows(db, table)).toEqual(before[table]);
      // Campaigns gain their review (migration 019): the sent ones await it.
      expect(await rowsWithout(db, 'campaigns', ['review_status', 'review_message', 'validated_at', 'validated_by'])).toEqual(campaignsBefore);
      const reviews = await db.query<{ status: string; review_status: string }>('SELECT DISTINCT status, review_status FROM campaigns');
      expect(reviews).toEqual([{ status: 'sent', review_status: 'pending' }]);
      expect(await tableRows(db, 'territory_scores', "territory <> 'sizeBand'")).toEqual(before.territory_scores);
      expect(await tableRows(db, 'territory_entities', "territory <> 'sizeBand'")).toEqual(before.territory_entities);
      const entities = await db.query<{ population: number; size_band: number }>('SELECT population, size_band FROM entities ORDER BY population');
      expect(entities.map((e) => [e.population, e.size_band])).toEqual([
        [800, 1],
        [4999, 1],
        [5000, 1],
        [5001, 5001],
        [12000, 5001],
        [20001, 20001],
        [75000, 50001],
        [100000, 50001],
        [100001, 100001],
        [640000, 100001],
      ]);
      // The added band sums, entity counts and rank counts equal their recomputation from the stored scores.
      expect(await consistencyDifferences(db)).toEqual([]);
      expect(await storedBandCounts(db)).toEqual(await bandCounts(db, [1, 5001, 20001, 50001, 100001]));
      // An upgraded campaign is compared with its band at once: 4999 and 800 and 5000 share band 1 (two sent).
      const [{ id }] = await db.query<{ id: number }>('SELECT c.id FROM campaigns c JOIN entities e ON e.id = c.entity_id WHERE e.population = 4999');
      const figures = await campaignFigures(db, id);
      const total = figures!.figures.get('total:0')!;
      const [{ mean }] = await db.query<{ mean: number }>(
        "SELECT avg(cs.percentage) AS mean FROM campaign_scores cs JOIN campaigns c ON c.id = cs.campaign_id JOIN entities e ON e.id = c.entity_id WHERE cs.scope = 'total' AND e.population <= 5000",
      );
      expect(total.percentages.sizeBand).toBeCloseTo(mean, 12);
    } finally {
      await db.close();
    }
  });

  it("keeps each band's entities counted through inserts, population changes across a bound, and removals", async () => {
    const db = await openDemo();
    try {
      const defaults = await readSizeBands(db);
      expect(defaults).toEqual([1, 5001, 20001, 50001, 100001]);
      expect(await storedBandCounts(db)).toEqual(await bandCounts(db, defaults));
      await db.query(
        "INSERT INTO entities (name, name_key, population, province_id) VALUES ('Banda uno', 'banda uno', 5000, '01'), ('Banda dos', 'banda dos', 5001, '28')",
      );
      expect(await storedBandCounts(db)).toEqual(await bandCounts(db, defaults));
      await db.query("UPDATE entities SET population = population + 1 WHERE name = 'Banda uno'");
      expect((await db.query<{ size_band: number }>("SELECT size_band FROM entities WHERE name = 'Banda uno'"))[0].size_band).toBe(5001);
      expect(await storedBandCounts(db)).toEqual(await bandCounts(db, defaults));
      await db.query("DELETE FROM entities WHERE name LIKE 'Banda %'");
      expect(await storedBandCounts(db)).toEqual(await bandCounts(db, defaults));
      expect(await consistencyDifferences(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('moves every entity to the configured bands at start, rebuilding the sums and giving reports a new version', async () => {
    const db = await openDemo();
    try {
      const versions = async () =>
        (
          await db.query<{ v: string }>(
            "SELECT concat_ws(' ', (SELECT version::text FROM registered_entities_version), (SELECT string_agg(version::text, ' ' ORDER BY edition_id) FROM edition_figures_versions)) AS v",
          )
        )[0].v;
      const before = await versions();
      const bands = [1, 10001, 60001];
      expect(await applySizeBands(db, bands)).toBe(true);
      expect(await readSizeBands(db)).toEqual(bands);
      expect(await storedBandCounts(db)).toEqual(await bandCounts(db, bands));
      expect(await consistencyDifferences(db)).toEqual([]);
      const wrong = await db.query(
        'SELECT id FROM entities WHERE size_band <> (CASE WHEN population > 60000 THEN 60001 WHEN population > 10000 THEN 10001 ELSE 1 END)',
      );
      expect(wrong).toEqual([]);
      expect(await versions()).not.toBe(before);
      // The same bands again change nothing.
      const after = await versions();
      expect(await applySizeBands(db, bands)).toBe(false);
      expect(await versions()).toBe(after);
    } finally {
      await db.close();
    }
  });
});
