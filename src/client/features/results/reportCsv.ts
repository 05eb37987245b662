import { csvFileName, exportFileName, toCsv, type CsvCell } from '../../../shared/csv.js';
import { csvRowsOf, type TableModel } from '../../lib/tableModel.js';
import type { SheetSource } from '../../lib/workbook.js';
import type { ActiveLevel, MeasuresFigures, MeasuresRow, MeasuresTable, ReportBlock } from './reportModel.js';
import type { CsvTable } from './resultsSlice.js';
import { planRows, type PlanMeasure } from './improvementPlan.js';
import { reportText, type ReportText, type Translate } from './reportText.js';
import { rankLevels, type RankRow } from './rankModel.js';
import type { WithheldNote } from './withheld.js';
import type { IndicatorGroup } from '../../../shared/api/campaigns.js';
import { answersCsvLabels, answersTable, hasQuestions } from './answersCsv.js';

/**
 * A comparison table: per active level its points and its percentage (a fraction), the TOTAL row last; the entity's
 * own cells of a group it answered wholly 'No aplica' say so.
 */
export function comparisonTable(
  block: ReportBlock,
  levels: readonly ActiveLevel[],
  labels: { policy: string; points: string; total: string; notApplicable: string },
): TableModel {
  const header = [labels.policy, ...levels.flatMap((l) => [`${l.label} (${labels.points})`, `${l.label} (%)`])];
  const figures = (row: ReportBlock['total'], level: ActiveLevel['level']): CsvCell[] =>
    level === 'campaign' && row.percentages.campaign === null ? [labels.notApplicable, labels.notApplicable] : [row.values[level], row.percentages[level]];
  const line = (label: string, row: ReportBlock['total']) => [label, ...levels.flatMap((l) => figures(row, l.level))];
  return {
    header,
    formats: ['text', ...levels.flatMap(() => ['points', 'percent'] as const)],
    rows: [...block.rows.map((row) => line(row.policyText, row)), line(labels.total, block.total)],
  };
}

/** The rank table: a row for the global score and each axis, a column per shown territory, 'Puesto 4 de 12' or a dash. */
export function rankTable(rows: readonly RankRow[], levels: readonly ActiveLevel[], text: ReportText, label: string): TableModel {
  const columns = rankLevels(levels);
  return {
    header: [label, ...columns.map((l) => text.levelName(l))],
    formats: ['text', ...columns.map(() => 'text' as const)],
    rows: rows.map((row) => [text.blockTitle(row), ...columns.map((l) => text.rank(row.ranks[l.level]))]),
  };
}

