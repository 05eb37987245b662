import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { Queryable } from '../db/client.js';
import {
  answerPages,
  campaignPages,
  editionQuestions,
  scorePages,
  type EditionQuestions,
  type ExportAnswer,
  type ExportCampaign,
  type ExportScore,
} from '../db/repositories/editionExport.js';
import { BOM, csvLine, xlsxText, type CsvCell } from '../../shared/csv.js';
import { madridDateTime } from '../../shared/dates.js';

/**
 * A whole edition for ADMIN and FEC (GET campaigns/export): every campaign with its entity, status, dates
 * and global score, its scores per axis, policy and measure, and every answer. One row model, two writers:
 * CSV (one table, a 'Tipo' column telling the rows apart) and Excel (a sheet per kind of row). Both are
 * streamed: rows are read in keyset pages and written as they come, so memory stays bounded.
 */

export type ExportFormat = 'csv' | 'xlsx';

/** A cell of the export: a percentage is a fraction (CSV: 0..100; Excel: '0.0%'), a date a Date. */
type Cell = string | number | Date | null;

type ColumnKind = 'text' | 'id' | 'points' | 'percent' | 'date';

const COLUMNS: readonly { header: string; kind: ColumnKind; width: number }[] = [
  { header: 'Campaña', kind: 'id', width: 10 },
  { header: 'Edición', kind: 'id', width: 9 },
  { header: 'Entidad', kind: 'text', width: 40 },
  { header: 'Provincia', kind: 'text', width: 16 },
  { header: 'Comunidad autónoma', kind: 'text', width: 22 },
  { header: 'Estado', kind: 'text', width: 10 },
  { header: 'Primera respuesta', kind: 'date', width: 18 },
  { header: 'Envío', kind: 'date', width: 18 },
  { header: 'Tipo', kind: 'text', width: 10 },
  { header: 'Código', kind: 'text', width: 12 },
  { header: 'Texto', kind: 'text', width: 60 },
  { header: 'Puntos', kind: 'points', width: 9 },
  { header: 'Máximo', kind: 'points', width: 9 },
  { header: 'Porcentaje', kind: 'percent', width: 11 },
  { header: 'Respuesta', kind: 'text', width: 60 },
  { header: 'No aplica', kind: 'text', width: 40 },
  { header: 'Comentario', kind: 'text', width: 60 },
  { header: 'Evidencias', kind: 'text', width: 60 },
  // Added after the first release: at the end, so that a file read by column position keeps its meaning.
  { header: 'Revisión', kind: 'text', width: 20 },
  { header: 'Validación', kind: 'date', width: 18 },
];

export const EXPORT_HEADER = COLUMNS.map((c) => c.header);

/** A campaign's status in the words the screens use (i18n/es.json, CAMPAIGNS.STATUS.*; a test compares them). */
export const STATUS_WORDS: Readonly<Record<string, string>> = { created: 'Sin Comenzar', draft: 'Ongoing', sent: 'Completa' };
/** A sent campaign's review status in the screens' words (i18n/es.json, REVIEW.STATUS.*; a test compares them). */
export const REVIEW_WORDS: Readonly<Record<string, string>> = { pending: 'Pendiente', changesRequested: 'Correcciones pedidas', validated: 'Validada' };
const SCOPE: Readonly<Record<ExportScore['scope'], string>> = { axis: 'Eje', policy: 'Política', measure: 'Medida' };

/** The three kinds of rows, in the order they are written: an Excel sheet each. */
export const EXPORT_SECTIONS = ['Campañas', 'Puntuaciones', 'Respuestas'] as const;

function campaignRow(edition: number, c: ExportCampaign): Cell[] {
  return [
    c.campaignId,
    edition,
    c.entity,
    c.province,
    c.community,
    STATUS_WORDS[c.status] ?? c.status,
    c.startDate,
    c.endDate,
    'Campaña',
    null,
    null,
    c.points,
    c.max,
    c.percentage,
    null,
    null,
    null,
    null,
    c.reviewStatus === null ? null : (REVIEW_WORDS[c.reviewStatus] ?? c.reviewStatus),
    c.validatedAt,
  ];
}

