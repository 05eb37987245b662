import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { Queryable } from '../db/client.js';
import {
  answerPages,
  campaignPages,
  campaignsPerPage,
  editionQuestions,
  scorePages,
  type EditionQuestions,
  type ExportAnswer,
  type ExportCampaign,
  type ExportScore,
} from '../db/repositories/editionExport.js';
import { BOM, csvChunks, csvLine, xlsxText, type CsvCell } from '../../shared/csv.js';
import { madridDateTime } from '../../shared/dates.js';
import { translated, type Translations } from '../../shared/editionTexts.js';
import type { Language } from '../../shared/constants.js';
import { catalogueOf } from '../i18n.js';

/**
 * A whole edition for ADMIN and FEC (GET campaigns/export): every campaign with its entity, status, dates
 * and global score, its scores per axis, policy and measure, and every answer, in the language asked (Spanish
 * unless another is: ExportWords). One row model, two writers: CSV (one table, a 'Tipo' column telling the rows
 * apart) and Excel (a sheet per kind of row). Both are streamed: rows are read a few campaigns at a time and
 * written as they come, so memory stays bounded.
 */

export type ExportFormat = 'csv' | 'xlsx';

/** The edition exported: its id and year. */
type ExportedEdition = { id: number; campaignNumber: number };

/** A cell of the export: a percentage is a fraction (CSV: 0..100; Excel: '0.0%'), a date a Date. */
type Cell = string | number | Date | null;

type ColumnKind = 'text' | 'id' | 'points' | 'percent' | 'date';

/** The columns, each named by its i18n id (EDITION_EXPORT.COLUMN.*). */
const COLUMNS: readonly { id: string; kind: ColumnKind; width: number }[] = [
  { id: 'CAMPAIGN', kind: 'id', width: 10 },
  { id: 'EDITION', kind: 'id', width: 9 },
  { id: 'ENTITY', kind: 'text', width: 40 },
  { id: 'PROVINCE', kind: 'text', width: 16 },
  { id: 'COMMUNITY', kind: 'text', width: 22 },
  { id: 'STATUS', kind: 'text', width: 10 },
  { id: 'FIRST_ANSWER', kind: 'date', width: 18 },
  { id: 'SENT', kind: 'date', width: 18 },
  { id: 'KIND', kind: 'text', width: 10 },
  { id: 'CODE', kind: 'text', width: 12 },
  { id: 'TEXT', kind: 'text', width: 60 },
  { id: 'POINTS', kind: 'points', width: 9 },
  { id: 'MAX', kind: 'points', width: 9 },
  { id: 'PERCENTAGE', kind: 'percent', width: 11 },
  { id: 'RESPONSE', kind: 'text', width: 60 },
  { id: 'NOT_APPLICABLE', kind: 'text', width: 40 },
  { id: 'COMMENT', kind: 'text', width: 60 },
  { id: 'EVIDENCE', kind: 'text', width: 60 },
  // Added after the first release: at the end, so that a file read by column position keeps its meaning.
  { id: 'REVIEW', kind: 'text', width: 20 },
  { id: 'VALIDATED', kind: 'date', width: 18 },
];

/** The three kinds of rows, in the order they are written: an Excel sheet each (EDITION_EXPORT.SHEET.*). */
const SECTIONS = ['CAMPAIGNS', 'SCORES', 'ANSWERS'] as const;

/**
 * The export's words in the language it is written in: its headers, sheets and kinds of rows (i18n,
 * EDITION_EXPORT.*), and the screens' words for statuses (CAMPAIGNS.STATUS.*, REVIEW.STATUS.*). The questionnaire's
 * texts are read in that language too, from the edition's translations (shared/editionTexts.ts); the entities'
 * names, comments and evidence are written as they were given.
 */
export interface ExportWords {
  language: Language;
  headers: string[];
  sheets: string[];
  kinds: Record<'campaign' | 'answer' | ExportScore['scope'], string>;
  status: (status: string) => string;
  review: (status: string) => string;
}

const wordsByLanguage = new Map<Language, ExportWords>();

