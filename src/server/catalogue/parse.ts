import * as yup from 'yup';
import { HAS_FORBIDDEN_CHARACTER } from '../../shared/api/schema.js';
import { EVIDENCE_RULES, type EvidenceRule } from '../../shared/constants.js';

/** A questionnaire catalogue as documented in FORMAT.md. */
export interface Catalogue {
  edition: number;
  title: string;
  competences: { code: string; text: string }[];
  axes: CatalogueAxis[];
}
export interface CatalogueAxis {
  code: string;
  text: string;
  policies: CataloguePolicy[];
}
export interface CataloguePolicy {
  code: string;
  text: string;
  measures: CatalogueMeasure[];
}
export interface CatalogueMeasure {
  code: string;
  text: string;
  indicators: CatalogueIndicator[];
}
export interface CatalogueIndicator {
  code: string;
  text: string;
  competence?: string;
  subindicators: CatalogueSubindicator[];
}
export interface CatalogueSubindicator {
  code: string;
  text: string;
  type: 'single' | 'multiple';
  responses: CatalogueResponse[];
  /** Whether an entity may answer "No aplica" (with a reason); absent is false. */
  allowsNotApplicable?: boolean;
  /** Absent is 'none'. */
  evidenceRule?: EvidenceRule;
  /** What the evidence must show for the answer to be accepted. */
  evidenceCriteria?: string;
}
export interface CatalogueResponse {
  code: string;
  text: string;
  value: number;
  obsolete?: boolean;
  exclusive?: boolean;
}

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

/**
 * A string only as written: yup would turn a number or a boolean into one. Trimmed unless `trim` is false. Like
 * every text field of the API (shared/api/schema.ts Line), it refuses control characters (line breaks, tabs,
 * escape...), bidirectional overrides and lone surrogates: a title 'Campaña\r\nBcc: …' is not stored.
 */
const writtenString = (trim = true) =>
  yup
    .string()
    .transform((_, raw: unknown) => (typeof raw === 'string' && trim ? raw.trim() : raw))
    .test('no-control-characters', 'must not contain control characters', (v) => typeof v !== 'string' || !HAS_FORBIDDEN_CHARACTER.test(v));
const code = writtenString().required('code is required').max(64);
const text = writtenString().required('text is required').max(2000);
const list = <T extends yup.AnyObject>(item: yup.ObjectSchema<T>, plural: string, singular: string) =>
  yup.array().of(item).required(`${plural} are required`).min(1, `at least one ${singular} is required`);