function scoreRow(edition: number, s: ExportScore): Cell[] {
  return [
    s.campaignId,
    edition,
    s.entity,
    null,
    null,
    null,
    null,
    null,
    SCOPE[s.scope],
    s.code,
    s.text,
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
export function answerRow(edition: number, a: ExportAnswer, names: EditionQuestions): Cell[] {
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
    'Respuesta',
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
export async function* exportRows(q: Queryable, edition: { id: number; campaignNumber: number }): AsyncGenerator<{ section: number; rows: Cell[][] }> {
  const year = edition.campaignNumber;
  for await (const page of campaignPages(q, edition.id)) yield { section: 0, rows: page.map((c) => campaignRow(year, c)) };
  for await (const page of scorePages(q, edition.id)) yield { section: 1, rows: page.map((s) => scoreRow(year, s)) };
  const names = await editionQuestions(q, edition.id);
  for await (const page of answerPages(q, edition.id)) yield { section: 2, rows: page.map((a) => answerRow(year, a, names)) };
}

/** A cell as CSV writes it: a percentage 0..100 like the report pages' CSV, a date as a clock in Madrid reads it. */
function csvCell(value: Cell, kind: ColumnKind): CsvCell {
  if (value instanceof Date) return madridDateTime(value);
  if (kind === 'percent' && typeof value === 'number') return Math.round(value * 1000) / 10;
  return value;
}

/** The edition as CSV text chunks (a page of rows each): one table, its header first. */
export async function* editionCsv(q: Queryable, edition: { id: number; campaignNumber: number }): AsyncGenerator<string> {
  yield BOM + csvLine(EXPORT_HEADER);
  for await (const { rows } of exportRows(q, edition)) yield rows.map((row) => csvLine(row.map((v, i) => csvCell(v, COLUMNS[i].kind)))).join('');
}

/**
 * A cell for Excel: a text escaped so that it reads back as written (xlsxText); a date, as Excel has no time zones,
 * the date whose UTC fields are Madrid's wall clock at that instant, so that the sheet shows the time people in
 * Madrid saw (exceljs writes a Date's UTC fields).
 */
const excelCell = (value: Cell): Cell =>
  typeof value === 'string' ? xlsxText(value) : value instanceof Date ? new Date(`${madridDateTime(value).replace(' ', 'T')}:00Z`) : value;

const NUMBER_FORMATS: Partial<Record<ColumnKind, string>> = { points: '0.0', percent: '0.0%', date: 'yyyy-mm-dd hh:mm' };

/**
 * Writes the edition as an .xlsx to `out` with exceljs' streaming writer: a sheet per section, each row
 * committed as it is written (no shared strings, so nothing grows with the file).
 */
export async function writeEditionXlsx(q: Queryable, edition: { id: number; campaignNumber: number }, out: Writable): Promise<void> {
  // exceljs (with its zip libraries) is loaded at the first Excel export: importing it took some 0.7 s of every start.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  let sheet: ExcelJS.Worksheet | null = null;
  let section = -1;
  const open = (next: number) => {
    sheet?.commit();
    sheet = workbook.addWorksheet(EXPORT_SECTIONS[next], { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = COLUMNS.map((c) => ({
      header: c.header,
      width: c.width,
      ...(NUMBER_FORMATS[c.kind] ? { style: { numFmt: NUMBER_FORMATS[c.kind] } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    section = next;
  };
  for await (const page of exportRows(q, edition)) {
    while (section < page.section) open(section + 1);
    for (const row of page.rows) sheet!.addRow(row.map(excelCell)).commit();
    // A slow reader holds the next page back instead of letting the file pile up in memory.
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  while (section < EXPORT_SECTIONS.length - 1) open(section + 1);
  sheet!.commit();
  await workbook.commit();
}

/** The export as a stream for the reply: CSV pulled page by page, Excel written into a pipe as its rows are read. */
export function editionExportStream(
  q: Queryable,
  edition: { id: number; campaignNumber: number },
  format: ExportFormat,
  onError: (err: unknown) => void,
): Readable {
  if (format === 'csv') return Readable.from(editionCsv(q, edition));
  const out = new PassThrough();
  writeEditionXlsx(q, edition, out).catch((err: unknown) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}

/** The file's name: 'edicion-2026.csv'. */
export const exportFileNameOf = (edition: number, format: ExportFormat) => `edicion-${edition}.${format}`;