export function exportWords(language: Language): ExportWords {
  let words = wordsByLanguage.get(language);
  if (!words) {
    const catalogue = catalogueOf(language);
    // A status the screens do not name (none today) is written as the database has it.
    const word = (id: string, otherwise = id) => catalogue[id] ?? otherwise;
    words = {
      language,
      headers: COLUMNS.map((c) => word(`EDITION_EXPORT.COLUMN.${c.id}`)),
      sheets: SECTIONS.map((id) => word(`EDITION_EXPORT.SHEET.${id}`)),
      kinds: {
        campaign: word('EDITION_EXPORT.ROW.CAMPAIGN'),
        answer: word('EDITION_EXPORT.ROW.ANSWER'),
        axis: word('EDITION_EXPORT.ROW.AXIS'),
        policy: word('EDITION_EXPORT.ROW.POLICY'),
        measure: word('EDITION_EXPORT.ROW.MEASURE'),
      },
      status: (status) => word(`CAMPAIGNS.STATUS.${status}`, status),
      review: (status) => word(`REVIEW.STATUS.${status}`, status),
    };
    wordsByLanguage.set(language, words);
  }
  return words;
}

function campaignRow(edition: number, c: ExportCampaign, words: ExportWords): Cell[] {
  return [
    c.campaignId,
    edition,
    c.entity,
    c.province,
    c.community,
    words.status(c.status),
    c.startDate,
    c.endDate,
    words.kinds.campaign,
    null,
    null,
    c.points,
    c.max,
    c.percentage,
    null,
    null,
    null,
    null,
    c.reviewStatus === null ? null : words.review(c.reviewStatus),
    c.validatedAt,
  ];
}

/** The edition's questions, responses and translated categories with their texts in the export's language, read once before the rows. */
interface ExportNames {
  questions: ReadonlyMap<number, { code: string; text: string }>;
  responses: ReadonlyMap<number, { code: string; text: string; value: number }>;
  /** An axis's, policy's or measure's text in that language, for those translated into it. */
  categories: ReadonlyMap<number, string>;
}

function namesIn({ questions, responses, categories }: EditionQuestions, language: Language): ExportNames {
  const inLanguage = <T extends { text: string; translations?: Translations }>(node: T) => ({
    ...node,
    text: translated(node.text, node.translations, 'text', language),
  });
  return {
    questions: new Map([...questions].map(([id, q]) => [id, inLanguage(q)])),
    responses: new Map([...responses].map(([id, r]) => [id, inLanguage(r)])),
    categories: new Map(
      [...categories].flatMap(([id, translations]) => {
        const text = translated('', translations, 'text', language);
        return text ? [[id, text] as const] : [];
      }),
    ),
  };
}

function scoreRow(edition: number, s: ExportScore, names: ExportNames, words: ExportWords): Cell[] {
  return [
    s.campaignId,
    edition,
    s.entity,
    null,
    null,
    null,
    null,
    null,
    words.kinds[s.scope],
    s.code,
    names.categories.get(s.categoryId) ?? s.text,
    s.points,
    s.max,
    s.percentage,
    null,
    null,
    null,
    null,
    null,
    null,
  ];
}

/**
 * An answer named by its edition's questionnaire: the question's code and text, the chosen responses ('code: text')
 * and their points added up, as scoring.ts counts them; its "No aplica" reason, comment and evidence (links and file
 * names, ' | ' between them).
 */
export function answerRow(edition: number, a: ExportAnswer, names: ExportNames, words: ExportWords): Cell[] {
  const question = names.questions.get(a.subindicatorId);
  const chosen = a.responseIds.map((id) => names.responses.get(id)).filter((r) => r !== undefined);
  const points = chosen.reduce((sum, r) => sum + r.value, 0);
  const responses = chosen.map((r) => `${r.code}: ${r.text}`).join(' | ');
  return [
    a.campaignId,
    edition,
    a.entity,
    null,
    null,
    null,
    null,
    null,
    words.kinds.answer,
    question?.code ?? null,
    question?.text ?? null,
    points,
    null,
    null,
    responses,
    a.notApplicableReason,
    a.comment,
    a.evidence.length > 0 ? a.evidence.join(' | ') : null,
    null,
    null,
  ];
}

/** Every row of the edition, page by page, tagged with its section (campaigns, then scores, then answers). */
export async function* exportRows(q: Queryable, edition: ExportedEdition, words: ExportWords): AsyncGenerator<{ section: number; rows: Cell[][] }> {
  const year = edition.campaignNumber;
  const questions = await editionQuestions(q, edition.id);
  const names = namesIn(questions, words.language);
  // Pages of a few hundred rows: a campaign has a score row per axis, policy and measure, and an answer row per question at most.
  const scoresPerPage = campaignsPerPage(questions.scoredCategories);
  const answersPerPage = campaignsPerPage(questions.questions.size);
  for await (const page of campaignPages(q, edition.id)) yield { section: 0, rows: page.map((c) => campaignRow(year, c, words)) };
  for await (const page of scorePages(q, edition.id, scoresPerPage)) yield { section: 1, rows: page.map((s) => scoreRow(year, s, names, words)) };
  for await (const page of answerPages(q, edition.id, answersPerPage)) yield { section: 2, rows: page.map((a) => answerRow(year, a, names, words)) };
}

