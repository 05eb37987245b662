import { toChartPercent } from './numbers.js';
import type { CsvCell } from '../../shared/csv.js';

/**
 * A downloadable table, one model for its two writers: CSV (csv.ts) and Excel (workbook.ts). Each column says
 * what its numbers are; a percentage is held as a fraction 0..1, as the API sends it.
 */
export type ColumnFormat = 'text' | 'points' | 'percent' | 'change';

export interface TableModel {
  header: string[];
  /** One per column of the header. */
  formats: ColumnFormat[];
  rows: CsvCell[][];
}

/** The CSV's rows (header first): a percentage as 0..100 with one decimal, as the screen shows it. */
export function csvRowsOf(table: TableModel): CsvCell[][] {
  const cell = (value: CsvCell, i: number) => (table.formats[i] === 'percent' && typeof value === 'number' ? toChartPercent(value) : value);
  return [table.header, ...table.rows.map((row) => row.map(cell))];
}