const responseSchema = yup.object({
  code,
  text,
  // strict: a string such as "5" or "Infinity" is not a number (yup would convert it).
  value: yup
    .number()
    .strict()
    .typeError('value must be a number')
    .required('value is required')
    .min(0, 'value must be >= 0')
    .max(MAX_RESPONSE_VALUE, `value must be <= ${MAX_RESPONSE_VALUE}`),
  obsolete: yup.boolean().strict(),
  exclusive: yup.boolean().strict(),
});
const subindicatorSchema = yup.object({
  code,
  text,
  type: yup.string().oneOf(['single', 'multiple'], 'type must be "single" or "multiple"').required('type is required'),
  responses: list(responseSchema, 'responses', 'response'),
  allowsNotApplicable: yup.boolean().strict(),
  evidenceRule: yup.string().strict().oneOf(EVIDENCE_RULES, 'evidenceRule must be "none", "optional" or "required"'),
  evidenceCriteria: writtenString().min(1, 'evidenceCriteria must not be empty').max(2000),
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

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The objects of a node's list with their positions (anything else in the list is a shape problem). */
const entries = (node: Node, key: string): [number, Node][] => {
  const list = node[key];
  return Array.isArray(list) ? list.flatMap((item, i): [number, Node][] => (isNode(item) ? [[i, item]] : [])) : [];
};
/** A code as the shape reads it (trimmed), or undefined when it is not a string. */
const codeOf = (node: Node, key = 'code'): string | undefined => (typeof node[key] === 'string' ? (node[key] as string).trim() : undefined);

/**
 * Rules the shape cannot express: unique codes, known competences, usable responses. They are read from the
 * document as written, so that they are reported together with any shape problem (a file with a wrong type and an
 * unknown competence lists both): whatever has the wrong shape is skipped here, the shape check reports it.
 */
function checkRules(json: unknown): string[] {
  const problems: string[] = [];
  if (!isNode(json)) return problems;
  const seen = new Map<string, Set<string>>();
  const unique = (level: string, value: string | undefined, where: string) => {
    if (!value) return;
    const set = seen.get(level) ?? new Set<string>();
    if (set.has(value)) problems.push(`${where}: ${level} code "${value}" is used twice`);
    set.add(value);
    seen.set(level, set);
  };
  const competences = new Set(entries(json, 'competences').map(([, x]) => codeOf(x)));
  entries(json, 'competences').forEach(([i, x]) => unique('competence', codeOf(x), `competences[${i}]`));
  entries(json, 'axes').forEach(([a, axis]) => {
    unique('axis', codeOf(axis), `axes[${a}]`);
    entries(axis, 'policies').forEach(([p, policy]) => {
      unique('policy', codeOf(policy), `axes[${a}].policies[${p}]`);
      entries(policy, 'measures').forEach(([m, measure]) => {
        const mPath = `axes[${a}].policies[${p}].measures[${m}]`;
        unique('measure', codeOf(measure), mPath);
        entries(measure, 'indicators').forEach(([i, indicator]) => {
          const iPath = `${mPath}.indicators[${i}]`;
          unique('indicator', codeOf(indicator), iPath);
          // A reference with a control character is the shape's problem, not an unknown competence to print.
          if (typeof indicator.competence === 'string' && !HAS_FORBIDDEN_CHARACTER.test(indicator.competence) && !competences.has(indicator.competence)) {
            problems.push(`${iPath}: competence "${indicator.competence}" is not in competences`);
          }
          entries(indicator, 'subindicators').forEach(([s, sub]) => {
            const sPath = `${iPath}.subindicators[${s}]`;
            unique('subindicator', codeOf(sub), sPath);
            const responses = entries(sub, 'responses').map(([, r]) => r);
            const codes = new Set<string>();
            responses.forEach((r) => {
              const code = codeOf(r);
              if (code && codes.has(code)) problems.push(`${sPath}: response code "${code}" is used twice`);
              if (code) codes.add(code);
            });
            // An empty list is a shape problem ('at least one response'); one response alone is this rule's.
            if (responses.length === 0) return;
            if (sub.type === 'single' && responses.some((r) => r.exclusive === true))
              problems.push(`${sPath}: exclusive is only for multiple-choice questions`);
            if (sub.evidenceCriteria !== undefined && (sub.evidenceRule === undefined || sub.evidenceRule === 'none')) {
              problems.push(`${sPath}: evidenceCriteria needs evidenceRule "optional" or "required"`);
            }
            const usable = responses.filter((r) => r.obsolete !== true);
            if (usable.length < 2) problems.push(`${sPath}: needs at least 2 responses that are not obsolete`);
            if (sub.type === 'single' && !usable.some((r) => typeof r.value === 'number' && r.value > 0)) {
              problems.push(`${sPath}: a single-choice question needs a response worth more than 0 points`);
            }
          });
        });
      });
    });
  });
  return problems;
}

/** Validates a parsed JSON document and returns it typed; throws CatalogueError listing every problem (shape and rules). */
export function parseCatalogue(json: unknown): Catalogue {
  let catalogue: Catalogue | undefined;
  let problems: string[] = [];
  try {
    catalogue = catalogueSchema.validateSync(json, { abortEarly: false, stripUnknown: true }) as Catalogue;
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    problems = err.inner.length > 0 ? err.inner.map((e) => `${e.path || 'catalogue'}: ${e.message}`) : [err.message];
  }
  problems.push(...checkRules(json));
  if (problems.length > 0 || !catalogue) throw new CatalogueError(problems);
  return catalogue;
}
