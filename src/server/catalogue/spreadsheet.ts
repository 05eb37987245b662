import type ExcelJS from 'exceljs';
import { xlsxText } from '../../shared/csv.js';
import type { CatalogueProblemCode, ProblemParams } from '../../shared/catalogueProblems.js';
import type { EvidenceRule } from '../../shared/constants.js';
import { TRANSLATION_LANGUAGES, type TranslationLanguage, type Translations } from '../../shared/editionTexts.js';
import type { SheetProblem } from '../../shared/api/editions.js';
import { CatalogueError, parseCatalogue, type Catalogue, type CatalogueProblem } from './parse.js';
import { fileProblem } from './problems.js';
import { limitProblems, MAX_VALUES, oversize } from './upload.js';

/**
 * An edition as a spreadsheet a federation's staff edit in Excel or LibreOffice, and back (FORMAT.md, "As a
 * spreadsheet"): a sheet 'Edición' (year and title), a sheet 'Competencias', a sheet 'Cuestionario' with one row
 * per response, every level's code and text repeated on it, and a sheet 'Traducciones' with one row per text and
 * a column per language (a file without it has no translations). Headers are in Spanish in the first row; a flag is 'Sí'
 * or 'No', a type 'única' or 'múltiple', an evidence rule 'ninguna', 'opcional' or 'obligatoria'. Read back, the rows
 * are grouped by code in the order they first appear, and the catalogue is checked as an uploaded JSON file is, every
 * problem placed at its sheet, row and column.
 */

export const SHEETS = { edition: 'Edición', competences: 'Competencias', questionnaire: 'Cuestionario' } as const;
export const TRANSLATIONS_SHEET = 'Traducciones';

const EDITION_HEADERS = ['Año', 'Título'] as const;
const COMPETENCE_HEADERS = ['Código', 'Texto'] as const;
/** The questionnaire's columns in order: what each holds and its header. */
const QUESTION_COLUMNS = [
  ['axisCode', 'Eje'],
  ['axisText', 'Texto del eje'],
  ['policyCode', 'Política'],
  ['policyText', 'Texto de la política'],
  ['measureCode', 'Medida'],
  ['measureText', 'Texto de la medida'],
  ['indicatorCode', 'Indicador'],
  ['indicatorText', 'Texto del indicador'],
  ['competence', 'Competencia'],
  ['subCode', 'Subindicador'],
  ['subText', 'Texto del subindicador'],
  ['type', 'Tipo'],
  ['notApplicable', 'Admite No aplica'],
  ['evidenceRule', 'Evidencia'],
  ['evidenceCriteria', 'Criterios de la evidencia'],
  ['responseCode', 'Respuesta'],
  ['responseText', 'Texto de la respuesta'],
  ['value', 'Puntos'],
  ['obsolete', 'Obsoleta'],
  ['exclusive', 'Exclusiva'],
] as const;
type QuestionColumn = (typeof QUESTION_COLUMNS)[number][0];
const QUESTION_HEADERS = QUESTION_COLUMNS.map(([, header]) => header);

/** The translations sheet: which text a row holds (its level, code, and a response's question), the Spanish, then each language. */
const LANGUAGE_HEADERS: Record<TranslationLanguage, string> = {
  en: 'English (en)',
  ca: 'Català (ca)',
  va: 'Valencià (va)',
  gl: 'Galego (gl)',
  eu: 'Euskara (eu)',
};
const TRANSLATION_HEADERS = ['Nivel', 'Código', 'Subindicador', 'Campo', 'Español', ...TRANSLATION_LANGUAGES.map((l) => LANGUAGE_HEADERS[l])];
/** The levels as the translations sheet names them. */
const LEVELS = {
  edition: 'edición',
  competence: 'competencia',
  axis: 'eje',
  policy: 'política',
  measure: 'medida',
  indicator: 'indicador',
  subindicator: 'subindicador',
  response: 'respuesta',
} as const;
type TextLevel = keyof typeof LEVELS;
/** The fields a text may be, as the sheet names them, and which level has each. */
const FIELDS = { title: 'título', text: 'texto', evidenceCriteria: 'criterios de la evidencia' } as const;
type TextField = keyof typeof FIELDS;
const FIELDS_OF: Record<TextLevel, TextField[]> = {
  edition: ['title'],
  competence: ['text'],
  axis: ['text'],
  policy: ['text'],
  measure: ['text'],
  indicator: ['text'],
  subindicator: ['text', 'evidenceCriteria'],
  response: ['text'],
};

