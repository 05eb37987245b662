import type { ComparisonLevel } from '../../../shared/api/results.js';
import { csvFileName, toCsv, type CsvCell } from '../../lib/csv.js';
import type { Translate } from '../results/reportText.js';
import type { DifferenceTable, RadarGroup } from './comparisonModel.js';

/**
 * A differences table as CSV rows, as on screen: axis, policy, the previous year's percentage (0..100), the
 * current year's and the change in percentage points; the current year alone without a previous campaign.
 */
export function differencesCsvRows(table: DifferenceTable, labels: { axis: string; policy: string; change: string }): CsvCell[][] {
  const { previous, current } = table.years;
  const withPrevious = previous !== null;
  const header = [labels.axis, labels.policy, ...(withPrevious ? [`${previous} (%)`] : []), `${current} (%)`, ...(withPrevious ? [labels.change] : [])];
  const rows = table.axes.flatMap((axis) =>
    axis.rows.map((row) => [axis.axisText, row.policyText, ...(withPrevious ? [row.previous] : []), row.current, ...(withPrevious ? [row.change] : [])]),
  );
  return [header, ...rows];
}

/** What a comparisons CSV export reads from the comparison on screen (selectComparisonCsvSource). */
export interface ComparisonCsvSource {
  entity: string;
  groups: RadarGroup[];
}

/** 'Descargar CSV' of one group's differences table: its file name (entity, group, year) and content, or null when it is not on screen. */
export function comparisonCsvFile(level: ComparisonLevel, source: ComparisonCsvSource, t: Translate): { name: string; content: string } | null {
  const group = source.groups.find((g) => g.level === level);
  if (!group) return null;
  const table = group.differences;
  const rows = differencesCsvRows(table, { axis: t('COMPARISONS.DIFFERENCES.AXIS'), policy: t('RESULTS.TABLE.POLICY'), change: t('COMPARISONS.DIFFERENCES.CHANGE') });
  return { name: csvFileName(source.entity, t('MENU.COMPARISONS'), t(`COMPARISONS.GROUP.${level}`), String(table.years.current)), content: toCsv(rows) };
}
