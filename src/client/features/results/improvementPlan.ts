/**
 * 'Plan de mejora': the measures graded red or amber in the measures table, most points still available first,
 * each with the questions that lost points and the answer that would have scored the most. Computed from the
 * result response alone (its answers and its table) with the server's points rule (src/shared/scoring.ts).
 * Pure functions: selectors memoise them; the screen, the CSV (reportCsv.ts) and a spreadsheet read the same
 * plain rows (planRows). Holds the questionnaire's texts and numbers; the interface's words are added where shown.
 */
import type { IndicatorGroup, ResponseOption, Subindicator } from '../../../shared/api/campaigns.js';
import type { ResultResponse } from '../../../shared/api/results.js';
import { percentage, subindicatorPoints } from '../../../shared/scoring.js';
import { grade, type Grade } from './reportModel.js';
import { compareSpanish } from '../../lib/search.js';

/** A response option as the plan names it. */
export interface PlanResponse {
  id: number;
  text: string;
  value: number;
}

/** A response option of the best answer, and whether the campaign chose it (multiple choice: what is left to add). */
export interface BestResponse extends PlanResponse {
  chosen: boolean;
}

/** A question that lost points. */
export interface PlanQuestion {
  id: number;
  /** The indicator the question belongs to. */
  indicatorText: string;
  text: string;
  type: Subindicator['type'];
  value: number;
  max: number;
  /** max - value, > 0. */
  missing: number;
  /** The campaign's answer, in the questionnaire's order; empty when unanswered. */
  chosen: PlanResponse[];
  /**
   * What scores the most, never an obsolete option: single choice, the option(s) worth the maximum (several when
   * tied); multiple choice, every option worth points, since their sum is the maximum.
   */
  best: BestResponse[];
}

/** A red or amber measure with points still available. */
export interface PlanMeasure {
  measureId: number;
  measureText: string;
  policyText: string;
  axisText: string;
  /** The measures table's grade of its percentage: only 'low' (red) and 'medium' (amber) are planned. */
  grade: Exclude<Grade, 'high'>;
  /** Points obtained and the maximum, summed over the measure's questions as the server does. */
  value: number;
  max: number;
  /** The measures table's percentage (the server's), or value / max when the table lacks the measure. */
  percentage: number;
  /** max - value: what answering every question at its best would add. */
  available: number;
  /** Most points missing first; ties in the questionnaire's order. */
  questions: PlanQuestion[];
}

const named = (r: ResponseOption): PlanResponse => ({ id: r.id, text: r.text, value: r.value });

/** The options that score the most for a question (see PlanQuestion.best). */
export function bestResponses(sub: Subindicator, max: number): BestResponse[] {
  const chosen = new Set(sub.answer ?? []);
  const usable = sub.responses.filter((r) => !r.obsolete && r.value > 0);
  const best = sub.type === 'single' ? usable.filter((r) => r.value === max) : usable;
  return best.map((r) => ({ ...named(r), chosen: chosen.has(r.id) }));
}

/** The measure's percentage as the measures table shows it (the server's figure), if the table has it (null: all 'No aplica'). */
function tablePercentage(table: ResultResponse['table'], group: IndicatorGroup): number | null | undefined {
  return table.valuesPerAxis[String(group.axisId)]?.valuesByPolicy[String(group.policyId)]?.valuesByMeasure[String(group.measureId)]?.percentage;
}

/**
 * The plan of a result: its red and amber measures (the measures table's grade, at or below 30% and under 70%)
 * with points still available, most available first, ties by the measure's name. A measure whose every question
 * is at its maximum is left out, whatever its grade.
 */
export function improvementPlan(result: Pick<ResultResponse, 'answers' | 'table'>): PlanMeasure[] {
  const measures = new Map<number, PlanMeasure>();
  for (const group of result.answers.campaign.indicators) {
    let measure = measures.get(group.measureId);
    if (!measure) {
      measure = {
        measureId: group.measureId,
        measureText: group.measureText,
        policyText: group.policyText,
        axisText: group.axisText,
        grade: 'low',
        value: 0,
        max: 0,
        percentage: tablePercentage(result.table, group) ?? Number.NaN,
        available: 0,
        questions: [],
      };
      measures.set(group.measureId, measure);
    }
    for (const sub of group.subindicators) {
      // A question answered 'No aplica' counts nowhere (docs/scoring.md): nothing to improve.
      if (sub.notApplicable !== null) continue;
      const { value, max } = subindicatorPoints(sub, sub.answer);
      measure.value += value;
      measure.max += max;
      if (value >= max) continue;
      const chosen = new Set(sub.answer ?? []);
      measure.questions.push({
        id: sub.id,
        indicatorText: group.text,
        text: sub.text,
        type: sub.type,
        value,
        max,
        missing: max - value,
        chosen: sub.responses.filter((r) => chosen.has(r.id)).map(named),
        best: bestResponses(sub, max),
      });
    }
  }
  const plan: PlanMeasure[] = [];
  for (const measure of measures.values()) {
    if (Number.isNaN(measure.percentage)) measure.percentage = percentage(measure.value, measure.max);
    const g = grade(measure.percentage);
    measure.available = measure.max - measure.value;
    if (g === 'high' || measure.questions.length === 0 || measure.available <= 0) continue;
    measure.grade = g;
    // Array.prototype.sort is stable: equal losses keep the questionnaire's order.
    measure.questions.sort((a, b) => b.missing - a.missing);
    plan.push(measure);
  }
  return plan.sort((a, b) => b.available - a.available || compareSpanish(a.measureText, b.measureText) || a.measureId - b.measureId);
}

/**
 * One question of the plan as a plain row, with its measure's figures repeated: what a CSV or a spreadsheet
 * writes, one row per question, in the plan's order. Percentages are fractions 0..1; answers are lists of
 * option texts (empty: unanswered).
 */
export interface PlanRow {
  axis: string;
  policy: string;
  measure: string;
  grade: PlanMeasure['grade'];
  measureValue: number;
  measureMax: number;
  measurePercentage: number;
  measureAvailable: number;
  indicator: string;
  question: string;
  questionValue: number;
  questionMax: number;
  answer: string[];
  best: string[];
}

export function planRows(plan: readonly PlanMeasure[]): PlanRow[] {
  return plan.flatMap((m) =>
    m.questions.map((q) => ({
      axis: m.axisText,
      policy: m.policyText,
      measure: m.measureText,
      grade: m.grade,
      measureValue: m.value,
      measureMax: m.max,
      measurePercentage: m.percentage,
      measureAvailable: m.available,
      indicator: q.indicatorText,
      question: q.text,
      questionValue: q.value,
      questionMax: q.max,
      answer: q.chosen.map((r) => r.text),
      best: q.best.map((r) => r.text),
    })),
  );
}