/** The translations sheet's rows: one per text of the edition, its translations beside it (empty where there is none). */
function translationRows(catalogue: Catalogue): (string | number)[][] {
  const rows: (string | number)[][] = [];
  const add = (level: TextLevel, code: string, sub: string, node: { translations?: Translations } & Partial<Record<TextField, string>>) => {
    for (const field of FIELDS_OF[level]) {
      const spanish = node[field];
      if (spanish === undefined) continue;
      rows.push([LEVELS[level], code, sub, FIELDS[field], spanish, ...TRANSLATION_LANGUAGES.map((l) => node.translations?.[l]?.[field] ?? '')]);
    }
  };
  // The edition is one: its row names no code (a year changed in 'Edición' keeps its title's translations).
  add('edition', '', '', catalogue);
  for (const c of catalogue.competences) add('competence', c.code, '', c);
  for (const axis of catalogue.axes) {
    add('axis', axis.code, '', axis);
    for (const policy of axis.policies) {
      add('policy', policy.code, '', policy);
      for (const measure of policy.measures) {
        add('measure', measure.code, '', measure);
        for (const indicator of measure.indicators) {
          add('indicator', indicator.code, '', indicator);
          for (const sub of indicator.subindicators) {
            add('subindicator', sub.code, '', sub);
            for (const response of sub.responses) add('response', response.code, sub.code, response);
          }
        }
      }
    }
  }
  return rows;
}

/** The level each code column of the questionnaire names. */
const LEVEL_OF_CODE: Partial<Record<QuestionColumn, TextLevel>> = {
  axisCode: 'axis',
  policyCode: 'policy',
  measureCode: 'measure',
  indicatorCode: 'indicator',
  subCode: 'subindicator',
  responseCode: 'response',
};

const TYPES = { single: 'única', multiple: 'múltiple' } as const;
const RULES: Record<EvidenceRule, string> = { none: 'ninguna', optional: 'opcional', required: 'obligatoria' };
const YES = 'Sí';
const NO = 'No';

/** A row of the questionnaire sheet as written: one response with its sub-indicator's and every level's codes and texts. */
function questionRows(catalogue: Catalogue): (string | number)[][] {
  const rows: (string | number)[][] = [];
  for (const axis of catalogue.axes)
    for (const policy of axis.policies)
      for (const measure of policy.measures)
        for (const indicator of measure.indicators)
          for (const sub of indicator.subindicators)
            for (const response of sub.responses) {
              const cells: Record<QuestionColumn, string | number> = {
                axisCode: axis.code,
                axisText: axis.text,
                policyCode: policy.code,
                policyText: policy.text,
                measureCode: measure.code,
                measureText: measure.text,
                indicatorCode: indicator.code,
                indicatorText: indicator.text,
                competence: indicator.competence ?? '',
                subCode: sub.code,
                subText: sub.text,
                type: TYPES[sub.type],
                notApplicable: sub.allowsNotApplicable ? YES : NO,
                evidenceRule: RULES[sub.evidenceRule ?? 'none'],
                evidenceCriteria: sub.evidenceCriteria ?? '',
                responseCode: response.code,
                responseText: response.text,
                value: response.value,
                obsolete: response.obsolete ? YES : NO,
                exclusive: response.exclusive ? YES : NO,
              };
              rows.push(QUESTION_COLUMNS.map(([key]) => cells[key]));
            }
  return rows;
}

