import type { ComparisonLevel } from '../../../shared/api/results.js';
import { csvFileName, exportFileName, toCsv } from '../../../shared/csv.js';
import { csvRowsOf, type TableModel } from '../../lib/tableModel.js';
import type { SheetSource } from '../../lib/workbook.js';
import { reportText, type Translate } from '../results/reportText.js';
import type { DifferenceTable, RadarGroup } from './comparisonModel.js';
import type { ActiveLevel } from '../results/reportModel.js';
import type { WithheldNote } from '../results/withheld.js';

/** A shown percentage (0..100, one decimal) as the fraction the table model holds. */
const fraction = (value: number | null) => (value === null ? null : value / 100);

/**
 * A differences table, as on screen: axis, policy, the previous year's percentage, the current year's and the
 * change in percentage points; the current year alone without a previous campaign.
 */
export function differencesTable(table: DifferenceTable, labels: { axis: string; policy: string; change: string }): TableModel {
  const { previous, current } = table.years;
  const withPrevious = previous !== null;
  const header = [labels.axis, labels.policy, ...(withPrevious ? [`${previous} (%)`] : []), `${current} (%)`, ...(withPrevious ? [labels.change] : [])];
  const rows = table.axes.flatMap((axis) =>
    axis.rows.map((row) => [
      axis.axisText,
      row.policyText,
      ...(withPrevious ? [fraction(row.previous)] : []),
      fraction(row.current),
      ...(withPrevious ? [row.change] : []),
    ]),
  );
  const formats = ['text', 'text', ...(withPrevious ? ['percent'] : []), 'percent', ...(withPrevious ? ['change'] : [])] as TableModel['formats'];
  return { header, formats, rows };
}

/** What a comparisons CSV or Excel export reads from the comparison on screen (selectComparisonCsvSource). */
export interface ComparisonCsvSource {
  entity: string;
  /** The comparison mode, named in the Excel sheets' heading. */
  compareWithParticipants: boolean;
  groups: RadarGroup[];
  /** The groups as levels: the sheets' heading names each territory (the band in words). */
  levels: ActiveLevel[];
  /** The means withheld for small groups: the sheets' heading says why their cells are empty. */
  withheld: WithheldNote | null;
}

const tableOf = (group: RadarGroup, t: Translate) =>
  differencesTable(group.differences, {
    axis: t('COMPARISONS.DIFFERENCES.AXIS'),
    policy: t('RESULTS.TABLE.POLICY'),
    change: t('COMPARISONS.DIFFERENCES.CHANGE'),
  });

/** 'Descargar CSV' of one group's differences table: its file name (entity, group, year) and content, or null when it is not on screen. */
export function comparisonCsvFile(level: ComparisonLevel, source: ComparisonCsvSource, t: Translate): { name: string; content: string } | null {
  const group = source.groups.find((g) => g.level === level);
  if (!group) return null;
  const table = group.differences;
  return {
    name: csvFileName(source.entity, t('MENU.COMPARISONS'), t(`COMPARISONS.GROUP.${level}`), String(table.years.current)),
    content: toCsv(csvRowsOf(tableOf(group, t))),
  };
}

/**
 * 'Descargar Excel' of the comparisons: every group's differences table as one workbook, a sheet per group,
 * each headed by the entity, the campaign, the mode, the means withheld (if any) and the group with its
 * territory's name; it opens at the group whose button was pressed.
 */
export function comparisonWorkbook(
  level: ComparisonLevel,
  source: ComparisonCsvSource,
  t: Translate,
): { name: string; sheets: SheetSource[]; active: number } | null {
  const active = source.groups.findIndex((g) => g.level === level);
  if (active < 0) return null;
  const year = source.groups[active].differences.years.current;
  const text = reportText(t);
  const mode = `${t('REPORT.HEADING.MODE')}: ${t(`REPORT.HEADING.MODE.${source.compareWithParticipants ? 'participants' : 'all'}`)}`;
  const withheld = source.withheld ? [text.withheldNote(source.withheld, source.compareWithParticipants)] : [];
  const sheets = source.groups.map((group) => {
    const title = t(`COMPARISONS.GROUP.${group.level}`);
    const level = source.levels.find((l) => l.level === group.level);
    const named = level && group.level !== 'campaign' ? `${title}: ${text.levelName(level)}` : title;
    return { name: title, heading: [source.entity, text.campaign(group.differences.years.current), mode, ...withheld, named], table: tableOf(group, t) };
  });
  return { name: exportFileName('xlsx', source.entity, t('MENU.COMPARISONS'), String(year)), sheets, active };
}