/** The detail-by-measures table, in the order and columns of the screen; a group answered wholly 'No aplica' says so in its axis' columns. */
export function measuresTableModel(table: MeasuresTable, labels: { row: string; total: string; totalRow: string; notApplicable: string }): TableModel {
  const header = [labels.row, ...table.axes.map((a) => a.text), labels.total, ...table.axes.map((a) => `${a.text} (%)`)];
  const line = (label: string, row: MeasuresFigures): CsvCell[] => {
    const own = (id: string, figure: number | null) => (row.percentage === null && id === row.axisId ? labels.notApplicable : figure);
    return [
      label,
      ...table.axes.map((a) => own(a.id, row.values[a.id])),
      row.percentage === null ? labels.notApplicable : row.total,
      ...table.axes.map((a) => own(a.id, row.percentages[a.id])),
    ];
  };
  const named = (row: MeasuresRow) => line(row.kind === 'measure' ? `  ${row.text}` : row.text, row);
  return {
    header,
    formats: ['text', ...table.axes.map(() => 'points' as const), 'points', ...table.axes.map(() => 'percent' as const)],
    rows: [...table.rows.map(named), line(labels.totalRow, table.total)],
  };
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

/** The improvement plan: one row per question (planRows), its measure's figures repeated, the percentage a fraction. */
export function planTable(plan: readonly PlanMeasure[], labels: PlanCsvLabels): TableModel {
  const header = [
    labels.axis,
    labels.policy,
    labels.measure,
    labels.grade,
    labels.measureValue,
    labels.measureMax,
    labels.measurePercentage,
    labels.measureAvailable,
    labels.indicator,
    labels.question,
    labels.questionValue,
    labels.questionMax,
    labels.answer,
    labels.best,
  ];
  const rows = planRows(plan).map((r) => [
    r.axis,
    r.policy,
    r.measure,
    labels.grades[r.grade],
    r.measureValue,
    r.measureMax,
    r.measurePercentage,
    r.measureAvailable,
    r.indicator,
    r.question,
    r.questionValue,
    r.questionMax,
    r.answer.length > 0 ? r.answer.join(' / ') : labels.unanswered,
    r.best.join(' / '),
  ]);
  const formats: TableModel['formats'] = [
    'text',
    'text',
    'text',
    'text',
    'points',
    'points',
    'percent',
    'points',
    'text',
    'text',
    'points',
    'points',
    'text',
    'text',
  ];
  return { header, formats, rows };
}

/** What a CSV or Excel export reads from the report on screen (selectReportCsvSource). */
export interface ReportCsvSource {
  entity: string;
  /** The campaign's edition, named in the file name ('Campaña 2026'). */
  year: number | null;
  /** The comparison mode: the Excel sheets' heading names it, as the printed report does. */
  compareWithParticipants: boolean;
  blocks: ReportBlock[];
  levels: ActiveLevel[];
  /** Where the campaign stands among each territory's participants. */
  ranks: RankRow[];
  /** The shown means withheld for small groups: the Excel sheets' heading says why their cells are empty. */
  withheld: WithheldNote | null;
  table: MeasuresTable | null;
  /** The improvement plan, null while no result is on screen. */
  plan: PlanMeasure[] | null;
  /** The result's answers ('Mis Respuestas'), null while no result is on screen. */
  answers: IndicatorGroup[] | null;
}

/**
 * Every table of the report on screen, each with its title: the comparison tables by block (the ranks after the
 * global one), the measures table, the improvement plan, and 'Mis Respuestas' when the campaign has questions.
 */
function reportTables(source: ReportCsvSource, t: Translate): { key: string; title: string; table: TableModel }[] {
  const text = reportText(t);
  const levels = source.levels.map((l) => ({ ...l, label: text.levelLabel(l) }));
  const labels = { policy: t('RESULTS.TABLE.POLICY'), points: t('RESULTS.TABLE.POINTS'), total: text.blockTotal, notApplicable: text.notApplicable };
  const tables = source.blocks.map((block) => ({ key: block.key, title: text.blockTitle(block), table: comparisonTable(block, levels, labels) }));
  // After the global block, as on screen; only with a territory to rank in.
  if (rankLevels(source.levels).length > 0 && source.ranks.length > 0) {
    tables.splice(1, 0, { key: 'ranks', title: t('RESULTS.RANK.TITLE'), table: rankTable(source.ranks, source.levels, text, t('RESULTS.RANK.ROW')) });
  }
  if (source.table) {
    const measures = measuresTableModel(source.table, {
      row: t('RESULTS.MEASURES.ROW'),
      total: t('RESULTS.MEASURES.TOTAL_COLUMN'),
      totalRow: text.measuresRowText(source.table.total),
      notApplicable: text.notApplicable,
    });
    tables.push({ key: 'measures', title: t('RESULTS.MEASURES.TITLE'), table: measures });
  }
  if (source.plan) tables.push({ key: 'plan', title: t('RESULTS.PLAN.TITLE'), table: planTable(source.plan, planCsvLabels(t)) });
  if (hasQuestions(source.answers))
    tables.push({ key: 'answers', title: t('RESULTS.ANSWERS.TITLE'), table: answersTable(source.answers, answersCsvLabels(t)) });
  return tables;
}

const keyOf = (request: CsvTable) => (request.table === 'comparison' ? request.blockKey : request.table);

/**
 * 'Descargar CSV' of a comparison table, the measures table, the improvement plan or 'Mis Respuestas', or null when
 * it is not on screen: its file name says whose, which campaign and which table; its headers give each territorial
 * mean's n.
 */
export function reportCsvFile(request: CsvTable, source: ReportCsvSource, t: Translate): { name: string; content: string } | null {
  const found = reportTables(source, t).find((table) => table.key === keyOf(request));
  if (!found) return null;
  const campaign = source.year === null ? [] : [reportText(t).campaign(source.year)];
  return { name: csvFileName(source.entity, ...campaign, found.title), content: toCsv(csvRowsOf(found.table)) };
}

/**
 * 'Descargar Excel': the whole report on screen as one workbook, a sheet per block, one for the ranks, one for
 * the measures table, one for the improvement plan and one for 'Mis Respuestas', each headed by the entity, the
 * campaign, the mode and (when some are) the sentence on the means withheld; it opens at the table whose button
 * was pressed. Null when that table is not on screen.
 */
export function reportWorkbook(request: CsvTable, source: ReportCsvSource, t: Translate): { name: string; sheets: SheetSource[]; active: number } | null {
  const tables = reportTables(source, t);
  const active = tables.findIndex((table) => table.key === keyOf(request));
  if (active < 0) return null;
  const campaign = source.year === null ? [] : [reportText(t).campaign(source.year)];
  const heading = [
    source.entity,
    ...campaign,
    `${t('REPORT.HEADING.MODE')}: ${t(`REPORT.HEADING.MODE.${source.compareWithParticipants ? 'participants' : 'all'}`)}`,
  ];
  if (source.withheld) heading.push(reportText(t).withheldNote(source.withheld, source.compareWithParticipants));
  const sheets = tables.map(({ title, table }) => ({ name: title, heading: [...heading, title], table }));
  return { name: exportFileName('xlsx', source.entity, ...campaign, t('HEADER.RESULTS')), sheets, active };
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
