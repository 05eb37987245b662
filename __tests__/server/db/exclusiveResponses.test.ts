import { rowsWithout, testBackends, writeOldEdition } from '../../helpers/db.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { MIGRATIONS } from '../../../src/server/db/migrations/index.js';

const backends = await testBackends();

describe.each(backends)('exclusive responses on $name', ({ openEmpty }) => {
  it("upgrades a version-13 database in place: every row and score kept, its 'Ninguno de los anteriores' worth 0 marked exclusive", async () => {
    const db = await openEmpty();
    try {
      // Written by plain SQL as version 13 would have: the import code follows the newest schema.
      const { edition, indicator } = await writeOldEdition(db, 13, 2025);
      const subs = await db.query<{ id: number }>(
        `INSERT INTO subindicators (indicator_id, code, text, type, position) VALUES
           ($1, 'S1', '¿Qué acciones?', 'multiple', 0), ($1, 'S2', '¿Cuál?', 'single', 1), ($1, 'S3', '¿Cuáles más?', 'multiple', 2) RETURNING id`,
        [indicator],
      );
      const [multiple, single, other] = subs.map((s) => s.id);
      await db.query(
        `INSERT INTO responses (subindicator_id, code, text, value, position) VALUES
           ($1, 'R1', 'Compostaje', 1, 0), ($1, 'R2', 'Ninguno de los anteriores', 0, 1),
           ($2, 'R1', 'Sí', 2, 0), ($2, 'R2', 'Ninguno de los anteriores', 0, 1),
           ($3, 'R1', 'Huertos', 1, 0), ($3, 'R2', ' ninguna de las anteriores ', 0, 1), ($3, 'R3', 'Ninguna de las anteriores', 1, 2)`,
        [multiple, single, other],
      );
      const [{ id: entity }] = await db.query<{ id: number }>(
        "INSERT INTO entities (name, name_key, population, province_id) VALUES ('Mancomunidad de Prueba', 'mancomunidad de prueba', 5000, '46') RETURNING id",
      );
      const [{ id: campaign }] = await db.query<{ id: number }>("INSERT INTO campaigns (entity_id, edition_id, status) VALUES ($1, $2, 'sent') RETURNING id", [
        entity,
        edition,
      ]);
      // An answer that joined the closing option to another, stored before the rule: kept, and scored as it was.
      await db.query(
        `INSERT INTO answers (campaign_id, subindicator_id, response_ids)
           SELECT $1, subindicator_id, array_agg(id ORDER BY position) FROM responses WHERE subindicator_id = $2 GROUP BY subindicator_id`,
        [campaign, multiple],
      );
      await db.query("INSERT INTO campaign_scores (campaign_id, scope, category_id, value, max_value, percentage) VALUES ($1, 'total', 0, 1, 4, 0.25)", [
        campaign,
      ]);
      const tables = ['responses', 'answers', 'campaign_scores', 'campaigns', 'subindicators'];
      const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await rowsWithout(db, t, 'exclusive')] as const)));

      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 14),
      );

      for (const table of tables) expect(await rowsWithout(db, table, 'exclusive')).toEqual(before[table]);
      const marked = await db.query<{ sub: string; code: string }>(
        'SELECT s.code AS sub, r.code FROM responses r JOIN subindicators s ON s.id = r.subindicator_id WHERE r.exclusive ORDER BY s.code, r.code',
      );
      // Not the single-choice one, nor one worth points.
      expect(marked).toEqual([
        { sub: 'S1', code: 'R2' },
        { sub: 'S3', code: 'R2' },
      ]);
    } finally {
      await db.close();
    }
  });
});
