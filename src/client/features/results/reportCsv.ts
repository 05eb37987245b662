import { csvFileName, toCsv, type CsvCell } from '../../lib/csv.js';
import type { ActiveLevel, MeasuresFigures, MeasuresRow, MeasuresTable, ReportBlock } from './reportModel.js';
import type { CsvTable } from './resultsSlice.js';
import { planRows, type PlanMeasure } from './improvementPlan.js';
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

/** The words of the plan's CSV: its column headers, and what an unanswered question's answer says. */
export interface PlanCsvLabels {
  axis: string;
  policy: string;
  measure: string;
  grade: string;
  measureValue: string;
  measureMax: string;
  measurePercentage: string;
  measureAvailable: string;
  indicator: string;
  question: string;
  questionValue: string;
  questionMax: string;
  answer: string;
  best: string;
  unanswered: string;
  grades: Record<PlanMeasure['grade'], string>;
}

/** The improvement plan as CSV rows: one per question (planRows), its measure's figures repeated, percentages 0..100. */
export function planCsvRows(plan: readonly PlanMeasure[], labels: PlanCsvLabels): CsvCell[][] {
  const header = [
    labels.axis, labels.policy, labels.measure, labels.grade, labels.measureValue, labels.measureMax, labels.measurePercentage, labels.measureAvailable,
    labels.indicator, labels.question, labels.questionValue, labels.questionMax, labels.answer, labels.best,
  ];
  const rows = planRows(plan).map((r) => [
    r.axis, r.policy, r.measure, labels.grades[r.grade], r.measureValue, r.measureMax, percent(r.measurePercentage), r.measureAvailable,
    r.indicator, r.question, r.questionValue, r.questionMax, r.answer.length > 0 ? r.answer.join(' / ') : labels.unanswered, r.best.join(' / '),
  ]);
  return [header, ...rows];
}

/** What a CSV export reads from the report on screen (selectReportCsvSource). */
export interface ReportCsvSource {
  entity: string;
  /** The campaign's edition, named in the file name ('Campaña 2026'). */
  year: number | null;
  blocks: ReportBlock[];
  levels: ActiveLevel[];
  table: MeasuresTable | null;
  /** The improvement plan, null while no result is on screen. */
  plan: PlanMeasure[] | null;
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
  if (request.table === 'plan') {
    if (!source.plan) return null;
    return { name: fileName(t('RESULTS.PLAN.TITLE')), content: toCsv(planCsvRows(source.plan, planCsvLabels(t))) };
  }
  const block = source.blocks.find((b) => b.key === request.blockKey);
  if (!block) return null;
  const levels = source.levels.map((l) => ({ ...l, label: text.levelLabel(l) }));
  const rows = comparisonCsvRows(block, levels, { policy: t('RESULTS.TABLE.POLICY'), points: t('RESULTS.TABLE.POINTS'), total: text.blockTotal });
  return { name: fileName(text.blockTitle(block)), content: toCsv(rows) };
}

/** The plan's CSV headers in the interface's language. */
export function planCsvLabels(t: Translate): PlanCsvLabels {
  const col = (id: string) => t(`RESULTS.PLAN.CSV.${id}`);
  return {
    axis: col('AXIS'),
    policy: col('POLICY'),
    measure: col('MEASURE'),
    grade: col('GRADE'),
    measureValue: col('MEASURE_VALUE'),
    measureMax: col('MEASURE_MAX'),
    measurePercentage: col('MEASURE_PERCENTAGE'),
    measureAvailable: col('MEASURE_AVAILABLE'),
    indicator: col('INDICATOR'),
    question: col('QUESTION'),
    questionValue: col('QUESTION_VALUE'),
    questionMax: col('QUESTION_MAX'),
    answer: col('ANSWER'),
    best: col('BEST'),
    unanswered: t('RESULTS.PLAN.UNANSWERED'),
    grades: { low: t('RESULTS.MEASURES.GRADE.low'), medium: t('RESULTS.MEASURES.GRADE.medium') },
  };
}
