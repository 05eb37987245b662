import * as yup from 'yup';
import { HAS_FORBIDDEN_CHARACTER } from '../../shared/api/schema.js';
import { EVIDENCE_RULES, type EvidenceRule } from '../../shared/constants.js';
import type { CatalogueLevel, CatalogueProblemCode, ProblemParams } from '../../shared/catalogueProblems.js';
import { TRANSLATION_LANGUAGES, type Translations } from '../../shared/editionTexts.js';

/** A questionnaire catalogue as documented in FORMAT.md. */
export interface Catalogue {
  edition: number;
  title: string;
  /** The title in other languages: `{ ca: { title } }`. */
  translations?: Translations;
  competences: { code: string; text: string; translations?: Translations }[];
  axes: CatalogueAxis[];
}
export interface CatalogueAxis {
  code: string;
  text: string;
  translations?: Translations;
  policies: CataloguePolicy[];
}
export interface CataloguePolicy {
  code: string;
  text: string;
  translations?: Translations;
  measures: CatalogueMeasure[];
}
export interface CatalogueMeasure {
  code: string;
  text: string;
  translations?: Translations;
  indicators: CatalogueIndicator[];
}
export interface CatalogueIndicator {
  code: string;
  text: string;
  translations?: Translations;
  competence?: string;
  subindicators: CatalogueSubindicator[];
}
export interface CatalogueSubindicator {
  code: string;
  text: string;
  /** Its text and evidence criteria in other languages: `{ ca: { text, evidenceCriteria } }`. */
  translations?: Translations;
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
  translations?: Translations;
  value: number;
  obsolete?: boolean;
  exclusive?: boolean;
}

/**
 * One problem of a catalogue: where it is (its JSON path, `axes[1].policies[0]`, empty for the whole file), what it
 * is (a code and its values, shared/catalogueProblems.ts, which the interface words in the reader's language) and,
 * for the command line and the logs, the same in English.
 */
export interface CatalogueProblem {
  path: string;
  code: CatalogueProblemCode;
  params: ProblemParams;
  text: string;
}

/** A catalogue that cannot be imported, with every problem found and where. */
export class CatalogueError extends Error {
  /** Each problem as the command line prints it: 'path: words'. */
  readonly problems: string[];
  constructor(readonly details: CatalogueProblem[]) {
    const lines = details.map((p) => (p.path ? `${p.path}: ${p.text}` : p.text));
    super(`The catalogue is not valid:\n  - ${lines.join('\n  - ')}`);
    this.problems = lines;
  }
}

/** A problem with its English words; yup's message functions return it as their message. */
const said = (code: CatalogueProblemCode, text: string, params: ProblemParams = {}): Omit<CatalogueProblem, 'path'> => ({ code, params, text });
/** The field a JSON path ends in ('value' of 'axes[0]...responses[1].value'). */
const fieldOf = (path: unknown): string => /(\w+)$/.exec(typeof path === 'string' ? path : '')?.[1] ?? '';

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
    .test(
      'no-control-characters',
      said('CONTROL_CHARACTER', 'must not contain control characters'),
      (v) => typeof v !== 'string' || !HAS_FORBIDDEN_CHARACTER.test(v),
    );
/** 'field is required', named after the field the path ends in ('title' reads 'text is required', as the node's text). */
const required = (field: string) => (p: { path: unknown }) => said('REQUIRED', `${field} is required`, { field: fieldOf(p.path) || field });
const tooLong = (max: number) => said('TOO_LONG', `must be at most ${max} characters`, { max });
const code = writtenString().required(required('code')).max(64, tooLong(64));
const text = writtenString().required(required('text')).max(2000, tooLong(2000));
/**
 * A node's texts in other languages (FORMAT.md, 'Translations'): by language, each of the node's text fields that
 * has one, written as the field is. A language the app does not translate into is this file's rules' problem
 * (checkRules), so that it is named rather than dropped.
 */
const translationsOf = (...fields: string[]) =>
  yup
    .object(
      Object.fromEntries(
        TRANSLATION_LANGUAGES.map((language) => [
          language,
          yup
            .object(
              Object.fromEntries(
                fields.map((field) => [field, writtenString().min(1, said('TRANSLATION_EMPTY', 'a translation must not be empty')).max(2000, tooLong(2000))]),
              ),
            )
            .default(undefined),
        ]),
      ),
    )
    .default(undefined);
const textTranslations = translationsOf('text');
const list = <T extends yup.AnyObject>(item: yup.ObjectSchema<T>, plural: string, singular: CatalogueLevel) =>
  yup
    .array()
    .of(item)
    .required(said('LIST_REQUIRED', `${plural} are required`, { field: plural }))
    .min(1, said('LIST_EMPTY', `at least one ${singular} is required`, { level: singular }));

