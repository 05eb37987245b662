import { CatalogueError, parseCatalogue, type Catalogue } from './parse.js';
import { parseJsonFile, type FileProblem } from './jsonText.js';
import { HAS_FORBIDDEN_CHARACTER } from '../../shared/api/schema.js';

/**
 * More values, or longer lists, than any questionnaire has (the demo has about 3,300 values, no list over 20):
 * refused before validating, which costs per problem found.
 */
const MAX_VALUES = 20_000;
const MAX_LIST = 1_000;
/** Problems listed at most; the rest are counted in one last line. */
const MAX_PROBLEMS = 200;

const LEVELS: Record<string, string> = {
  axis: 'eje',
  policy: 'política',
  measure: 'medida',
  indicator: 'indicador',
  subindicator: 'subindicador',
  response: 'respuesta',
  competence: 'competencia',
};
const TYPES: Record<string, string> = { string: 'texto', number: 'un número', array: 'una lista', object: 'un objeto', boolean: 'true o false' };

/** parse.ts's English problems in Spanish, for the page that shows them (the CLI keeps the English ones). */
const SPANISH: [RegExp, (...args: string[]) => string][] = [
  [/^(\w+) is required$/, (f, path) => `falta el campo ${/(\w+)$/.exec(path)?.[1] ?? f}`],
  [/^(\w+) are required$/, (f) => `falta la lista ${f}`],
  [/^at least one (\w+) is required$/, (l) => `necesita al menos un elemento (${LEVELS[l] ?? l})`],
  [/^value must be a number$/, () => 'value debe ser un número'],
  [/^value must be >= 0$/, () => 'value debe ser 0 o más'],
  [/^value must be <= (\d+)$/, (n) => `value debe ser ${n} o menos`],
  [/^type must be "single" or "multiple"$/, () => 'type debe ser "single" o "multiple"'],
  [/^edition must be a year$/, () => 'edition debe ser un año'],
  [/must be (?:greater|less) than or equal to \d+$/, () => 'debe estar entre 2000 y 2100'],
  [/must be at most (\d+) characters$/, (n) => `debe tener como máximo ${n} caracteres`],
  [/must be a `(\w+)` type/, (t) => `debe ser ${TYPES[t] ?? t}`],
  [/^(\w+) code "(.*)" is used twice$/s, (l, c) => `el código de ${LEVELS[l] ?? l} "${c}" está repetido`],
  [/^response code "(.*)" is used twice$/s, (c) => `el código de respuesta "${c}" está repetido`],
  [/^competence "(.*)" is not in competences$/s, (c) => `la competencia "${c}" no está en competences`],
  [/^needs at least 2 responses that are not obsolete$/, () => 'necesita al menos 2 respuestas no obsoletas'],
  [/^exclusive is only for multiple-choice questions$/, () => 'exclusive solo tiene sentido en una pregunta de respuesta múltiple'],
  [/^evidenceRule must be "none", "optional" or "required"$/, () => 'evidenceRule debe ser "none", "optional" o "required"'],
  [/^evidenceCriteria must not be empty$/, () => 'evidenceCriteria no puede estar vacío'],
  [/^evidenceCriteria needs evidenceRule "optional" or "required"$/, () => 'evidenceCriteria solo tiene sentido con evidenceRule "optional" o "required"'],
  [/^a single-choice question needs a response worth more than 0 points$/, () => 'una pregunta de respuesta única necesita una respuesta de más de 0 puntos'],
  [/^must not contain control characters$/, () => 'no puede tener saltos de línea, tabuladores ni otros caracteres de control'],
  [/^edition (\d+) is already imported$/, (y) => `la edición ${y} ya está importada`],
];

/** The level of each list of the file, in Spanish, as a place names it. */
const LIST_LEVELS: Record<string, string> = {
  competences: 'competencia',
  axes: 'eje',
  policies: 'política',
  measures: 'medida',
  indicators: 'indicador',
  subindicators: 'subindicador',
  responses: 'respuesta',
};

