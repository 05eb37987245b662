import * as yup from 'yup';

/** A questionnaire catalogue as documented in FORMAT.md. */
export interface Catalogue {
  edition: number;
  title: string;
  competences: { code: string; text: string }[];
  axes: CatalogueAxis[];
}
export interface CatalogueAxis { code: string; text: string; policies: CataloguePolicy[] }
export interface CataloguePolicy { code: string; text: string; measures: CatalogueMeasure[] }
export interface CatalogueMeasure { code: string; text: string; indicators: CatalogueIndicator[] }
export interface CatalogueIndicator { code: string; text: string; competence?: string; subindicators: CatalogueSubindicator[] }
export interface CatalogueSubindicator { code: string; text: string; type: 'single' | 'multiple'; responses: CatalogueResponse[] }
export interface CatalogueResponse { code: string; text: string; value: number; obsolete?: boolean; exclusive?: boolean }

/** A catalogue that cannot be imported, with every problem found and where. */
export class CatalogueError extends Error {
  constructor(readonly problems: string[]) {
    super(`The catalogue is not valid:\n  - ${problems.join('\n  - ')}`);
  }
}

/**
 * The most points one response may be worth. A questionnaire an upload can hold (20,000 values, upload.ts) has
 * fewer than 5,000 responses, so a campaign scores at most 500,000 points, and a territory's sum over as many
 * participants as its integer column counts (2^31 - 1) stays below 2^53: every sum of whole points is exact in the
 * double precision columns (FORMAT.md, 'Limits on points'). Infinity, which JSON spells 1e400, is refused too.
 */
export const MAX_RESPONSE_VALUE = 100;

/** A string only as written: yup would turn a number or a boolean into one. Trimmed unless `trim` is false. */
const writtenString = (trim = true) =>
  yup.string().transform((_, raw: unknown) => (typeof raw === 'string' && trim ? raw.trim() : raw));
const code = writtenString().required('code is required').max(64);
const text = writtenString().required('text is required').max(2000);
const list = <T extends yup.AnyObject>(item: yup.ObjectSchema<T>, plural: string, singular: string) =>
  yup.array().of(item).required(`${plural} are required`).min(1, `at least one ${singular} is required`);

const responseSchema = yup.object({
  code,
  text,
  // strict: a string such as "5" or "Infinity" is not a number (yup would convert it).
  value: yup.number().strict().typeError('value must be a number').required('value is required')
    .min(0, 'value must be >= 0').max(MAX_RESPONSE_VALUE, `value must be <= ${MAX_RESPONSE_VALUE}`),
  obsolete: yup.boolean().strict(),
  exclusive: yup.boolean().strict(),
});
const subindicatorSchema = yup.object({
  code,
  text,
  type: yup.string().oneOf(['single', 'multiple'], 'type must be "single" or "multiple"').required('type is required'),
  responses: list(responseSchema, 'responses', 'response'),
});
const indicatorSchema = yup.object({ code, text, competence: writtenString(false), subindicators: list(subindicatorSchema, 'subindicators', 'subindicator') });
const measureSchema = yup.object({ code, text, indicators: list(indicatorSchema, 'indicators', 'indicator') });
const policySchema = yup.object({ code, text, measures: list(measureSchema, 'measures', 'measure') });
const axisSchema = yup.object({ code, text, policies: list(policySchema, 'policies', 'policy') });
const catalogueSchema = yup.object({
  edition: yup.number().strict().typeError('edition must be a year').integer('edition must be a year').min(2000).max(2100).required('edition is required'),
  title: text,
  competences: yup.array().of(yup.object({ code, text })).default([]),
  axes: list(axisSchema, 'axes', 'axis'),
});

/** Rules the shape cannot express: unique codes, known competences, usable responses. */
function checkRules(c: Catalogue): string[] {
  const problems: string[] = [];
  const seen = new Map<string, Set<string>>();
  const unique = (level: string, value: string, where: string) => {
    const set = seen.get(level) ?? new Set<string>();
    if (set.has(value)) problems.push(`${where}: ${level} code "${value}" is used twice`);
    set.add(value);
    seen.set(level, set);
  };
  const competences = new Set(c.competences.map((x) => x.code));
  c.competences.forEach((x, i) => unique('competence', x.code, `competences[${i}]`));
  c.axes.forEach((axis, a) => {
    unique('axis', axis.code, `axes[${a}]`);
    axis.policies.forEach((policy, p) => {
      unique('policy', policy.code, `axes[${a}].policies[${p}]`);
      policy.measures.forEach((measure, m) => {
        const mPath = `axes[${a}].policies[${p}].measures[${m}]`;
        unique('measure', measure.code, mPath);
        measure.indicators.forEach((indicator, i) => {
          const iPath = `${mPath}.indicators[${i}]`;
          unique('indicator', indicator.code, iPath);
          if (indicator.competence !== undefined && !competences.has(indicator.competence)) {
            problems.push(`${iPath}: competence "${indicator.competence}" is not in competences`);
          }
          indicator.subindicators.forEach((sub, s) => {
            const sPath = `${iPath}.subindicators[${s}]`;
            unique('subindicator', sub.code, sPath);
            const codes = new Set<string>();
            sub.responses.forEach((r) => {
              if (codes.has(r.code)) problems.push(`${sPath}: response code "${r.code}" is used twice`);
              codes.add(r.code);
            });
            if (sub.type === 'single' && sub.responses.some((r) => r.exclusive)) problems.push(`${sPath}: exclusive is only for multiple-choice questions`);
            const usable = sub.responses.filter((r) => !r.obsolete);
            if (usable.length < 2) problems.push(`${sPath}: needs at least 2 responses that are not obsolete`);
            if (sub.type === 'single' && !usable.some((r) => r.value > 0)) {
              problems.push(`${sPath}: a single-choice question needs a response worth more than 0 points`);
            }
          });
        });
      });
    });
  });
  return problems;
}

/** Validates a parsed JSON document and returns it typed; throws CatalogueError listing every problem. */
export function parseCatalogue(json: unknown): Catalogue {
  let catalogue: Catalogue;
  try {
    catalogue = catalogueSchema.validateSync(json, { abortEarly: false, stripUnknown: true }) as Catalogue;
  } catch (err) {
    if (err instanceof yup.ValidationError) {
      throw new CatalogueError(err.inner.length > 0 ? err.inner.map((e) => `${e.path || 'catalogue'}: ${e.message}`) : [err.message]);
    }
    throw err;
  }
  const problems = checkRules(catalogue);
  if (problems.length > 0) throw new CatalogueError(problems);
  return catalogue;
}