const responseSchema = yup.object({
  code,
  text,
  translations: textTranslations,
  // strict: a string such as "5" or "Infinity" is not a number (yup would convert it).
  value: yup
    .number()
    .strict()
    .typeError(said('NOT_A_NUMBER', 'value must be a number', { field: 'value' }))
    .required(required('value'))
    .min(0, said('TOO_SMALL', 'value must be >= 0', { field: 'value', min: 0 }))
    .max(MAX_RESPONSE_VALUE, said('TOO_LARGE', `value must be <= ${MAX_RESPONSE_VALUE}`, { field: 'value', max: MAX_RESPONSE_VALUE })),
  obsolete: yup.boolean().strict(),
  exclusive: yup.boolean().strict(),
});
const subindicatorSchema = yup.object({
  code,
  text,
  translations: translationsOf('text', 'evidenceCriteria'),
  type: yup.string().oneOf(['single', 'multiple'], said('TYPE_UNKNOWN', 'type must be "single" or "multiple"')).required(required('type')),
  responses: list(responseSchema, 'responses', 'response'),
  allowsNotApplicable: yup.boolean().strict(),
  evidenceRule: yup.string().strict().oneOf(EVIDENCE_RULES, said('EVIDENCE_RULE_UNKNOWN', 'evidenceRule must be "none", "optional" or "required"')),
  evidenceCriteria: writtenString().min(1, said('EVIDENCE_CRITERIA_EMPTY', 'evidenceCriteria must not be empty')).max(2000, tooLong(2000)),
});
const indicatorSchema = yup.object({
  code,
  text,
  translations: textTranslations,
  competence: writtenString(false),
  subindicators: list(subindicatorSchema, 'subindicators', 'subindicator'),
});
const measureSchema = yup.object({ code, text, translations: textTranslations, indicators: list(indicatorSchema, 'indicators', 'indicator') });
const policySchema = yup.object({ code, text, translations: textTranslations, measures: list(measureSchema, 'measures', 'measure') });
const axisSchema = yup.object({ code, text, translations: textTranslations, policies: list(policySchema, 'policies', 'policy') });
const notAYear = said('NOT_A_YEAR', 'edition must be a year');
const yearRange = (bound: string) => said('YEAR_OUT_OF_RANGE', `edition must be ${bound}`, { min: '2000', max: '2100' });
const catalogueSchema = yup.object({
  edition: yup
    .number()
    .strict()
    .typeError(notAYear)
    .integer(notAYear)
    .min(2000, yearRange('greater than or equal to 2000'))
    .max(2100, yearRange('less than or equal to 2100'))
    .required(required('edition')),
  title: text,
  translations: translationsOf('title'),
  competences: yup
    .array()
    .of(yup.object({ code, text, translations: textTranslations }))
    .default([]),
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
function checkRules(json: unknown): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  if (!isNode(json)) return problems;
  const add = (path: string, problem: Omit<CatalogueProblem, 'path'>) => problems.push({ path, ...problem });
  const seen = new Map<string, Set<string>>();
  const unique = (level: CatalogueLevel, value: string | undefined, where: string) => {
    if (!value) return;
    const set = seen.get(level) ?? new Set<string>();
    if (set.has(value)) add(where, said('CODE_REPEATED', `${level} code "${value}" is used twice`, { level, item: value }));
    set.add(value);
    seen.set(level, set);
  };
  // A language the app does not translate into ('fr', or 'es', the file's own) is named, not dropped unseen.
  const languages = (node: Node, path: string) => {
    const translations = node.translations;
    if (!isNode(translations)) return;
    for (const language of Object.keys(translations))
      if (!(TRANSLATION_LANGUAGES as readonly string[]).includes(language))
        add(`${path}${path ? '.' : ''}translations`, said('LANGUAGE_UNKNOWN', `"${language}" is not a language texts are translated into`, { item: language }));
  };
  languages(json, '');
  const competences = new Set(entries(json, 'competences').map(([, x]) => codeOf(x)));
  entries(json, 'competences').forEach(([i, x]) => {
    unique('competence', codeOf(x), `competences[${i}]`);
    languages(x, `competences[${i}]`);
  });
  entries(json, 'axes').forEach(([a, axis]) => {
    unique('axis', codeOf(axis), `axes[${a}]`);
    languages(axis, `axes[${a}]`);
    entries(axis, 'policies').forEach(([p, policy]) => {
      unique('policy', codeOf(policy), `axes[${a}].policies[${p}]`);
      languages(policy, `axes[${a}].policies[${p}]`);
      entries(policy, 'measures').forEach(([m, measure]) => {
        const mPath = `axes[${a}].policies[${p}].measures[${m}]`;
        unique('measure', codeOf(measure), mPath);
        languages(measure, mPath);
        entries(measure, 'indicators').forEach(([i, indicator]) => {
          const iPath = `${mPath}.indicators[${i}]`;
          unique('indicator', codeOf(indicator), iPath);
          languages(indicator, iPath);
          // A reference with a control character is the shape's problem, not an unknown competence to print.
          if (typeof indicator.competence === 'string' && !HAS_FORBIDDEN_CHARACTER.test(indicator.competence) && !competences.has(indicator.competence)) {
            add(iPath, said('COMPETENCE_UNKNOWN', `competence "${indicator.competence}" is not in competences`, { item: indicator.competence }));
          }
          entries(indicator, 'subindicators').forEach(([s, sub]) => {
            const sPath = `${iPath}.subindicators[${s}]`;
            unique('subindicator', codeOf(sub), sPath);
            languages(sub, sPath);
            entries(sub, 'responses').forEach(([r, response]) => languages(response, `${sPath}.responses[${r}]`));
            if (sub.evidenceCriteria === undefined && isNode(sub.translations)) {
              for (const [language, fields] of Object.entries(sub.translations))
                if (isNode(fields) && fields.evidenceCriteria !== undefined)
                  add(
                    `${sPath}.translations.${language}.evidenceCriteria`,
                    said('TRANSLATION_WITHOUT_TEXT', 'a translation of evidenceCriteria needs evidenceCriteria'),
                  );
            }
            const responses = entries(sub, 'responses').map(([, r]) => r);
            const codes = new Set<string>();
            responses.forEach((r) => {
              const code = codeOf(r);
              if (code && codes.has(code)) add(sPath, said('CODE_REPEATED', `response code "${code}" is used twice`, { level: 'response', item: code }));
              if (code) codes.add(code);
            });
            // An empty list is a shape problem ('at least one response'); one response alone is this rule's.
            if (responses.length === 0) return;
            if (sub.type === 'single' && responses.some((r) => r.exclusive === true))
              add(sPath, said('EXCLUSIVE_ON_SINGLE', 'exclusive is only for multiple-choice questions'));
            if (sub.evidenceCriteria !== undefined && (sub.evidenceRule === undefined || sub.evidenceRule === 'none')) {
              add(sPath, said('CRITERIA_WITHOUT_RULE', 'evidenceCriteria needs evidenceRule "optional" or "required"'));
            }
            const usable = responses.filter((r) => r.obsolete !== true);
            if (usable.length < 2) add(sPath, said('TOO_FEW_RESPONSES', 'needs at least 2 responses that are not obsolete'));
            if (sub.type === 'single' && !usable.some((r) => typeof r.value === 'number' && r.value > 0)) {
              add(sPath, said('SINGLE_WITHOUT_POINTS', 'a single-choice question needs a response worth more than 0 points'));
            }
          });
        });
      });
    });
  });
  return problems;
}

/**
 * A shape problem as yup reports it: the message our schema gave (said()), or one of yup's own (a value of another
 * type, '... must be a `string` type'), which the whole document shares (path empty) when it is not an object.
 */
function shapeProblem(e: yup.ValidationError): CatalogueProblem {
  const path = e.path ?? '';
  const message: unknown = e.message;
  if (typeof message === 'object' && message !== null && 'code' in message) return { path, ...(message as Omit<CatalogueProblem, 'path'>) };
  const text = String(message);
  const expected = /must be a `(\w+)` type/.exec(text)?.[1];
  if (expected) return { path, code: 'WRONG_TYPE', params: { expected }, text };
  return { path, code: 'INVALID', params: {}, text };
}

/** Validates a parsed JSON document and returns it typed; throws CatalogueError listing every problem (shape and rules). */
export function parseCatalogue(json: unknown): Catalogue {
  let catalogue: Catalogue | undefined;
  let problems: CatalogueProblem[] = [];
  try {
    catalogue = catalogueSchema.validateSync(json, { abortEarly: false, stripUnknown: true }) as Catalogue;
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    problems = (err.inner.length > 0 ? err.inner : [err]).map(shapeProblem);
  }
  problems.push(...checkRules(json));
  if (problems.length > 0 || !catalogue) throw new CatalogueError(problems);
  return withoutEmptyTranslations(catalogue);
}

/**
 * The catalogue with no empty translations left (`{ ca: {} }`, or `{}`): a node without a translation has no
 * `translations`, however the file wrote that, so that one edition has one document (FORMAT.md's round trips).
 */
function withoutEmptyTranslations<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutEmptyTranslations) as T;
  if (!isNode(value)) return value;
  const out: Node = {};
  for (const [key, child] of Object.entries(value)) {
    if (child === undefined) continue;
    if (key === 'translations' && isNode(child)) {
      const languages = Object.entries(child).filter(
        (entry): entry is [string, Node] => isNode(entry[1]) && Object.values(entry[1]).some((text) => text !== undefined),
      );
      if (languages.length > 0)
        out.translations = Object.fromEntries(
          languages.map(([language, fields]) => [language, Object.fromEntries(Object.entries(fields).filter(([, t]) => t !== undefined))]),
        );
      continue;
    }
    out[key] = withoutEmptyTranslations(child);
  }
  return out as T;
}