/** An edition as an .xlsx file (its three sheets, headers bold and frozen). */
export async function writeCatalogueXlsx(catalogue: Catalogue): Promise<Buffer> {
  // Loaded when first used, as the edition export does: importing exceljs costs every start some 0.7 s.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const sheet = (name: string, headers: readonly string[], rows: (string | number)[][]) => {
    const ws = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.addRow([...headers]).font = { bold: true };
    for (const row of rows) ws.addRow(row.map((cell) => (typeof cell === 'string' ? xlsxText(cell) : cell)));
    ws.columns.forEach((column, i) => (column.width = Math.min(60, Math.max(10, headers[i].length + 2))));
  };
  sheet(SHEETS.edition, EDITION_HEADERS, [[catalogue.edition, catalogue.title]]);
  sheet(
    SHEETS.competences,
    COMPETENCE_HEADERS,
    catalogue.competences.map((c) => [c.code, c.text]),
  );
  sheet(SHEETS.questionnaire, QUESTION_HEADERS, questionRows(catalogue));
  sheet(TRANSLATIONS_SHEET, TRANSLATION_HEADERS, translationRows(catalogue));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A cell's value: its text (rich text joined), a number, or undefined when empty. exceljs reads back the characters
 * OOXML escapes as `_xHHHH_` (which xlsxText writes, as Excel does).
 */
function cellValue(cell: ExcelJS.Cell): string | number | boolean | undefined {
  const v = cell.value;
  if (v === null || v === undefined || v === '') return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((r) => r.text).join('');
  if (typeof v === 'object' && 'result' in v && v.result !== undefined && !(v.result instanceof Date) && typeof v.result !== 'object') return v.result;
  return String(cell.text);
}

/** Where a problem is: a sheet, a row (from 1) and a column (its letter). */
interface Cell {
  sheet: string;
  row: number;
  column: number;
}
const letter = (column: number): string => {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

/** A problem at a cell, worded as an uploaded file's are, with the column's header among its values. */
function sheetProblem(at: Cell, header: string, code: CatalogueProblemCode, params: ProblemParams = {}): SheetProblem {
  const { code: _code, message, params: values } = fileProblem('', code, params);
  return { sheet: at.sheet, row: at.row, column: letter(at.column), header, code, ...(values ? { params: values } : {}), message };
}

/** More rows than any questionnaire sheet has (the demo's has some 450): refused before reading a cell. */
const MAX_ROWS = 5_000;
/** More than an edition's spreadsheet unpacks to (the demo's: under 1 MB): a small file that unpacks to gigabytes is refused unread. */
const MAX_UNPACKED_BYTES = 50 * 1024 * 1024;

/**
 * What a zip file's entries unpack to, from its central directory (without unpacking anything): undefined when the
 * bytes are not a zip, Infinity when an entry's size is beyond 32 bits (ZIP64) or the directory is cut.
 */
export function unpackedSize(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end of the central directory: 22 bytes, followed by a comment of up to 65,535.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return undefined;
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return Infinity;
    const size = view.getUint32(at + 24, true);
    if (size === 0xffffffff) return Infinity;
    total += size;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return total;
}

/**
 * Reads an .xlsx written as writeCatalogueXlsx writes one (and edited since): the catalogue, or every problem at its
 * sheet, row and column, in the order of the sheets and rows. What no questionnaire can be (a file that unpacks to
 * gigabytes, a sheet of over MAX_ROWS rows) is refused before its cells are read.
 */
export async function readCatalogueXlsx(bytes: Uint8Array): Promise<{ catalogue: Catalogue } | { problems: SheetProblem[] }> {
  const whole = (code: CatalogueProblemCode, params?: ProblemParams) => ({ problems: [sheetProblem({ sheet: '', row: 0, column: 0 }, '', code, params)] });
  const unpacked = unpackedSize(bytes);
  if (unpacked === undefined) return whole('NOT_A_SPREADSHEET');
  if (unpacked > MAX_UNPACKED_BYTES) return whole('TOO_MANY_VALUES', { values: MAX_VALUES, list: MAX_ROWS });
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    return whole('NOT_A_SPREADSHEET');
  }
  if (workbook.worksheets.some((ws) => ws.rowCount > MAX_ROWS + 1)) return whole('TOO_MANY_VALUES', { values: MAX_VALUES, list: MAX_ROWS });
  const problems: SheetProblem[] = [];
  const sheets = new Map<string, ExcelJS.Worksheet>();
  for (const [key, name] of Object.entries(SHEETS)) {
    const ws = workbook.getWorksheet(name);
    if (ws) sheets.set(key, ws);
    else problems.push(sheetProblem({ sheet: name, row: 0, column: 0 }, '', 'SHEET_MISSING', { sheet: name }));
  }
  // The translations sheet is optional: a file written before there were translations has none.
  const translations = workbook.getWorksheet(TRANSLATIONS_SHEET);
  if (translations) sheets.set('translations', translations);
  for (const [key, headers] of [
    ['edition', EDITION_HEADERS],
    ['competences', COMPETENCE_HEADERS],
    ['questionnaire', QUESTION_HEADERS],
    ['translations', TRANSLATION_HEADERS],
  ] as const) {
    const ws = sheets.get(key);
    headers.forEach((header, i) => {
      if (ws && cellValue(ws.getRow(1).getCell(i + 1)) !== header)
        problems.push(sheetProblem({ sheet: ws.name, row: 1, column: i + 1 }, header, 'HEADER_WRONG', { expected: header }));
    });
  }
  if (problems.length > 0) return { problems };
  const read = new SheetReader(sheets);
  const json = read.document();
  const more = (count: number) => sheetProblem({ sheet: '', row: 0, column: 0 }, '', 'MORE_PROBLEMS', { count });
  if (read.problems.length > 0) return { problems: limitProblems(read.problems, more) };
  if (oversize(json)) return whole('TOO_MANY_VALUES', { values: MAX_VALUES, list: MAX_ROWS });
  try {
    return { catalogue: parseCatalogue(json) };
  } catch (err) {
    // yup gathers its problems recursively: a document wrong everywhere could still overflow it.
    if (err instanceof RangeError) return whole('TOO_MANY_PROBLEMS');
    if (!(err instanceof CatalogueError)) throw err;
    return {
      problems: limitProblems(
        err.details.map((p) => read.place(p)),
        more,
      ),
    };
  }
}

