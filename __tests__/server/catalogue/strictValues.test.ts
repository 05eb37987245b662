import { MAX_RESPONSE_VALUE, parseCatalogue } from '../../../src/server/catalogue/parse.js';
import { readCatalogueUpload } from '../../../src/server/catalogue/upload.js';
import { problemsOf, readDemo } from '../../helpers/catalogues.js';

const FIRST = 'axes[0].policies[0].measures[0].indicators[0].subindicators[0]';
const demo = () => readDemo(2026);
/** The demo catalogue with its first response's value replaced by anything, as JSON.parse could give it. */
async function withFirstValue(value: unknown): Promise<unknown> {
  const catalogue = await demo();
  (catalogue.axes[0].policies[0].measures[0].indicators[0].subindicators[0].responses[0] as { value: unknown }).value = value;
  return catalogue;
}

describe('catalogue values are taken only as written, finite and bounded', () => {
  it('refuses an infinite value, one over 100 points or a number written as a string, naming the response; takes 0 to 100', async () => {
    for (const value of [Infinity, 1.7e308, MAX_RESPONSE_VALUE + 0.5, 101]) {
      expect(problemsOf(await withFirstValue(value))).toEqual([`${FIRST}.responses[0].value: value must be <= 100`]);
    }
    for (const value of ['5', 'Infinity', ' 3 ', '', true, [5], { value: 5 }]) {
      expect(problemsOf(await withFirstValue(value))).toEqual([`${FIRST}.responses[0].value: value must be a number`]);
    }
    expect(problemsOf(await withFirstValue(null))).toEqual([`${FIRST}.responses[0].value: value is required`]);
    for (const value of [0, 1.5, MAX_RESPONSE_VALUE]) {
      expect(parseCatalogue(await withFirstValue(value)).axes[0].policies[0].measures[0].indicators[0].subindicators[0].responses[0].value).toBe(value);
    }
  });

  it('refuses an edition or a code written as another type instead of converting it', async () => {
    const catalogue = (await demo()) as unknown as { edition: unknown; axes: { code: unknown; text: unknown }[] };
    catalogue.edition = '2027';
    catalogue.axes[0].code = 7;
    catalogue.axes[1].text = false;
    expect(problemsOf(catalogue)).toEqual([
      'edition: edition must be a year',
      expect.stringMatching(/^axes\[0\]\.code: .*must be a `string` type/),
      expect.stringMatching(/^axes\[1\]\.text: .*must be a `string` type/),
    ]);
    const trimmed = await demo();
    trimmed.axes[0].code = `  ${trimmed.axes[0].code}  `;
    expect(parseCatalogue(trimmed).axes[0].code).toBe('E1');
  });

  it('gives the upload page the response and the problem in Spanish, for 1e400 as JSON spells it', async () => {
    const text = JSON.stringify(await withFirstValue('@')).replace('"@"', '1e400');
    expect(readCatalogueUpload(new TextEncoder().encode(text))).toEqual({
      problems: [
        expect.objectContaining({
          path: `${FIRST}.responses[0].value`,
          place: 'subindicador E1.P1.M1.I1.S1 › respuesta R1 › value',
          code: 'TOO_LARGE',
          message: 'value debe ser 100 o menos',
        }),
      ],
    });
    const asString = JSON.stringify(await withFirstValue('Infinity'));
    expect(readCatalogueUpload(new TextEncoder().encode(asString))).toEqual({
      problems: [
        expect.objectContaining({
          path: `${FIRST}.responses[0].value`,
          place: 'subindicador E1.P1.M1.I1.S1 › respuesta R1 › value',
          code: 'NOT_A_NUMBER',
          message: 'value debe ser un número',
        }),
      ],
    });
    const code = JSON.stringify({ ...(await demo()), title: 2027 });
    expect(readCatalogueUpload(new TextEncoder().encode(code))).toEqual({
      problems: [{ path: 'title', code: 'WRONG_TYPE', params: { expected: 'string' }, message: 'debe ser texto' }],
    });
  });

  it("takes 'exclusive' only as a real boolean and only on a multiple-choice question, as the demo marks 'Ninguno de los anteriores'", async () => {
    const catalogue = await demo();
    const subs = catalogue.axes.flatMap((a) => a.policies.flatMap((p) => p.measures.flatMap((m) => m.indicators.flatMap((i) => i.subindicators))));
    const marked = subs.flatMap((s) => s.responses.filter((r) => (r as { exclusive?: unknown }).exclusive === true).map((r) => [s.type, r.text, r.value]));
    expect(marked.length).toBeGreaterThan(10);
    expect(new Set(marked.map(([type, text, value]) => `${type}|${String(text).replace(/Ninguna de las/, 'Ninguno de los')}|${value}`))).toEqual(
      new Set(['multiple|Ninguno de los anteriores|0']),
    );
    const parsed = parseCatalogue(catalogue).axes.flatMap((a) =>
      a.policies.flatMap((p) => p.measures.flatMap((m) => m.indicators.flatMap((i) => i.subindicators))),
    );
    expect(parsed.flatMap((s) => s.responses.filter((r) => r.exclusive)).length).toBe(marked.length);

    const asText = await demo();
    (asText.axes[0].policies[0].measures[0].indicators[0].subindicators[0].responses[0] as { exclusive?: unknown }).exclusive = 'true';
    expect(problemsOf(asText)).toEqual([expect.stringMatching(/^axes\[0\].*\.responses\[0\]\.exclusive: .*must be a `boolean` type/)]);

    const onSingle = await demo();
    const single = onSingle.axes[0].policies[0].measures[0].indicators[0].subindicators.find((s) => s.type === 'single')!;
    single.responses[1].exclusive = true;
    const problems = problemsOf(onSingle);
    expect(problems).toEqual([expect.stringMatching(/: exclusive is only for multiple-choice questions$/)]);
    const upload = readCatalogueUpload(new TextEncoder().encode(JSON.stringify(onSingle)));
    expect(upload).toEqual({ problems: [expect.objectContaining({ message: 'exclusive solo tiene sentido en una pregunta de respuesta múltiple' })] });
  });

  it("takes what a question asks beyond its answer only as written, as the demo marks it: 'No aplica', the evidence rule and its criteria", async () => {
    const catalogue = await demo();
    const subs = catalogue.axes.flatMap((a) => a.policies.flatMap((p) => p.measures.flatMap((m) => m.indicators.flatMap((i) => i.subindicators))));
    const parsed = parseCatalogue(catalogue).axes.flatMap((a) =>
      a.policies.flatMap((p) => p.measures.flatMap((m) => m.indicators.flatMap((i) => i.subindicators))),
    );
    // The demo: a few questions with required evidence and its criteria, a few optional, a few that allow "No aplica".
    expect(parsed.filter((s) => s.evidenceRule === 'required' && s.evidenceCriteria).length).toBeGreaterThanOrEqual(3);
    expect(parsed.filter((s) => s.evidenceRule === 'optional').length).toBeGreaterThanOrEqual(2);
    expect(parsed.filter((s) => s.allowsNotApplicable).length).toBeGreaterThanOrEqual(3);
    expect(parsed.filter((s) => s.evidenceRule !== undefined).length).toBe(subs.filter((s) => 'evidenceRule' in s).length);

    const place = (problems: string[]) => problems.map((p) => p.replace(/^axes\[0\]\.policies\[0\]\.measures\[0\]\.indicators\[0\]\.subindicators\[1\]/, 'S'));
    const withSecond = async (fields: Record<string, unknown>) => {
      const file = await demo();
      Object.assign(file.axes[0].policies[0].measures[0].indicators[0].subindicators[1], fields);
      return place(problemsOf(file));
    };
    expect(await withSecond({ allowsNotApplicable: 'true' })).toEqual([expect.stringMatching(/^S\.allowsNotApplicable: .*must be a `boolean` type/)]);
    expect(await withSecond({ evidenceRule: 'always' })).toEqual(['S.evidenceRule: evidenceRule must be "none", "optional" or "required"']);
    // A number is not a rule (nor converted into one): refused, and only there.
    const numbered = await withSecond({ evidenceRule: 1 });
    expect(numbered.length).toBeGreaterThan(0);
    for (const problem of numbered) expect(problem).toMatch(/^S\.evidenceRule: /);
    expect(await withSecond({ evidenceCriteria: 'El acta.' })).toEqual(['S: evidenceCriteria needs evidenceRule "optional" or "required"']);
    expect(await withSecond({ evidenceRule: 'none', evidenceCriteria: 'El acta.' })).toEqual([
      'S: evidenceCriteria needs evidenceRule "optional" or "required"',
    ]);
    expect(await withSecond({ evidenceRule: 'optional', evidenceCriteria: '   ' })).toEqual(['S.evidenceCriteria: evidenceCriteria must not be empty']);
    expect(await withSecond({ evidenceRule: 'optional', evidenceCriteria: 'El acta\r\nBcc: x' })).toEqual([
      'S.evidenceCriteria: must not contain control characters',
    ]);
    expect(await withSecond({ evidenceRule: 'required', evidenceCriteria: 'x'.repeat(2001) })).toEqual([
      expect.stringMatching(/^S\.evidenceCriteria: .*at most 2000 characters/),
    ]);
    expect(await withSecond({ evidenceRule: 'required', evidenceCriteria: ' El acta del pleno. ', allowsNotApplicable: true })).toEqual([]);

    const spanish = async (fields: Record<string, unknown>) => {
      const file = await demo();
      Object.assign(file.axes[0].policies[0].measures[0].indicators[0].subindicators[1], fields);
      const upload = readCatalogueUpload(new TextEncoder().encode(JSON.stringify(file)));
      return 'problems' in upload ? upload.problems.map((p) => p.message) : [];
    };
    expect(await spanish({ evidenceRule: 'always' })).toEqual(['evidenceRule debe ser "none", "optional" o "required"']);
    expect(await spanish({ evidenceCriteria: 'El acta.' })).toEqual(['evidenceCriteria solo tiene sentido con evidenceRule "optional" o "required"']);
  });
});