/**
 * Where a JSON path (`axes[0].policies[1].measures[0]…value`) is, named as the editions page's reader knows it: by
 * the codes of the file, 'subindicador E1.P1.M1.I1.S1 › respuesta R2 › value'. A level whose code repeats its
 * parent's (FORMAT.md's code scheme) stands for both; an element without a usable code is named by its position
 * ('respuesta n.º 3').
 */
export function placeOf(json: unknown, path: string): string {
  const parts: string[] = [];
  let parentCode: string | undefined;
  let node: unknown = json;
  for (const [, key, index] of path.matchAll(/(\w+)(?:\[(\d+)\])?/g)) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    const level = LIST_LEVELS[key];
    if (index === undefined || !level) {
      parts.push(key);
      continue;
    }
    const position = Number(index);
    node = Array.isArray(node) ? node[position] : undefined;
    const raw = node && typeof node === 'object' ? (node as Record<string, unknown>).code : undefined;
    const code = typeof raw === 'string' && raw.trim() !== '' && raw.length <= 64 && !HAS_FORBIDDEN_CHARACTER.test(raw) ? raw.trim() : undefined;
    if (code && parentCode && code.startsWith(`${parentCode}.`)) parts.pop();
    parts.push(code ? `${level} ${code}` : `${level} n.º ${position + 1}`);
    parentCode = code;
  }
  return parts.join(' › ');
}

/** One of parse.ts's problems ('path: message') as a path, a Spanish message and, given the document, a place named by its codes. */
export function spanishProblem(problem: string, json?: unknown): FileProblem {
  const split = /^([\w[\].]*): (.*)$/s.exec(problem);
  const [path, english] = split ? [split[1] === 'catalogue' ? '' : split[1], split[2]] : ['', problem];
  const named = path && json !== undefined ? placeOf(json, path) : path;
  // A top-level field ('title') is its own place.
  const place = named !== path ? { place: named } : {};
  for (const [pattern, say] of SPANISH) {
    const m = pattern.exec(english);
    // The path comes last, for the messages that name the field it ends in.
    if (m) return { path, ...place, message: m.length > 1 ? say(...m.slice(1), path) : say(path) };
  }
  return { path, ...place, message: 'valor no válido' };
}

/** How many values (objects, arrays, scalars) a parsed document holds, stopping once past limit; Infinity when a list is too long. */
function countValues(value: unknown, limit: number): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && count <= limit) {
    const v = stack.pop();
    count++;
    if (Array.isArray(v) && v.length > MAX_LIST) return Infinity;
    // One by one: spreading a huge array into push() would overflow the stack.
    if (v && typeof v === 'object') for (const child of Object.values(v)) stack.push(child);
  }
  return count;
}

/** An uploaded catalogue file read and validated: the catalogue, or every problem with its place, in Spanish. */
export function readCatalogueUpload(bytes: Uint8Array): { catalogue: Catalogue } | { problems: FileProblem[] } {
  const json = parseJsonFile(bytes);
  if ('problem' in json) return { problems: [json.problem] };
  if (countValues(json.value, MAX_VALUES) > MAX_VALUES) {
    return { problems: [{ path: '', message: `El fichero tiene más de ${MAX_VALUES} valores o una lista de más de ${MAX_LIST}: no es un cuestionario.` }] };
  }
  try {
    return { catalogue: parseCatalogue(json.value) };
  } catch (err) {
    // yup gathers its problems recursively: a file wrong everywhere could still overflow it.
    if (err instanceof RangeError) return { problems: [{ path: '', message: 'El fichero tiene demasiados problemas para listarlos: no es un cuestionario.' }] };
    if (!(err instanceof CatalogueError)) throw err;
    return { problems: limitProblems(err.problems.map((p) => spanishProblem(p, json.value))) };
  }
}

/** At most MAX_PROBLEMS problems, the rest counted. */
export function limitProblems(problems: FileProblem[]): FileProblem[] {
  if (problems.length <= MAX_PROBLEMS) return problems;
  return [...problems.slice(0, MAX_PROBLEMS), { path: '', message: `y ${problems.length - MAX_PROBLEMS} problemas más` }];
}