type Node = Record<string, unknown>;

/** The three sheets read into the JSON document of a catalogue, with where each of its values came from. */
class SheetReader {
  readonly problems: SheetProblem[] = [];
  /** The cell of each JSON path the document holds (a node's path: its code's cell). */
  private readonly cells = new Map<string, { at: Cell; header: string }>();
  /** Each node by its level and code ('response:<sub-indicator>:<code>'), with its JSON path, for the translations sheet. */
  private readonly nodes = new Map<string, [string, Node]>();

  constructor(private readonly sheets: Map<string, ExcelJS.Worksheet>) {}

  /** The catalogue's document as FORMAT.md writes it, for parseCatalogue to check. */
  document(): Node {
    const edition = this.sheets.get('edition')!;
    const competences = this.sheets.get('competences')!;
    const doc: Node = {
      edition: this.value(edition, 2, 1, 'Año', 'edition'),
      title: this.value(edition, 2, 2, 'Título', 'title'),
      competences: this.rows(competences, COMPETENCE_HEADERS.length).map((r, i) => ({
        code: this.value(competences, r, 1, 'Código', `competences[${i}].code`),
        text: this.value(competences, r, 2, 'Texto', `competences[${i}].text`),
      })),
      axes: [],
    };
    this.nodes.set('edition:', ['', doc]);
    (doc.competences as Node[]).forEach((c, i) => this.nodes.set(`competence:${String(c.code)}`, [`competences[${i}]`, c]));
    this.questionnaire(doc.axes as Node[]);
    const translations = this.sheets.get('translations');
    if (translations) this.translations(translations);
    return doc;
  }

