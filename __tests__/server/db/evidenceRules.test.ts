import path from 'node:path';
import { rowsWithout, testBackends, writeOldEdition } from '../../helpers/db.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { MIGRATIONS } from '../../../src/server/db/migrations/index.js';
import { importCatalogueFile } from '../../../src/server/catalogue/import.js';
import { parseCatalogue } from '../../../src/server/catalogue/parse.js';
import { loadEditionCatalogue } from '../../../src/server/db/repositories/editions.js';
import { loadEditionIndicators } from '../../../src/server/db/repositories/questionnaires.js';
import { CATALOGUES, readDemo } from '../../helpers/catalogues.js';

const backends = await testBackends();

const ASKS = ['allows_not_applicable', 'evidence_rule', 'evidence_criteria'];

describe.each(backends)('what an edition asks beyond the answers, on $name', ({ open, openEmpty }) => {
  it('upgrades a version-16 database in place: every row kept, its questions asking nothing', async () => {
    const db = await openEmpty();
    try {
      const { edition, indicator } = await writeOldEdition(db, 16, 2025);
      const [{ id: sub }] = await db.query<{ id: number }>(
        "INSERT INTO subindicators (indicator_id, code, text, type, position) VALUES ($1, 'S1', '¿Tiene plan?', 'single', 0) RETURNING id",
        [indicator],
      );
      await db.query("INSERT INTO responses (subindicator_id, code, text, value, position) VALUES ($1, 'R1', 'Sí', 2, 0), ($1, 'R2', 'No', 0, 1)", [sub]);
      const [{ id: entity }] = await db.query<{ id: number }>(
        "INSERT INTO entities (name, name_key, population, province_id) VALUES ('Mancomunidad de Prueba', 'mancomunidad de prueba', 5000, '46') RETURNING id",
      );
      const [{ id: campaign }] = await db.query<{ id: number }>("INSERT INTO campaigns (entity_id, edition_id, status) VALUES ($1, $2, 'sent') RETURNING id", [
        entity,
        edition,
      ]);
      await db.query('INSERT INTO answers (campaign_id, subindicator_id, response_ids) SELECT $1, $2, array_agg(id) FROM responses WHERE code = $3', [
        campaign,
        sub,
        'R1',
      ]);
      await db.query("INSERT INTO campaign_scores (campaign_id, scope, category_id, value, max_value, percentage) VALUES ($1, 'total', 0, 2, 2, 1)", [
        campaign,
      ]);
      const tables = ['subindicators', 'responses', 'answers', 'campaign_scores', 'campaigns'];
      const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await rowsWithout(db, t, ASKS)] as const)));

      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 17),
      );

      for (const table of tables) expect(await rowsWithout(db, table, ASKS)).toEqual(before[table]);
      expect(await db.query('SELECT allows_not_applicable, evidence_rule, evidence_criteria FROM subindicators')).toEqual([
        { allows_not_applicable: false, evidence_rule: 'none', evidence_criteria: null },
      ]);
      // The database keeps the file's rules too: no unknown rule, no criteria without evidence.
      await expect(db.query("UPDATE subindicators SET evidence_rule = 'always'")).rejects.toThrow();
      await expect(db.query("UPDATE subindicators SET evidence_criteria = 'El acta.'")).rejects.toThrow();
    } finally {
      await db.close();
    }
  });

  it('imports them from the file and reads them back: as the questionnaire, and as the same catalogue again', async () => {
    const db = await open();
    try {
      const { editionId } = await importCatalogueFile(db, path.join(CATALOGUES, 'demo-2026.json'));
      const file = parseCatalogue(await readDemo(2026));
      const { catalogue } = await loadEditionCatalogue(db, editionId);
      const asks = (c: typeof file) =>
        c.axes.flatMap((a) =>
          a.policies.flatMap((p) =>
            p.measures.flatMap((m) =>
              m.indicators.flatMap((i) => i.subindicators.map((s) => [s.code, s.allowsNotApplicable, s.evidenceRule, s.evidenceCriteria])),
            ),
          ),
        );
      expect(asks(catalogue)).toEqual(asks(file));
      const questions = (await loadEditionIndicators(db, editionId)).flatMap((i) => i.subindicators);
      const required = questions.filter((q) => q.evidenceRule === 'required');
      expect(required.length).toBeGreaterThanOrEqual(3);
      expect(required.every((q) => typeof q.evidenceCriteria === 'string' && q.evidenceCriteria.length > 0)).toBe(true);
      expect(questions.filter((q) => q.allowsNotApplicable).length).toBeGreaterThanOrEqual(3);
      expect(questions.filter((q) => q.evidenceRule === 'none').every((q) => q.evidenceCriteria === null)).toBe(true);
    } finally {
      await db.close();
    }
  });
});
