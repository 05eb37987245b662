import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openTestPglite } from '../../helpers/db.js';
import { CatalogueError, parseCatalogue, type Catalogue } from '../../../src/server/catalogue/parse.js';
import { importCatalogueFile } from '../../../src/server/catalogue/import.js';
import type { Db } from '../../../src/server/db/client.js';
import { canonical, CATALOGUES, problemsOf, readDemo } from '../../helpers/catalogues.js';
import { importCatalogue } from '../../../src/server/catalogue/import.js';
import { loadEditionCatalogue } from '../../../src/server/db/repositories/editions.js';
import { loadEditionIndicators } from '../../../src/server/db/repositories/questionnaires.js';

const countRows = async (db: Db) =>
  db.query(`SELECT (SELECT count(*)::int FROM editions) AS editions, (SELECT count(*)::int FROM categories) AS categories,
                   (SELECT count(*)::int FROM indicators) AS indicators, (SELECT count(*)::int FROM responses) AS responses`);

describe('questionnaire catalogues', () => {
  it('ships a demo questionnaire of the size the product needs, with one obsolete response', async () => {
    const catalogue = parseCatalogue(await readDemo(2026));
    const policies = catalogue.axes.flatMap((a) => a.policies);
    const measures = policies.flatMap((p) => p.measures);
    const indicators = measures.flatMap((m) => m.indicators);
    const subs = indicators.flatMap((i) => i.subindicators);
    expect(catalogue.axes.length).toBeGreaterThanOrEqual(4);
    expect(catalogue.axes.length).toBeLessThanOrEqual(6);
    expect(policies.length).toBeGreaterThanOrEqual(12);
    expect(policies.length).toBeLessThanOrEqual(20);
    expect(measures.length).toBeGreaterThanOrEqual(30);
    expect(indicators.length).toBeGreaterThanOrEqual(40);
    expect(subs.length).toBeGreaterThanOrEqual(120);
    expect(new Set(subs.map((s) => s.type))).toEqual(new Set(['single', 'multiple']));
    expect(subs.flatMap((s) => s.responses).filter((r) => r.obsolete)).toHaveLength(1);
  });

  it('keeps the previous edition on the same axes and policies so that editions compare', async () => {
    const [previous, current] = [parseCatalogue(await readDemo(2025)), parseCatalogue(await readDemo(2026))];
    const policyCodes = (c: Catalogue) => c.axes.flatMap((a) => a.policies.map((p) => `${a.code}/${p.code}`));
    expect(previous.edition).toBe(2025);
    expect(policyCodes(previous)).toEqual(policyCodes(current));
  });

  it('lists every problem of a broken catalogue with where it is', async () => {
    const broken = await readDemo(2026);
    const sub = broken.axes[0].policies[0].measures[0].indicators[0].subindicators[0];
    sub.type = 'ranking' as 'single';
    sub.responses[0].value = -1;
    broken.axes[1].code = broken.axes[0].code;
    broken.axes[0].policies[0].measures[0].indicators[0].competence = 'NOPE';
    broken.axes[0].policies[0].measures[1].indicators[0].subindicators[0].responses.splice(1);
    const problems = problemsOf(broken);
    // The rules' problems come with the shape's, not only once the shape is right.
    expect(problems).toEqual([
      'axes[0].policies[0].measures[0].indicators[0].subindicators[0].type: type must be "single" or "multiple"',
      'axes[0].policies[0].measures[0].indicators[0].subindicators[0].responses[0].value: value must be >= 0',
      'axes[0].policies[0].measures[0].indicators[0]: competence "NOPE" is not in competences',
      'axes[0].policies[0].measures[1].indicators[0].subindicators[0]: needs at least 2 responses that are not obsolete',
      'axes[1]: axis code "E1" is used twice',
    ]);
    const rules = { ...(await readDemo(2026)) };
    rules.axes[1].code = rules.axes[0].code;
    rules.axes[0].policies[0].measures[0].indicators[0].competence = 'NOPE';
    rules.axes[0].policies[0].measures[0].indicators[0].subindicators[0].responses = [
      { code: 'R1', text: 'Sí', value: 0 },
      { code: 'R1', text: 'No', value: 0 },
    ];
    const ruleProblems = problemsOf(rules).join('\n');
    expect(ruleProblems).toContain('axes[1]: axis code "E1" is used twice');
    expect(ruleProblems).toContain('competence "NOPE" is not in competences');
    expect(ruleProblems).toContain('response code "R1" is used twice');
    expect(ruleProblems).toContain('needs a response worth more than 0 points');
    expect(problemsOf({ edition: 'next year', axes: [] })).toEqual(
      expect.arrayContaining(['edition: edition must be a year', 'title: text is required', 'axes: at least one axis is required']),
    );
  });

  it('takes translations into the other languages, and names a language it does not know, an empty one, or criteria to translate that are not there', async () => {
    const demo = await readDemo(2026);
    const sub = demo.axes[0].policies[0].measures[0].indicators[0].subindicators[0];
    sub.translations = { ca: { text: 'Pregunta?', evidenceCriteria: 'El pla.' }, fr: { text: 'Question ?' } } as never;
    demo.axes[0].translations = { en: { text: '' } };
    demo.translations = { es: { title: 'Campaña' } } as never;
    delete sub.evidenceCriteria;
    sub.evidenceRule = 'none';
    expect(problemsOf(demo)).toEqual([
      'axes[0].translations.en.text: a translation must not be empty',
      'translations: "es" is not a language texts are translated into',
      'axes[0].policies[0].measures[0].indicators[0].subindicators[0].translations: "fr" is not a language texts are translated into',
      'axes[0].policies[0].measures[0].indicators[0].subindicators[0].translations.ca.evidenceCriteria: a translation of evidenceCriteria needs evidenceCriteria',
    ]);
    // Empty language objects are no translation at all: the catalogue carries none.
    const plain = await readDemo(2025);
    plain.axes[0].translations = { ca: {} };
    expect(parseCatalogue(plain).axes[0]).not.toHaveProperty('translations');
  });

  describe('import', () => {
    let db: Db;
    let dir: string;
    beforeAll(async () => {
      db = await openTestPglite();
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-'));
    });
    afterAll(() => db.close());

    it('loads a valid file as an edition with its categories, questions and responses', async () => {
      const { editionId } = await importCatalogueFile(db, path.join(CATALOGUES, 'demo-2026.json'));
      const [counts] = await db.query<Record<string, number>>(
        `SELECT (SELECT count(*)::int FROM categories WHERE type = 'axis') AS axes,
                (SELECT count(*)::int FROM subindicators s JOIN indicators i ON i.id = s.indicator_id WHERE i.edition_id = $1) AS subs,
                (SELECT count(*)::int FROM responses WHERE obsolete) AS obsolete`,
        [editionId],
      );
      expect(counts).toEqual({ axes: 5, subs: expect.any(Number), obsolete: 1 });
      expect(counts.subs).toBeGreaterThanOrEqual(120);
    });

    it("keeps an edition's translations: read back as the file wrote them, and on the questionnaire under the names it shows", async () => {
      const file = await readDemo(2025);
      file.edition = 2031;
      file.translations = { ca: { title: 'Campanya 2031' } };
      const axis = file.axes[0];
      axis.translations = { ca: { text: 'Eix en català' }, eu: { text: 'Ardatza' } };
      // The first policy without the demo's own names, so that the first indicator shows only the axis's.
      delete axis.policies[0].translations;
      const sub = axis.policies[0].measures[0].indicators[0].subindicators[0];
      sub.translations = { ca: { text: 'Pregunta en català?' } };
      sub.responses[0].translations = { va: { text: 'Resposta' } };
      const catalogue = parseCatalogue(file);
      const editionId = await importCatalogue(db, catalogue);
      expect(canonical((await loadEditionCatalogue(db, editionId)).catalogue)).toEqual(canonical(catalogue));
      const [first] = await loadEditionIndicators(db, editionId);
      expect(first.translations).toEqual({ ca: { axisText: 'Eix en català' }, eu: { axisText: 'Ardatza' } });
      expect(first.subindicators[0].translations).toEqual({ ca: { text: 'Pregunta en català?' } });
      expect(first.subindicators[0].responses[0].translations).toEqual({ va: { text: 'Resposta' } });
      expect(first.subindicators[0].responses[1]).not.toHaveProperty('translations');
    });

    it('refuses a broken file or an edition already imported and changes nothing', async () => {
      const before = await countRows(db);
      const broken = await readDemo(2025);
      broken.axes[2].policies[0].measures[0].indicators[0].subindicators[0].responses = [];
      const brokenFile = path.join(dir, 'broken.json');
      await fs.writeFile(brokenFile, JSON.stringify(broken));
      await expect(importCatalogueFile(db, brokenFile)).rejects.toThrow(/subindicators\[0\]\.responses/);
      await fs.writeFile(path.join(dir, 'not-json.json'), '{ "edition": 2027,');
      await expect(importCatalogueFile(db, path.join(dir, 'not-json.json'))).rejects.toThrow(CatalogueError);
      await expect(importCatalogueFile(db, path.join(CATALOGUES, 'demo-2026.json'))).rejects.toThrow('edition 2026 is already imported');
      expect(await countRows(db)).toEqual(before);
    });
  });
});
