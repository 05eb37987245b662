/**
 * 'Mis Respuestas' as a downloadable table (CSV and the Excel sheet): one row per question of the campaign, in the
 * questionnaire's order, with what the entity answered and put beside it. Texts go as they were written, so that a
 * spreadsheet reads back the very comment the entity wrote.
 */
import type { EvidenceItem, IndicatorGroup, Subindicator } from '../../../shared/api/campaigns.js';
import { subindicatorPoints } from '../../../shared/scoring.js';
import type { TableModel } from '../../lib/tableModel.js';
import type { Translate } from './reportText.js';

/** The words of the table: its column headers, and what an answer says when it is "No aplica" or missing. */
export interface AnswersCsvLabels {
  axis: string;
  policy: string;
  measure: string;
  indicator: string;
  question: string;
  answer: string;
  points: string;
  max: string;
  reason: string;
  comment: string;
  evidence: string;
  notApplicable: string;
  unanswered: string;
}

/** Between two items of evidence in one cell, as the edition export writes them. */
const EVIDENCE_SEPARATOR = ' | ';

/** An item of evidence in words: a link's address (after its title, if it has one), a file's name. */
export function evidenceText(item: EvidenceItem): string {
  if (item.kind === 'file') return item.fileName ?? '';
  const url = item.url ?? '';
  return item.title ? `${item.title} (${url})` : url;
}

/** The chosen responses as 'Mis Respuestas' shows them (an obsolete one in brackets), 'No aplica', or 'Sin contestar'. */
function answerText(sub: Subindicator, labels: AnswersCsvLabels): string {
  if (sub.notApplicable) return labels.notApplicable;
  const chosen = sub.responses.filter((r) => sub.answer?.includes(r.id));
  return chosen.length === 0 ? labels.unanswered : chosen.map((r) => (r.obsolete ? `[${r.text}]` : r.text)).join(' / ');
}

/** One question's row: its place, the answer and its points (none for "No aplica", which does not count), and its notes. */
function answerRow(group: IndicatorGroup, sub: Subindicator, labels: AnswersCsvLabels): TableModel['rows'][number] {
  const { value, max } = subindicatorPoints(sub, sub.answer);
  const counted = sub.notApplicable === null;
  return [
    group.axisText,
    group.policyText,
    group.measureText,
    group.text,
    sub.text,
    answerText(sub, labels),
    counted ? value : null,
    counted ? max : null,
    sub.notApplicable?.reason ?? null,
    sub.comment,
    sub.evidence.length > 0 ? sub.evidence.map(evidenceText).join(EVIDENCE_SEPARATOR) : null,
  ];
}

/** 'Mis Respuestas': one row per question, every indicator's in the questionnaire's order. */
export function answersTable(indicators: readonly IndicatorGroup[], labels: AnswersCsvLabels): TableModel {
  return {
    header: [
      labels.axis,
      labels.policy,
      labels.measure,
      labels.indicator,
      labels.question,
      labels.answer,
      labels.points,
      labels.max,
      labels.reason,
      labels.comment,
      labels.evidence,
    ],
    formats: ['text', 'text', 'text', 'text', 'text', 'text', 'points', 'points', 'text', 'text', 'text'],
    rows: indicators.flatMap((group) => group.subindicators.map((sub) => answerRow(group, sub, labels))),
  };
}

/** The table's words in the interface's language. */
export function answersCsvLabels(t: Translate): AnswersCsvLabels {
  const col = (id: string) => t(`RESULTS.ANSWERS.CSV.${id}`);
  return {
    axis: col('AXIS'),
    policy: col('POLICY'),
    measure: col('MEASURE'),
    indicator: col('INDICATOR'),
    question: col('QUESTION'),
    answer: col('ANSWER'),
    points: col('POINTS'),
    max: col('MAX'),
    reason: col('REASON'),
    comment: col('COMMENT'),
    evidence: col('EVIDENCE'),
    notApplicable: t('RESULTS.ANSWERS.NOT_APPLICABLE'),
    unanswered: t('RESULTS.ANSWERS.UNANSWERED'),
  };
}

/** Whether the campaign has a question to list (the table is offered only then). */
export const hasQuestions = (indicators: readonly IndicatorGroup[] | null): indicators is IndicatorGroup[] =>
  !!indicators && indicators.some((group) => group.subindicators.length > 0);
