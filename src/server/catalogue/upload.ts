import { CatalogueError, parseCatalogue, type Catalogue, type CatalogueProblem } from './parse.js';
import { parseJsonFile } from './jsonText.js';
import { fileProblem } from './problems.js';
import { HAS_FORBIDDEN_CHARACTER } from '../../shared/api/schema.js';
import type { FileProblem } from '../../shared/api/editions.js';
import type { CatalogueLevel, PlaceStep } from '../../shared/catalogueProblems.js';

/**
 * More values, or longer lists, than any questionnaire has (the demo has about 3,300 values, no list over 20):
 * refused before validating, which costs per problem found.
 */
export const MAX_VALUES = 20_000;
const MAX_LIST = 1_000;
/** Problems listed at most; the rest are counted in one last line. */
const MAX_PROBLEMS = 200;

/** The level of each list of the file, as a place names it. */
const LIST_LEVELS: Record<string, CatalogueLevel> = {
  competences: 'competence',
  axes: 'axis',
  policies: 'policy',
  measures: 'measure',
  indicators: 'indicator',
  subindicators: 'subindicator',
  responses: 'response',
};

/**
 * Where a JSON path (`axes[0].policies[1].measures[0]…value`) is, as the editions page's reader knows it: by the
 * codes of the file ('subindicador E1.P1.M1.I1.S1 › respuesta R2 › value' once worded). A level whose code repeats
 * its parent's (FORMAT.md's code scheme) stands for both; an element without a usable code is named by its position
 * ('respuesta n.º 3').
 */
export function placeOf(json: unknown, path: string): PlaceStep[] {
  const steps: PlaceStep[] = [];
  let parentCode: string | undefined;
  let node: unknown = json;
  for (const [, key, index] of path.matchAll(/(\w+)(?:\[(\d+)\])?/g)) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    const level = LIST_LEVELS[key];
    if (index === undefined || !level) {
      steps.push({ field: key });
      continue;
    }
    const position = Number(index);
    node = Array.isArray(node) ? node[position] : undefined;
    const raw = node && typeof node === 'object' ? (node as Record<string, unknown>).code : undefined;
    const code = typeof raw === 'string' && raw.trim() !== '' && raw.length <= 64 && !HAS_FORBIDDEN_CHARACTER.test(raw) ? raw.trim() : undefined;
    if (code && parentCode && code.startsWith(`${parentCode}.`)) steps.pop();
    steps.push(code ? { level, code } : { level, position: position + 1 });
    parentCode = code;
  }
  return steps;
}

/** One of parse.ts's problems as the API sends it, given the document its place is named from. */
export function uploadProblem(problem: CatalogueProblem, json?: unknown): FileProblem {
  // A top-level field ('title') is its own place.
  const where = problem.path && json !== undefined ? placeOf(json, problem.path) : [];
  const named = where.length === 1 && 'field' in where[0] ? [] : where;
  return fileProblem(problem.path, problem.code, problem.params, named);
}

/** Deeper than any catalogue nests (13 levels of objects and lists): copying or checking it would overflow the stack. */
const MAX_NESTING = 40;

/**
 * How many values (objects, arrays, scalars) a parsed document holds, stopping once past limit; Infinity when a list
 * is too long or the nesting too deep.
 */
function countValues(value: unknown, limit: number): number {
  let count = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0 && count <= limit) {
    const [v, depth] = stack.pop()!;
    count++;
    if ((Array.isArray(v) && v.length > MAX_LIST) || depth > MAX_NESTING) return Infinity;
    // One by one: spreading a huge array into push() would overflow the stack.
    if (v && typeof v === 'object') for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return count;
}

/** Whether a document holds more than a questionnaire can (values, a list's length, nesting): refused before any check. */
export const oversize = (value: unknown): boolean => countValues(value, MAX_VALUES) > MAX_VALUES;

/** The refusal of an oversize document. */
export const tooManyValues = (): FileProblem => fileProblem('', 'TOO_MANY_VALUES', { values: MAX_VALUES, list: MAX_LIST });

/** The catalogue of a parsed document, or every problem with its place (at most MAX_PROBLEMS); an oversize one is refused whole. */
export function checkCatalogueDocument(value: unknown): { catalogue: Catalogue } | { problems: FileProblem[] } {
  if (oversize(value)) return { problems: [tooManyValues()] };
  try {
    return { catalogue: parseCatalogue(value) };
  } catch (err) {
    // yup gathers its problems recursively: a document wrong everywhere could still overflow it.
    if (err instanceof RangeError) return { problems: [fileProblem('', 'TOO_MANY_PROBLEMS')] };
    if (!(err instanceof CatalogueError)) throw err;
    return {
      problems: limitProblems(
        err.details.map((p) => uploadProblem(p, value)),
        (count) => fileProblem('', 'MORE_PROBLEMS', { count }),
      ),
    };
  }
}

/** An uploaded catalogue file read and validated: the catalogue, or every problem with its place. */
export function readCatalogueUpload(bytes: Uint8Array): { catalogue: Catalogue } | { problems: FileProblem[] } {
  const json = parseJsonFile(bytes);
  if ('problem' in json) return { problems: [json.problem] };
  return checkCatalogueDocument(json.value);
}

/** At most MAX_PROBLEMS problems, the rest counted in a last one (`more`). */
export function limitProblems<T>(problems: T[], more: (count: number) => T): T[] {
  if (problems.length <= MAX_PROBLEMS) return problems;
  return [...problems.slice(0, MAX_PROBLEMS), more(problems.length - MAX_PROBLEMS)];
}
