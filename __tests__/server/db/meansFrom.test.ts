import { rowsWithout, testBackends, writeOldEdition, writeSumsOfSentCampaigns } from '../../helpers/db.js';
import type { Db } from '../../../src/server/db/client.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { MIGRATIONS } from '../../../src/server/db/migrations/index.js';
import { rebuildTerritoryScores } from '../../../src/server/db/repositories/territoryScores.js';
import { checkTerritorialFigures } from '../../../src/server/reports/consistency.js';

const backends = await testBackends();

/** Every table of the public schema, by name. */
async function tablesOf(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1");
  return rows.map((r) => r.name);
}

/**
 * A version-19 database as the previous release wrote it: an edition of one question, three entities of one
 * province with sent campaigns (one validated, one awaiting review, one back for corrections), their scores and
 * the territorial sums of all three.
 */
async function writeVersion19(db: Db): Promise<void> {
  const { edition, categories, indicator } = await writeOldEdition(db, 19, 2026);
  const [{ id: question }] = await db.query<{ id: number }>(
    "INSERT INTO subindicators (indicator_id, code, text, type, position) VALUES ($1, 'S1', '¿Tiene plan?', 'single', 0) RETURNING id",
    [indicator],
  );
  await db.query("INSERT INTO responses (subindicator_id, code, text, value, position) VALUES ($1, 'R1', 'Sí', 4, 0), ($1, 'R2', 'No', 0, 1)", [question]);
  for (const [name, value, review] of [
    ['Mancomunidad del Norte', 4, 'validated'],
    ['Mancomunidad del Sur', 0, 'pending'],
    ['Mancomunidad del Este', 4, 'changesRequested'],
  ] as const) {
    const [{ id: entity }] = await db.query<{ id: number }>(
      "INSERT INTO entities (name, name_key, population, province_id) VALUES ($1, lower($1), 5000, '46') RETURNING id",
      [name],
    );
    const [{ id: campaign }] = await db.query<{ id: number }>(
      "INSERT INTO campaigns (entity_id, edition_id, status, start_date, end_date, review_status) VALUES ($1, $2, 'sent', now(), now(), $3) RETURNING id",
      [entity, edition, review],
    );
    await db.query(
      'INSERT INTO answers (campaign_id, subindicator_id, response_ids) SELECT $1, r.subindicator_id, ARRAY[r.id] FROM responses r WHERE r.code = $2',
      [campaign, value > 0 ? 'R1' : 'R2'],
    );
    for (const [scope, category] of [['total', 0], ...categories.map((c, i) => [['axis', 'policy', 'measure'][i], c.id] as const)] as const) {
      await db.query('INSERT INTO campaign_scores (campaign_id, scope, category_id, value, max_value, percentage) VALUES ($1, $2, $3, $4, 4, $5)', [
        campaign,
        scope,
        category,
        value,
        value / 4,
      ]);
    }
  }
  await writeSumsOfSentCampaigns(db);
}

describe.each(backends)("an edition's means' rule and objections (migrations 20 and 21) on $name", ({ openEmpty }) => {
  it('upgrades a version-19 database in place: every row kept, every edition taking its means from sent campaigns, every sum as it was', async () => {
    const db = await openEmpty();
    try {
      await writeVersion19(db);
      const tables = await tablesOf(db);
      const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await rowsWithout(db, t, [])] as const)));
      expect(before.territory_sums).toHaveLength(4);

      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 20),
      );

      for (const table of tables) {
        if (table === 'schema_migrations') continue;
        // editions gains its rule; every other table is as it was.
        expect([table, await rowsWithout(db, table, table === 'editions' ? ['means_from'] : [])]).toEqual([table, before[table]]);
      }
      expect(await db.query('SELECT means_from FROM editions')).toEqual([{ means_from: 'sent' }]);
      // The sums stored are those today's rule gives: the three sent campaigns, validated or not.
      expect((await checkTerritorialFigures(db)).differences).toEqual([]);
      await db.transaction((tx) => rebuildTerritoryScores(tx));
      expect(await rowsWithout(db, 'territory_sums', [])).toEqual(before.territory_sums);
      expect(await rowsWithout(db, 'territory_score_counts', [])).toEqual(before.territory_score_counts);
    } finally {
      await db.close();
    }
  });

  it('upgrades a version-20 database in place: every row kept, no edition published, no objection', async () => {
    const db = await openEmpty();
    try {
      await writeVersion19(db);
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 20),
      );
      const tables = await tablesOf(db);
      const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await rowsWithout(db, t, [])] as const)));

      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 21),
      );

      for (const table of tables) {
        if (table === 'schema_migrations') continue;
        const added = table === 'editions' ? ['provisional_published_at', 'objections_until'] : [];
        expect([table, await rowsWithout(db, table, added)]).toEqual([table, before[table]]);
      }
      expect(await db.query('SELECT provisional_published_at, objections_until FROM editions')).toEqual([
        { provisional_published_at: null, objections_until: null },
      ]);
      expect(await db.query('SELECT count(*)::int AS n FROM objections')).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
  });
});
