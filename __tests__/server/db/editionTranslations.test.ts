import { rowsWithout, testBackends } from '../../helpers/db.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { MIGRATIONS } from '../../../src/server/db/migrations/index.js';
import { loadEditionCatalogue } from '../../../src/server/db/repositories/editions.js';
import { loadEditionIndicators } from '../../../src/server/db/repositories/questionnaires.js';

const backends = await testBackends();

describe.each(backends)("an edition's translations on $name", ({ openEmpty }) => {
  it('upgrades a database written before translations in place: every row kept, every text read in Spanish as before', async () => {
    const db = await openEmpty();
    try {
      // A database as version 33 wrote it: one edition, its categories, a question with two responses.
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 33),
      );
      await db.exec(`
        INSERT INTO editions (id, campaign_number, title) VALUES (1, 2026, 'Campaña 2026');
        INSERT INTO categories (id, type, code, text) VALUES (1, 'axis', 'E1', 'Gobernanza'), (2, 'policy', 'E1.P1', 'Planificación'), (3, 'measure', 'E1.P1.M1', 'Plan local');
        INSERT INTO indicators (id, edition_id, code, text, axis_id, policy_id, measure_id, position) VALUES (1, 1, 'E1.P1.M1.I1', 'La entidad tiene un plan.', 1, 2, 3, 0);
        INSERT INTO subindicators (id, indicator_id, code, text, type, position) VALUES (1, 1, 'E1.P1.M1.I1.S1', '¿Tiene un plan?', 'single', 0);
        INSERT INTO responses (subindicator_id, code, text, value, position) VALUES (1, 'R1', 'Sí', 3, 0), (1, 'R2', 'No', 0, 1);
      `);
      const tables = ['editions', 'categories', 'indicators', 'subindicators', 'responses'];
      const before = await Promise.all(tables.map((t) => rowsWithout(db, t, [])));
      expect(await migrate(db)).toEqual(MIGRATIONS.filter((m) => m.version > 33).map((m) => m.version));
      // Every row as it was, and none with a translation.
      expect(await Promise.all(tables.map((t) => rowsWithout(db, t, 'translations')))).toEqual(before);
      for (const table of tables) expect(await db.query(`SELECT 1 FROM ${table} WHERE translations <> '{}'::jsonb`)).toEqual([]);
      const { catalogue } = await loadEditionCatalogue(db, 1);
      expect(catalogue.title).toBe('Campaña 2026');
      expect(JSON.stringify(catalogue)).not.toContain('translations');
      const [indicator] = await loadEditionIndicators(db, 1);
      expect(indicator).not.toHaveProperty('translations');
      expect(indicator.subindicators[0].responses.map((r) => [r.text, r.value])).toEqual([
        ['Sí', 3],
        ['No', 0],
      ]);
    } finally {
      await db.close();
    }
  });
});