  /**
   * The translations sheet read onto the nodes it names: each language's cell, when written, as the translation of
   * the row's field. A row whose node is not in the other sheets, or whose Spanish is not that node's, is a problem.
   */
  private translations(ws: ExcelJS.Worksheet) {
    const text = (v: unknown) => (typeof v === 'number' ? String(v) : v);
    const at = (r: number, column: number): Cell => ({ sheet: ws.name, row: r, column });
    for (const r of this.rows(ws, TRANSLATION_HEADERS.length)) {
      const cell = (column: number) => text(cellValue(ws.getRow(r).getCell(column)));
      const level = Object.entries(LEVELS).find(([, shown]) => shown === cell(1))?.[0] as TextLevel | undefined;
      if (!level) {
        this.problems.push(sheetProblem(at(r, 1), TRANSLATION_HEADERS[0], 'NOT_AN_OPTION', { options: Object.values(LEVELS).join(', ') }));
        continue;
      }
      const field = FIELDS_OF[level].find((f) => FIELDS[f] === cell(4));
      if (!field) {
        this.problems.push(sheetProblem(at(r, 4), TRANSLATION_HEADERS[3], 'NOT_AN_OPTION', { options: FIELDS_OF[level].map((f) => FIELDS[f]).join(', ') }));
        continue;
      }
      const code = String(cell(2) ?? '');
      const key = level === 'response' ? `response:${String(cell(3) ?? '')}:${code}` : `${level}:${code}`;
      const found = this.nodes.get(key);
      if (!found) {
        this.problems.push(sheetProblem(at(r, 2), TRANSLATION_HEADERS[1], 'NOT_IN_QUESTIONNAIRE', { item: code }));
        continue;
      }
      const [path, node] = found;
      if (cell(5) !== node[field]) {
        this.problems.push(sheetProblem(at(r, 5), TRANSLATION_HEADERS[4], 'SPANISH_DIFFERS', { item: code }));
        continue;
      }
      TRANSLATION_LANGUAGES.forEach((language, i) => {
        const value = cell(6 + i);
        if (value === undefined) return;
        const translations = (node.translations ??= {}) as Record<string, Record<string, unknown>>;
        (translations[language] ??= {})[field] = value;
        this.cells.set(`${path}${path ? '.' : ''}translations.${language}.${field}`, { at: at(r, 6 + i), header: TRANSLATION_HEADERS[5 + i] });
      });
    }
  }

  /**
   * The rows of a sheet after its headers that hold anything in its `width` columns (those it names; what lies beyond
   * them is not read). exceljs's columnCount walks every row: asked per row, it made a sheet's read quadratic.
   */
  private rows(ws: ExcelJS.Worksheet, width: number): number[] {
    const rows: number[] = [];
    ws.eachRow({ includeEmpty: false }, (row, r) => {
      if (r > 1 && Array.from({ length: width }, (_, i) => cellValue(row.getCell(i + 1))).some((v) => v !== undefined)) rows.push(r);
    });
    return rows;
  }

  /** A cell's value, recorded as the source of a JSON path. */
  private value(ws: ExcelJS.Worksheet, row: number, column: number, header: string, path: string): unknown {
    this.cells.set(path, { at: { sheet: ws.name, row, column }, header });
    return cellValue(ws.getRow(row).getCell(column));
  }