/** A cell as CSV writes it: a percentage 0..100 like the report pages' CSV, a date as a clock in Madrid reads it. */
function csvCell(value: Cell, kind: ColumnKind): CsvCell {
  if (value instanceof Date) return madridDateTime(value);
  if (kind === 'percent' && typeof value === 'number') return Math.round(value * 1000) / 10;
  return value;
}

/** The edition as CSV text chunks (csvChunks: whole lines, small enough to die young): one table, its header first. */
export async function* editionCsv(q: Queryable, edition: ExportedEdition, words: ExportWords): AsyncGenerator<string> {
  yield BOM + csvLine(words.headers);
  for await (const { rows } of exportRows(q, edition, words)) yield* csvChunks(rows.map((row) => row.map((v, i) => csvCell(v, COLUMNS[i].kind))));
}

/**
 * A cell for Excel: a text escaped so that it reads back as written (xlsxText); a date, as Excel has no time zones,
 * the date whose UTC fields are Madrid's wall clock at that instant, so that the sheet shows the time people in
 * Madrid saw (exceljs writes a Date's UTC fields); none for an empty one (exceljs would write an empty cell).
 */
const excelCell = (value: Cell): Exclude<Cell, null> | undefined =>
  value === null
    ? undefined
    : typeof value === 'string'
      ? xlsxText(value)
      : value instanceof Date
        ? new Date(`${madridDateTime(value).replace(' ', 'T')}:00Z`)
        : value;

const NUMBER_FORMATS: Partial<Record<ColumnKind, string>> = { points: '0.0', percent: '0.0%', date: 'yyyy-mm-dd hh:mm' };

/**
 * Each column's style, one object per column that every cell of it shares, and one for every row. exceljs gives each
 * new row and cell a style object of its own, and works out the style of an object it has not seen by building that
 * style's XML; given the same object, it answers from a WeakMap. Built per cell, that was 77,811 style XMLs for the
 * demo's edition alone. Frozen: every export shares them.
 */
const COLUMN_STYLES: readonly Partial<ExcelJS.Style>[] = COLUMNS.map((c) => Object.freeze(NUMBER_FORMATS[c.kind] ? { numFmt: NUMBER_FORMATS[c.kind] } : {}));
const ROW_STYLE: Partial<ExcelJS.Style> = Object.freeze({});

/**
 * Writes the edition as an .xlsx to `out` with exceljs' streaming writer: a sheet per section, each row
 * committed as it is written (no shared strings, so nothing grows with the file).
 */
export async function writeEditionXlsx(q: Queryable, edition: ExportedEdition, words: ExportWords, out: Writable): Promise<void> {
  // exceljs (with its zip libraries) is loaded at the first Excel export: importing it took some 0.7 s of every start.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  let sheet: ExcelJS.Worksheet | null = null;
  let section = -1;
  const open = (next: number) => {
    sheet?.commit();
    sheet = workbook.addWorksheet(words.sheets[next], { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = COLUMNS.map((c, i) => ({
      header: words.headers[i],
      width: c.width,
      style: COLUMN_STYLES[i],
    }));
    sheet.getRow(1).font = { bold: true };
    section = next;
  };
  for await (const page of exportRows(q, edition, words)) {
    while (section < page.section) open(section + 1);
    for (const row of page.rows) {
      const added = sheet!.addRow(row.map(excelCell));
      // A row's style object is in exceljs but not in its types.
      (added as ExcelJS.Row & { style: Partial<ExcelJS.Style> }).style = ROW_STYLE;
      added.eachCell((cell, column) => (cell.style = COLUMN_STYLES[column - 1]));
      added.commit();
    }
    // A slow reader holds the next page back instead of letting the file pile up in memory.
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  while (section < SECTIONS.length - 1) open(section + 1);
  sheet!.commit();
  await workbook.commit();
}

/** The export as a stream for the reply, in a language: CSV pulled page by page, Excel written into a pipe as its rows are read. */
export function editionExportStream(
  q: Queryable,
  edition: ExportedEdition,
  { format, language }: { format: ExportFormat; language: Language },
  onError: (err: unknown) => void,
): Readable {
  const words = exportWords(language);
  if (format === 'csv') return Readable.from(editionCsv(q, edition, words));
  const out = new PassThrough();
  writeEditionXlsx(q, edition, words, out).catch((err: unknown) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}

/** The file's name: 'edicion-2026.csv'. */
export const exportFileNameOf = (edition: number, format: ExportFormat) => `edicion-${edition}.${format}`;
