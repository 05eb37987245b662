import { rowsWithout, tablesOf, testBackends, writeOldEdition, writeOldSentCampaigns, writeSumsOfSentCampaigns } from '../../helpers/db.js';
import type { Db } from '../../../src/server/db/client.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { MIGRATIONS } from '../../../src/server/db/migrations/index.js';

const backends = await testBackends();

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
  await writeOldSentCampaigns(db, { edition, categories }, [
    { entity: 'Mancomunidad del Norte', answer: 'R1', value: 4 },
    { entity: 'Mancomunidad del Sur', answer: 'R2', value: 0 },
  ]);
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
