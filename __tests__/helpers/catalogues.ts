import fs from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { CatalogueError, parseCatalogue, type Catalogue, type CatalogueSubindicator } from '../../src/server/catalogue/parse.js';
import { HAS_FORBIDDEN_CHARACTER } from '../../src/shared/api/schema.js';
import { TRANSLATION_LANGUAGES, type Translations } from '../../src/shared/editionTexts.js';

/** The folder of the demo catalogues (demo-<year>.json). */
export const CATALOGUES = path.resolve('src/server/db/seed/catalogues');

/** A demo catalogue as its file holds it, to be changed by a test. */
export const readDemo = async (year: number): Promise<Catalogue> => JSON.parse(await fs.readFile(path.join(CATALOGUES, `demo-${year}.json`), 'utf8'));

/** What parseCatalogue finds wrong with json ([] when it is a valid catalogue). */
export function problemsOf(json: unknown): string[] {
  try {
    parseCatalogue(json);
    return [];
  } catch (err) {
    if (err instanceof CatalogueError) return err.problems;
    throw err;
  }
}

/** A catalogue as a file that leaves out what asks nothing writes it: no false flag, no 'none' rule, no empty list of competences' absence. */
export function canonical(catalogue: Catalogue): Catalogue {
  const tr = (node: { translations?: Translations }) => (node.translations ? { translations: node.translations } : {});
  const sub = (s: CatalogueSubindicator): CatalogueSubindicator => ({
    code: s.code,
    text: s.text,
    ...tr(s),
    type: s.type,
    responses: s.responses.map((r) => ({
      code: r.code,
      text: r.text,
      ...tr(r),
      value: r.value,
      ...(r.obsolete ? { obsolete: true } : {}),
      ...(r.exclusive ? { exclusive: true } : {}),
    })),
    ...(s.allowsNotApplicable ? { allowsNotApplicable: true } : {}),
    ...(s.evidenceRule && s.evidenceRule !== 'none' ? { evidenceRule: s.evidenceRule } : {}),
    ...(s.evidenceCriteria !== undefined ? { evidenceCriteria: s.evidenceCriteria } : {}),
  });
  return {
    edition: catalogue.edition,
    title: catalogue.title,
    ...tr(catalogue),
    competences: catalogue.competences.map((c) => ({ code: c.code, text: c.text, ...tr(c) })),
    axes: catalogue.axes.map((a) => ({
      code: a.code,
      text: a.text,
      ...tr(a),
      policies: a.policies.map((p) => ({
        code: p.code,
        text: p.text,
        ...tr(p),
        measures: p.measures.map((m) => ({
          code: m.code,
          text: m.text,
          ...tr(m),
          indicators: m.indicators.map((i) => ({
            code: i.code,
            text: i.text,
            ...tr(i),
            ...(i.competence !== undefined ? { competence: i.competence } : {}),
            subindicators: i.subindicators.map(sub),
          })),
        })),
      })),
    })),
  };
}

/** A text a catalogue may hold: not empty, no control character, no space at either end (the check trims), any script or emoji, '_x0041_' shapes included. */
const text = fc
  .oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }), fc.constantFrom('_x0041_', 'Ñandú € 🇪🇸', "l'àmbit «x»", '50 %', '=1+1', '12'))
  .map((s) => s.trim())
  .filter((s) => s !== '' && !HAS_FORBIDDEN_CHARACTER.test(s));

/** Some languages' texts for one field, or none. */
const someLanguages = fc.option(
  fc
    .subarray([...TRANSLATION_LANGUAGES], { minLength: 1 })
    .chain((languages) => fc.tuple(...languages.map(() => text)).map((texts) => new Map(languages.map((l, i) => [l, texts[i]])))),
  { nil: undefined },
);
/** Translations of a node's fields as FORMAT.md writes them (absent without any). */
function translationsOf(fields: Record<string, Map<string, string> | undefined>): { translations?: Translations } {
  const out: Record<string, Record<string, string>> = {};
  for (const [field, languages] of Object.entries(fields)) for (const [l, t] of languages ?? []) (out[l] ??= {})[field] = t;
  return Object.keys(out).length > 0 ? { translations: out } : {};
}

