import { diffEditions } from '../../../src/server/catalogue/diff.js';
import { maxPoints } from '../../../src/shared/scoring.js';
import { placeOf, readCatalogueUpload } from '../../../src/server/catalogue/upload.js';
import { placeText, type FormatMessage } from '../../../src/shared/catalogueProblems.js';
import { intlOf } from '../../../src/server/i18n.js';
import type { Language } from '../../../src/shared/constants.js';
import type { Catalogue, CatalogueSubindicator } from '../../../src/server/catalogue/parse.js';

const question = (code: string, text: string, values: number[], type: 'single' | 'multiple' = 'single'): CatalogueSubindicator => ({
  code,
  text,
  type,
  responses: values.map((value, i) => ({ code: `R${i + 1}`, text: `Respuesta ${i + 1}`, value })),
});

/** Two axes, one policy each, one measure each; questions as given per measure. */
function catalogue(edition: number, measures: { code: string; text: string; questions: CatalogueSubindicator[] }[]): Catalogue {
  return {
    edition,
    title: `Campaña ${edition}`,
    competences: [],
    axes: measures.map((m, i) => ({
      code: `E${i + 1}`,
      text: `Eje ${i + 1}`,
      policies: [
        {
          code: `E${i + 1}.P1`,
          text: `Política ${i + 1}`,
          measures: [{ code: m.code, text: m.text, indicators: [{ code: `${m.code}.I1`, text: 'Indicador', subindicators: m.questions }] }],
        },
      ],
    })),
  };
}

describe('the differences between two editions', () => {
  const before = catalogue(2025, [
    { code: 'E1.P1.M1', text: 'Residuos', questions: [question('Q1', '¿Recoge?', [3, 0]), question('Q2', '¿Separa?', [1, 1, 0], 'multiple')] },
    { code: 'E2.P1.M1', text: 'Energía', questions: [question('Q3', '¿Ahorra?', [2, 0])] },
  ]);

  it('finds nothing between an edition and itself', () => {
    expect(diffEditions(before, before)).toEqual({
      measures: { added: [], removed: [], renamed: [] },
      questions: { added: [], removed: [], renamed: [], pointsChanged: [], asksChanged: [] },
      changedPolicies: [],
    });
  });

  it('lists measures and questions added, removed and renamed, points changed, and the policies they touch', () => {
    const after = catalogue(2026, [
      {
        code: 'E1.P1.M1',
        text: 'Residuos urbanos',
        questions: [question('Q1', '¿Recoge selectivamente?', [3, 0]), question('Q2', '¿Separa?', [1, 2, 0], 'multiple')],
      },
      { code: 'E2.P1.M2', text: 'Alumbrado', questions: [question('Q4', '¿Usa LED?', [2, 0])] },
    ]);
    const diff = diffEditions(before, after);
    expect(diff.measures).toEqual({
      added: [{ code: 'E2.P1.M2', text: 'Alumbrado' }],
      removed: [{ code: 'E2.P1.M1', text: 'Energía' }],
      renamed: [{ code: 'E1.P1.M1', before: 'Residuos', after: 'Residuos urbanos' }],
    });
    expect(diff.questions).toEqual({
      added: [{ code: 'Q4', text: '¿Usa LED?' }],
      removed: [{ code: 'Q3', text: '¿Ahorra?' }],
      renamed: [{ code: 'Q1', before: '¿Recoge?', after: '¿Recoge selectivamente?' }],
      pointsChanged: [{ code: 'Q2', text: '¿Separa?', before: 2, after: 3 }],
      asksChanged: [],
    });
    expect(diff.changedPolicies).toEqual(['E1.P1', 'E2.P1']);
  });

  it('lists questions that ask other evidence or allow "No aplica" now, with before and after, and leaves the points and policies alone', () => {
    const after = structuredClone(before);
    const [q1, q2] = after.axes[0].policies[0].measures[0].indicators[0].subindicators;
    Object.assign(q1, { evidenceRule: 'required', evidenceCriteria: 'La ordenanza publicada.' });
    Object.assign(q2, { allowsNotApplicable: true });
    const diff = diffEditions(before, after);
    const nothing = { evidenceRule: 'none', evidenceCriteria: null, allowsNotApplicable: false };
    expect(diff.questions.asksChanged).toEqual([
      { code: 'Q1', text: '¿Recoge?', before: nothing, after: { ...nothing, evidenceRule: 'required', evidenceCriteria: 'La ordenanza publicada.' } },
      { code: 'Q2', text: '¿Separa?', before: nothing, after: { ...nothing, allowsNotApplicable: true } },
    ]);
    expect([diff.questions.pointsChanged, diff.changedPolicies]).toEqual([[], []]);
    // Written out as the defaults, a question asks the same.
    const explicit = structuredClone(before);
    Object.assign(explicit.axes[0].policies[0].measures[0].indicators[0].subindicators[0], { evidenceRule: 'none', allowsNotApplicable: false });
    expect(diffEditions(before, explicit).questions.asksChanged).toEqual([]);
  });

  it('counts a response made obsolete as a change of points, and leaves untouched policies unmarked', () => {
    const after = structuredClone(before);
    after.axes[1].policies[0].measures[0].indicators[0].subindicators[0].responses.push({ code: 'R3', text: 'Vapor de mercurio', value: 0, obsolete: true });
    const diff = diffEditions(before, after);
    expect(diff.questions.pointsChanged).toEqual([{ code: 'Q3', text: '¿Ahorra?', before: 2, after: 2 }]);
    expect(diff.changedPolicies).toEqual(['E2.P1']);
  });

  it('scores a single choice by its best usable response and a multiple choice by their sum', () => {
    expect(maxPoints(question('Q', '?', [1, 4, 2]))).toBe(4);
    expect(maxPoints(question('Q', '?', [1, 1, 0], 'multiple'))).toBe(2);
  });
});

