import type { CsvCell } from '../../lib/csv.js';
import type { ActiveLevel, MeasuresTable, ReportBlock } from './reportModel.js';
import { toChartPercent as percent } from '../../lib/numbers.js';

/** A comparison table as CSV rows: per active level its points and its percentage (0..100). */
export function comparisonCsvRows(block: ReportBlock, levels: readonly ActiveLevel[], labels: { policy: string; points: string }): CsvCell[][] {
  const header = [labels.policy, ...levels.flatMap((l) => [`${l.label} (${labels.points})`, `${l.label} (%)`])];
  const line = (row: ReportBlock['total']) => [row.label, ...levels.flatMap((l) => [row.values[l.level], percent(row.percentages[l.level])])];
  return [header, ...block.rows.map(line), line(block.total)];
}

/** The detail-by-measures table as CSV rows, in the order and columns of the screen. */
export function measuresCsvRows(table: MeasuresTable, labels: { row: string; total: string }): CsvCell[][] {
  const header = [labels.row, ...table.axes.map((a) => a.text), labels.total, ...table.axes.map((a) => `${a.text} (%)`)];
  const line = (row: MeasuresTable['total']) => [
    row.kind === 'measure' ? `  ${row.text}` : row.text,
    ...table.axes.map((a) => row.values[a.id]),
    row.total,
    ...table.axes.map((a) => percent(row.percentages[a.id])),
  ];
  return [header, ...table.rows.map(line), line(table.total)];
}
