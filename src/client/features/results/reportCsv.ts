import { csvFileName, toCsv, type CsvCell } from '../../lib/csv.js';
import type { ActiveLevel, MeasuresFigures, MeasuresRow, MeasuresTable, ReportBlock } from './reportModel.js';
import type { CsvTable } from './resultsSlice.js';
import { reportText, type Translate } from './reportText.js';
import { toChartPercent as percent } from '../../lib/numbers.js';

/** A comparison table as CSV rows: per active level its points and its percentage (0..100), the TOTAL row last. */
export function comparisonCsvRows(block: ReportBlock, levels: readonly ActiveLevel[], labels: { policy: string; points: string; total: string }): CsvCell[][] {
  const header = [labels.policy, ...levels.flatMap((l) => [`${l.label} (${labels.points})`, `${l.label} (%)`])];
  const line = (label: string, row: ReportBlock['total']) => [label, ...levels.flatMap((l) => [row.values[l.level], percent(row.percentages[l.level])])];
  return [header, ...block.rows.map((row) => line(row.policyText, row)), line(labels.total, block.total)];
}

/** The detail-by-measures table as CSV rows, in the order and columns of the screen. */
export function measuresCsvRows(table: MeasuresTable, labels: { row: string; total: string; totalRow: string }): CsvCell[][] {
  const header = [labels.row, ...table.axes.map((a) => a.text), labels.total, ...table.axes.map((a) => `${a.text} (%)`)];
  const line = (label: string, row: MeasuresFigures) => [label, ...table.axes.map((a) => row.values[a.id]), row.total, ...table.axes.map((a) => percent(row.percentages[a.id]))];
  const named = (row: MeasuresRow) => line(row.kind === 'measure' ? `  ${row.text}` : row.text, row);
  return [header, ...table.rows.map(named), line(labels.totalRow, table.total)];
}

/** What a CSV export reads from the report on screen (selectReportCsvSource). */
export interface ReportCsvSource {
  entity: string;
  /** The campaign's edition, named in the file name ('Campaña 2026'). */
  year: number | null;
  blocks: ReportBlock[];
  levels: ActiveLevel[];
  table: MeasuresTable | null;
}

/**
 * 'Descargar CSV' of a comparison table or of the measures table, or null when it is not on screen: its file
 * name says whose, which campaign and which table; its headers give each territorial mean's n.
 */
export function reportCsvFile(request: CsvTable, source: ReportCsvSource, t: Translate): { name: string; content: string } | null {
  const text = reportText(t);
  const fileName = (title: string) => csvFileName(source.entity, ...(source.year === null ? [] : [text.campaign(source.year)]), title);
  if (request.table === 'measures') {
    if (!source.table) return null;
    const rows = measuresCsvRows(source.table, { row: t('RESULTS.MEASURES.ROW'), total: t('RESULTS.MEASURES.TOTAL_COLUMN'), totalRow: text.measuresRowText(source.table.total) });
    return { name: fileName(t('RESULTS.MEASURES.TITLE')), content: toCsv(rows) };
  }
  const block = source.blocks.find((b) => b.key === request.blockKey);
  if (!block) return null;
  const levels = source.levels.map((l) => ({ ...l, label: text.levelLabel(l) }));
  const rows = comparisonCsvRows(block, levels, { policy: t('RESULTS.TABLE.POLICY'), points: t('RESULTS.TABLE.POINTS'), total: text.blockTotal });
  return { name: fileName(text.blockTitle(block)), content: toCsv(rows) };
}