/** The app's words in a language, as the interface formats a problem. */
const wordsOf =
  (language: Language): FormatMessage =>
  (id, values) =>
    intlOf(language).formatMessage({ id }, values);

describe('an uploaded catalogue file', () => {
  const upload = (text: string | Uint8Array) => readCatalogueUpload(typeof text === 'string' ? Buffer.from(text) : text);
  const problems = (text: string | Uint8Array) => {
    const read = upload(text);
    return 'problems' in read ? read.problems : [];
  };

  it('places a syntax error by line and column, in Spanish', () => {
    expect(problems('{\n  "edition": 2027,\n  "title": tru\n}')).toEqual([
      { path: '', code: 'JSON_SYNTAX', params: { line: 3, column: 12 }, message: 'El fichero no es JSON válido (línea 3, columna 12).', line: 3, column: 12 },
    ]);
    expect(problems('{"edition": 2027,}')[0]).toMatchObject({ line: 1, column: 18 });
  });

  it('lists every problem of the catalogue with its place in the file, in Spanish', () => {
    const broken = catalogue(2027, [
      { code: 'E1.P1.M1', text: 'Residuos', questions: [question('Q1', '¿Recoge?', [0, 0]), question('Q1', '', [1, -1], 'multiple')] },
    ]);
    const listed = problems(JSON.stringify(broken));
    // The shape's problems and the rules' (a zero-point single choice, a repeated code) together, each named by codes.
    expect(listed).toEqual([
      {
        path: 'axes[0].policies[0].measures[0].indicators[0].subindicators[1].text',
        where: [{ level: 'indicator', code: 'E1.P1.M1.I1' }, { level: 'subindicator', code: 'Q1' }, { field: 'text' }],
        place: 'indicador E1.P1.M1.I1 › subindicador Q1 › text',
        code: 'REQUIRED',
        params: { field: 'text' },
        message: 'falta el campo text',
      },
      {
        path: 'axes[0].policies[0].measures[0].indicators[0].subindicators[1].responses[1].value',
        where: [{ level: 'indicator', code: 'E1.P1.M1.I1' }, { level: 'subindicator', code: 'Q1' }, { level: 'response', code: 'R2' }, { field: 'value' }],
        place: 'indicador E1.P1.M1.I1 › subindicador Q1 › respuesta R2 › value',
        code: 'TOO_SMALL',
        params: { field: 'value', min: 0 },
        message: 'value debe ser 0 o más',
      },
      {
        path: 'axes[0].policies[0].measures[0].indicators[0].subindicators[0]',
        where: [
          { level: 'indicator', code: 'E1.P1.M1.I1' },
          { level: 'subindicator', code: 'Q1' },
        ],
        place: 'indicador E1.P1.M1.I1 › subindicador Q1',
        code: 'SINGLE_WITHOUT_POINTS',
        message: 'una pregunta de respuesta única necesita una respuesta de más de 0 puntos',
      },
      {
        path: 'axes[0].policies[0].measures[0].indicators[0].subindicators[1]',
        where: [
          { level: 'indicator', code: 'E1.P1.M1.I1' },
          { level: 'subindicator', code: 'Q1' },
        ],
        place: 'indicador E1.P1.M1.I1 › subindicador Q1',
        code: 'CODE_REPEATED',
        params: { level: 'subindicator', item: 'Q1' },
        message: 'el código de subindicador "Q1" está repetido',
      },
    ]);
    const fixed = structuredClone(broken);
    fixed.axes[0].policies[0].measures[0].indicators[0].subindicators[1] = question('Q1', '¿Separa?', [1, 1], 'multiple');
    expect(problems(JSON.stringify(fixed)).map((p) => p.message)).toEqual([
      'una pregunta de respuesta única necesita una respuesta de más de 0 puntos',
      'el código de subindicador "Q1" está repetido',
    ]);
  });

  it("names a place by the codes of the file, a level whose code repeats its parent's standing for both, and by position where a code is missing or unusable", () => {
    const file = {
      axes: [
        {
          code: 'E1',
          policies: [
            {
              code: 'E1.P1',
              measures: [{ code: 'M-9', indicators: [{ code: '', subindicators: [{ code: 'E1.S1\n', responses: [{ code: 'R1' }, { code: 'R2' }] }] }] }],
            },
          ],
        },
      ],
    };
    const where = placeOf(file, 'axes[0].policies[0].measures[0].indicators[0].subindicators[0].responses[1].value');
    expect(where).toEqual([
      { level: 'policy', code: 'E1.P1' },
      { level: 'measure', code: 'M-9' },
      { level: 'indicator', position: 1 },
      { level: 'subindicator', position: 1 },
      { level: 'response', code: 'R2' },
      { field: 'value' },
    ]);
    // In the reader's words: Spanish, and Basque, which puts the position first.
    expect(placeText(wordsOf('es'), where)).toBe('política E1.P1 › medida M-9 › indicador n.º 1 › subindicador n.º 1 › respuesta R2 › value');
    expect(placeText(wordsOf('eu'), placeOf(file, 'axes[3].code'))).toBe('4. ardatza › code');
    expect(placeOf(file, 'title')).toEqual([{ field: 'title' }]);
  });

  it('refuses hostile files with one problem and no exception: invalid UTF-8, deep nesting, huge arrays, prototype keys, wrong shapes', () => {
    expect(problems(new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]))).toEqual([
      { path: '', code: 'NOT_UTF8', message: 'El fichero no está codificado en UTF-8.' },
    ]);
    expect(problems('['.repeat(50000) + ']'.repeat(50000))[0].message).toMatch(/anida/);
    expect(problems(JSON.stringify({ edition: 2027, axes: Array(200000).fill(1) }))[0].message).toMatch(/más de 20\.?000 valores o una lista de más de 1000/);
    for (const text of ['', 'null', '[]', '"x"', '{"edition":{"$gt":1}}', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}']) {
      expect([text, problems(text).length > 0]).toEqual([text, true]);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const many = problems(JSON.stringify({ edition: 2027, title: 'x', axes: Array(900).fill({}) }));
    expect(many).toHaveLength(201);
    expect(many[200].message).toMatch(/^y \d+ problemas más$/);
  });
});
