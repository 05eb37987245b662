/**
 * The points model of scoring.md, for one campaign: achieved and maximum points per sub-indicator,
 * summed per measure, policy, axis and the whole questionnaire.
 */

export interface ScoredResponse {
  id: number;
  value: number;
  obsolete: boolean;
}

export interface ScoredSubindicator {
  id: number;
  type: 'single' | 'multiple';
  axisId: number;
  policyId: number;
  measureId: number;
  responses: ScoredResponse[];
}

export type ScoreScope = 'total' | 'axis' | 'policy' | 'measure';

/** One group's points; categoryId is 0 for the total. */
export interface GroupScore {
  scope: ScoreScope;
  categoryId: number;
  value: number;
  max: number;
  percentage: number;
}

/** Achieved points (chosen responses' values; 0 unanswered) and maximum (non-obsolete responses only). */
export function subindicatorPoints(sub: ScoredSubindicator, answer: readonly number[] | null | undefined): { value: number; max: number } {
  const usable = sub.responses.filter((r) => !r.obsolete).map((r) => r.value);
  const max = sub.type === 'single' ? Math.max(0, ...usable) : usable.reduce((a, b) => a + b, 0);
  const chosen = new Set(answer ?? []);
  const value = sub.responses.filter((r) => chosen.has(r.id)).reduce((a, r) => a + r.value, 0);
  return { value, max };
}

/** Key of one group's figures (a stored score, a territory's sums): "total:0", "axis:12"... */
export const groupKey = (scope: string, categoryId: number) => `${scope}:${categoryId}`;

/** value / max as a fraction, 0 when nothing can be scored. */
export function percentage(value: number, max: number): number {
  return max > 0 ? value / max : 0;
}

/** Every group's score for one campaign's answers (sub-indicator id -> chosen response ids). */
export function scoreCampaign(subs: readonly ScoredSubindicator[], answers: ReadonlyMap<number, readonly number[]>): GroupScore[] {
  const groups = new Map<string, GroupScore>();
  const add = (scope: ScoreScope, categoryId: number, points: { value: number; max: number }) => {
    const key = groupKey(scope, categoryId);
    const group = groups.get(key) ?? { scope, categoryId, value: 0, max: 0, percentage: 0 };
    group.value += points.value;
    group.max += points.max;
    groups.set(key, group);
  };
  for (const sub of subs) {
    const points = subindicatorPoints(sub, answers.get(sub.id));
    add('total', 0, points);
    add('axis', sub.axisId, points);
    add('policy', sub.policyId, points);
    add('measure', sub.measureId, points);
  }
  return [...groups.values()].map((g) => ({ ...g, percentage: percentage(g.value, g.max) }));
}
