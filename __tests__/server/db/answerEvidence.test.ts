import { rowsWithout, testBackends, writeOldEdition, writeSumsOfSentCampaigns } from '../../helpers/db.js';
import type { Db } from '../../../src/server/db/client.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { MIGRATIONS } from '../../../src/server/db/migrations/index.js';

const backends = await testBackends();

/** Every table of the public schema, by name. */
async function tablesOf(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1");
  return rows.map((r) => r.name);
}

/**
 * A version-17 database as the previous release wrote it: an edition with one question allowing 'No aplica' and one
 * asking for evidence, two entities of one province with sent campaigns, their answers, scores and territorial sums.
 */
async function writeVersion17(db: Db): Promise<void> {
  const { edition, categories, indicator } = await writeOldEdition(db, 17, 2026);
  const subs = await db.query<{ id: number }>(
    `INSERT INTO subindicators (indicator_id, code, text, type, position, allows_not_applicable, evidence_rule, evidence_criteria)
     VALUES ($1, 'S1', '¿Tiene plan?', 'single', 0, false, 'required', 'El acta de aprobación.'),
            ($1, 'S2', '¿Tiene playas?', 'single', 1, true, 'none', NULL) RETURNING id`,
    [indicator],
  );
  for (const { id } of subs) {
    await db.query("INSERT INTO responses (subindicator_id, code, text, value, position) VALUES ($1, 'R1', 'Sí', 2, 0), ($1, 'R2', 'No', 0, 1)", [id]);
  }
  for (const [name, answer, value] of [
    ['Mancomunidad del Norte', 'R1', 4],
    ['Mancomunidad del Sur', 'R2', 0],
  ] as const) {
    const [{ id: entity }] = await db.query<{ id: number }>(
      "INSERT INTO entities (name, name_key, population, province_id) VALUES ($1, lower($1), 5000, '46') RETURNING id",
      [name],
    );
    const [{ id: campaign }] = await db.query<{ id: number }>(
      "INSERT INTO campaigns (entity_id, edition_id, status, start_date, end_date) VALUES ($1, $2, 'sent', now(), now()) RETURNING id",
      [entity, edition],
    );
    await db.query(
      'INSERT INTO answers (campaign_id, subindicator_id, response_ids) SELECT $1, r.subindicator_id, ARRAY[r.id] FROM responses r WHERE r.code = $2',
      [campaign, answer],
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

describe.each(backends)('comments, "No aplica" and evidence (migration 18) on $name', ({ openEmpty }) => {
  it('upgrades a version-17 database in place: every row of every table kept, every figure with it, nothing noted yet', async () => {
    const db = await openEmpty();
    try {
      await writeVersion17(db);
      const tables = await tablesOf(db);
      const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await rowsWithout(db, t, [])] as const)));
      expect(before.territory_sums.length).toBeGreaterThan(0);

      // Migration 18 itself (later ones add their own columns: their tests check them).
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 18),
      );

      for (const table of tables) {
        // schema_migrations gains the new version's row; every other table is as it was.
        if (table === 'schema_migrations') continue;
        expect([table, await rowsWithout(db, table, [])]).toEqual([table, before[table]]);
      }
      for (const added of ['answer_notes', 'evidence', 'evidence_chunks']) {
        expect(await db.query(`SELECT count(*)::int AS n FROM ${added}`)).toEqual([{ n: 0 }]);
      }
    } finally {
      await db.close();
    }
  });
});
