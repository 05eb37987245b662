/**
 * CSV a Spanish spreadsheet opens as it is: UTF-8 with a byte-order mark, semicolons between cells,
 * decimal commas, CRLF line ends, and quotes around any cell that needs them (RFC 4180).
 */
export type CsvCell = string | number | null | undefined;

const BOM = '\uFEFF';

/** Text a spreadsheet would run as a formula (OWASP "CSV injection"): kept as text with a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value == null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(Math.round(value * 1000) / 1000).replace('.', ',') : '';
  if (FORMULA_START.test(value)) value = `'${value}`;
  return /[";\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The rows (the first being the header) as one CSV text. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return BOM + rows.map((row) => row.map(cell).join(';')).join('\r\n') + '\r\n';
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