  /** The questionnaire's rows grouped into axes, policies, measures, indicators, sub-indicators and responses. */
  private questionnaire(axes: Node[]) {
    const ws = this.sheets.get('questionnaire')!;
    const column = (key: QuestionColumn) => QUESTION_COLUMNS.findIndex(([k]) => k === key) + 1;
    const header = (key: QuestionColumn) => QUESTION_HEADERS[column(key) - 1];
    for (const r of this.rows(ws, QUESTION_HEADERS.length)) {
      const cell = (key: QuestionColumn) => cellValue(ws.getRow(r).getCell(column(key)));
      const at = (key: QuestionColumn): Cell => ({ sheet: ws.name, row: r, column: column(key) });
      // A code or text Excel took for a number (typed 12) is the text it shows.
      const text = (v: unknown) => (typeof v === 'number' ? String(v) : v);
      /** The node of this code in a list, made from this row when it is the first to name it; its path and itself. */
      const nodeIn = (list: Node[], path: string, codeKey: QuestionColumn, fields: [string, QuestionColumn, (v: unknown) => unknown][]): [string, Node] => {
        const code = text(cell(codeKey));
        let index = list.findIndex((n) => n.code === code && code !== undefined);
        if (index < 0) {
          index = list.length;
          const node: Node = { code };
          const nodePath = `${path}[${index}]`;
          this.cells.set(nodePath, { at: at(codeKey), header: header(codeKey) });
          this.cells.set(`${nodePath}.code`, { at: at(codeKey), header: header(codeKey) });
          for (const [field, key, read] of fields) {
            const v = read(cell(key));
            if (v !== undefined) node[field] = v;
            this.cells.set(`${nodePath}.${field}`, { at: at(key), header: header(key) });
          }
          list.push(node);
          const level = LEVEL_OF_CODE[codeKey];
          this.nodes.set(level === 'response' ? `response:${String(cell('subCode'))}:${String(code)}` : `${level}:${String(code)}`, [nodePath, node]);
          return [nodePath, node];
        }
        const node = list[index];
        // A later row repeats what the first wrote of its code; anything else is a contradiction to show at its cell.
        for (const [field, key, read] of fields) {
          if (read(cell(key)) !== node[field]) this.problems.push(sheetProblem(at(key), header(key), 'DIFFERS', { item: String(code) }));
        }
        return [`${path}[${index}]`, node];
      };
      const asIs = (v: unknown) => v;
      const [axisPath, axis] = nodeIn(axes, 'axes', 'axisCode', [['text', 'axisText', text]]);
      const [policyPath, policy] = nodeIn(this.list(axis, 'policies'), `${axisPath}.policies`, 'policyCode', [['text', 'policyText', text]]);
      const [measurePath, measure] = nodeIn(this.list(policy, 'measures'), `${policyPath}.measures`, 'measureCode', [['text', 'measureText', text]]);
      const [indicatorPath, indicator] = nodeIn(this.list(measure, 'indicators'), `${measurePath}.indicators`, 'indicatorCode', [
        ['text', 'indicatorText', text],
        ['competence', 'competence', text],
      ]);
      const [subPath, sub] = nodeIn(this.list(indicator, 'subindicators'), `${indicatorPath}.subindicators`, 'subCode', [
        ['text', 'subText', text],
        ['type', 'type', this.choice(at('type'), header('type'), TYPES)],
        ['allowsNotApplicable', 'notApplicable', this.flag(at('notApplicable'), header('notApplicable'))],
        ['evidenceRule', 'evidenceRule', this.choice(at('evidenceRule'), header('evidenceRule'), RULES, 'none')],
        ['evidenceCriteria', 'evidenceCriteria', text],
      ]);
      nodeIn(this.list(sub, 'responses'), `${subPath}.responses`, 'responseCode', [
        ['text', 'responseText', text],
        ['value', 'value', asIs],
        ['obsolete', 'obsolete', this.flag(at('obsolete'), header('obsolete'))],
        ['exclusive', 'exclusive', this.flag(at('exclusive'), header('exclusive'))],
      ]);
    }
  }

  private list(node: Node, key: string): Node[] {
    return (node[key] ??= []) as Node[];
  }

  /**
   * A choice written in Spanish ('única') as the catalogue's value ('single'); an empty cell is `empty` (absent when
   * not given). Anything else is a problem at its cell, and stays as written for the catalogue's own check.
   */
  private choice(at: Cell, header: string, options: Record<string, string>, empty?: string) {
    return (v: unknown) => {
      if (v === undefined) return undefined;
      const found = Object.entries(options).find(([, shown]) => shown === v)?.[0];
      if (found === undefined) this.problems.push(sheetProblem(at, header, 'NOT_AN_OPTION', { options: Object.values(options).join(', ') }));
      return found === empty ? undefined : found;
    };
  }

  /** 'Sí' is true; 'No' or an empty cell leaves the flag out, as a file leaves out what asks nothing. */
  private flag(at: Cell, header: string) {
    return (v: unknown) => {
      if (v === YES) return true;
      if (v !== undefined && v !== NO) this.problems.push(sheetProblem(at, header, 'NOT_AN_OPTION', { options: `${YES}, ${NO}` }));
      return undefined;
    };
  }

  /** A problem of parseCatalogue at the cell its path came from (the nearest recorded path above it, else the sheet). */
  place(problem: CatalogueProblem): SheetProblem {
    for (let path = problem.path; ; path = path.replace(/(\.\w+|\[\d+\])$/, '')) {
      const found = this.cells.get(path);
      if (found) return sheetProblem(found.at, found.header, problem.code, problem.params);
      if (!/(\.\w+|\[\d+\])$/.test(path)) break;
    }
    const sheet = problem.path.startsWith('competences')
      ? SHEETS.competences
      : problem.path.startsWith('axes') || problem.path === ''
        ? SHEETS.questionnaire
        : SHEETS.edition;
    return sheetProblem({ sheet, row: 0, column: 0 }, '', problem.code, problem.params);
  }
}