/** Any valid catalogue, small: codes unique by construction, every rule of FORMAT.md kept. */
export const catalogueArb: fc.Arbitrary<Catalogue> = fc
  .record({
    edition: fc.integer({ min: 2000, max: 2100 }),
    title: text,
    titleTr: someLanguages,
    competences: fc.array(fc.record({ text, tr: someLanguages }), { maxLength: 2 }),
    axes: fc.array(
      fc.record({
        text,
        tr: someLanguages,
        policies: fc.array(
          fc.record({
            text,
            tr: someLanguages,
            measures: fc.array(
              fc.record({
                text,
                tr: someLanguages,
                indicators: fc.array(
                  fc.record({
                    text,
                    tr: someLanguages,
                    competence: fc.nat(2),
                    subindicators: fc.array(
                      fc.record({
                        text,
                        tr: someLanguages,
                        criteriaTr: someLanguages,
                        type: fc.constantFrom('single' as const, 'multiple' as const),
                        allowsNotApplicable: fc.boolean(),
                        evidenceRule: fc.constantFrom('none' as const, 'optional' as const, 'required' as const),
                        evidenceCriteria: fc.option(text, { nil: undefined }),
                        responses: fc.array(
                          fc.record({ text, tr: someLanguages, value: fc.integer({ min: 0, max: 100 }), obsolete: fc.boolean(), exclusive: fc.boolean() }),
                          {
                            minLength: 2,
                            maxLength: 4,
                          },
                        ),
                      }),
                      { minLength: 1, maxLength: 2 },
                    ),
                  }),
                  { minLength: 1, maxLength: 2 },
                ),
              }),
              { minLength: 1, maxLength: 2 },
            ),
          }),
          { minLength: 1, maxLength: 2 },
        ),
      }),
      { minLength: 1, maxLength: 2 },
    ),
  })
  .map(({ edition, title, titleTr, competences, axes }) => {
    const competenceList = competences.map((c, i) => ({ code: `C${i + 1}`, text: c.text, ...translationsOf({ text: c.tr }) }));
    return parseCatalogue({
      edition,
      title,
      ...translationsOf({ title: titleTr }),
      competences: competenceList,
      axes: axes.map((a, ai) => ({
        code: `E${ai + 1}`,
        text: a.text,
        ...translationsOf({ text: a.tr }),
        policies: a.policies.map((p, pi) => ({
          code: `E${ai + 1}.P${pi + 1}`,
          text: p.text,
          ...translationsOf({ text: p.tr }),
          measures: p.measures.map((m, mi) => ({
            code: `E${ai + 1}.P${pi + 1}.M${mi + 1}`,
            text: m.text,
            ...translationsOf({ text: m.tr }),
            indicators: m.indicators.map((ind, ii) => ({
              code: `E${ai + 1}.P${pi + 1}.M${mi + 1}.I${ii + 1}`,
              text: ind.text,
              ...translationsOf({ text: ind.tr }),
              ...(ind.competence < competenceList.length ? { competence: competenceList[ind.competence].code } : {}),
              subindicators: ind.subindicators.map((s, si) => ({
                code: `E${ai + 1}.P${pi + 1}.M${mi + 1}.I${ii + 1}.S${si + 1}`,
                text: s.text,
                ...translationsOf({ text: s.tr, ...(s.evidenceRule !== 'none' && s.evidenceCriteria ? { evidenceCriteria: s.criteriaTr } : {}) }),
                type: s.type,
                ...(s.allowsNotApplicable ? { allowsNotApplicable: true } : {}),
                ...(s.evidenceRule !== 'none' ? { evidenceRule: s.evidenceRule, ...(s.evidenceCriteria ? { evidenceCriteria: s.evidenceCriteria } : {}) } : {}),
                // Two responses that are not obsolete, the first worth points (a single choice needs one).
                responses: s.responses.map((r, ri) => ({
                  code: `R${ri + 1}`,
                  text: r.text,
                  ...translationsOf({ text: r.tr }),
                  value: ri === 0 ? Math.max(1, r.value) : r.value,
                  ...(r.obsolete && ri >= 2 ? { obsolete: true } : {}),
                  ...(r.exclusive && s.type === 'multiple' ? { exclusive: true } : {}),
                })),
              })),
            })),
          })),
        })),
      })),
    });
  });
