/**
 * CSV a Spanish spreadsheet opens as it is: UTF-8 with a byte-order mark, semicolons between cells,
 * decimal commas, CRLF line ends, and quotes around any cell that needs them (RFC 4180).
 */
export type CsvCell = string | number | null | undefined;

/** The content types of the files the app writes: CSV, and Excel's .xlsx. */
export const FILE_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** The byte-order mark a CSV starts with (a spreadsheet then reads it as UTF-8). */
export const BOM = '\uFEFF';

/** Text a spreadsheet would run as a formula (OWASP "CSV injection"): kept as text with a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value == null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(Math.round(value * 1000) / 1000).replace('.', ',') : '';
  if (FORMULA_START.test(value)) value = `'${value}`;
  return /[";\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One row as a CSV line, with its line end (a streamed CSV writes them one by one after the BOM). */
export const csvLine = (row: readonly CsvCell[]): string => row.map(cell).join(';') + '\r\n';

/**
 * The most CSV text a streamed file sends in one chunk. V8 puts a string over about 128 KB straight into its old
 * generation, where only a full collection frees it: a server writing a page of rows as one string (0.4-1 MB) grew
 * its heap by the file's size between two of them. Chunks this small die young.
 */
export const CSV_CHUNK_CHARS = 32 * 1024;

/** Rows as CSV text in chunks of whole lines, each cut at the first line that takes it to CSV_CHUNK_CHARS. */
export function* csvChunks(rows: Iterable<readonly CsvCell[]>): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    chunk += csvLine(row);
    if (chunk.length >= CSV_CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/** The rows (the first being the header) as one CSV text. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return BOM + rows.map(csvLine).join('');
}

/** A file name safe on every system: letters, digits and dashes, from any title, with its extension. */
export function exportFileName(extension: 'csv' | 'xlsx', ...parts: string[]): string {
  const slug = parts
    .join('-')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'informe'}.${extension}`;
}

/** exportFileName of a CSV. */
export const csvFileName = (...parts: string[]): string => exportFileName('csv', ...parts);

/** The most characters an Excel cell holds: a longer text makes Excel "repair" the whole workbook. */
export const XLSX_CELL_MAX_LENGTH = 32_767;

/** Characters XML 1.0 cannot carry (controls but tab, line feed and carriage return): an .xlsx writes them escaped. */
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

const xlsxEscape = (c: string) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;

/**
 * A text as an .xlsx cell must hold it for a spreadsheet (and exceljs) to read back the very same characters:
 * OOXML writes a character XML would lose as `_xHHHH_` (a carriage return: an XML reader turns CR LF into LF),
 * so a text that itself holds `_x0041_` is written `_x005F_x0041_`. A text longer than Excel's cell takes is cut
 * there, ending in '…' (never in the middle of an emoji).
 */
export function xlsxText(text: string): string {
  let kept = text;
  if (kept.length > XLSX_CELL_MAX_LENGTH) {
    const cut = kept.slice(0, XLSX_CELL_MAX_LENGTH - 1);
    // Not half of an emoji's surrogate pair.
    kept = `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
  }
  return kept
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
    .replace(/\r/g, xlsxEscape)
    .replace(XML_FORBIDDEN, xlsxEscape);
}
