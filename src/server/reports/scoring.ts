/**
 * The points model of docs/scoring.md, for one campaign: achieved and maximum points per sub-indicator,
 * summed per measure, policy, axis and the whole questionnaire.
 */
import { percentage, subindicatorPoints } from '../../shared/scoring.js';
import type { IndicatorGroup } from '../../shared/api/campaigns.js';

/** The per-question rule is shared with the client's improvement plan. */
export { percentage, subindicatorPoints };

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

/** An edition's questions (its indicators, in order) as scoring reads them, each with its place in the tree. */
export function scoredSubindicators(indicators: readonly IndicatorGroup[]): ScoredSubindicator[] {
  return indicators.flatMap((i) =>
    i.subindicators.map((s) => ({ id: s.id, type: s.type, axisId: i.axisId, policyId: i.policyId, measureId: i.measureId, responses: s.responses })),
  );
}

/** Key of one group's figures (a stored score, a territory's sums): "total:0", "axis:12"... */
export const groupKey = (scope: string, categoryId: number) => `${scope}:${categoryId}`;

/**
 * Every group's score for one campaign's answers (sub-indicator id -> chosen response ids). A sub-indicator answered
 * "No aplica" (in notApplicable) counts neither in the points nor in the maximum; a group all of whose
 * sub-indicators are "No aplica" has no score at all, so that the entity is not among that group's participants
 * (docs/scoring.md, "No aplica").
 */
export function scoreCampaign(
  subs: readonly ScoredSubindicator[],
  answers: ReadonlyMap<number, readonly number[]>,
  notApplicable: ReadonlySet<number> = new Set(),
): GroupScore[] {
  const groups = new Map<string, GroupScore>();
  const add = (scope: ScoreScope, categoryId: number, points: { value: number; max: number }) => {
    const key = groupKey(scope, categoryId);
    const group = groups.get(key) ?? { scope, categoryId, value: 0, max: 0, percentage: 0 };
    group.value += points.value;
    group.max += points.max;
    groups.set(key, group);
  };
  for (const sub of subs) {
    if (notApplicable.has(sub.id)) continue;
    const points = subindicatorPoints(sub, answers.get(sub.id));
    add('total', 0, points);
    add('axis', sub.axisId, points);
    add('policy', sub.policyId, points);
    add('measure', sub.measureId, points);
  }
  return [...groups.values()].map((g) => ({ ...g, percentage: percentage(g.value, g.max) }));
}

/** The sub-indicators a campaign answered "No aplica", from its notes. */
export function notApplicableIds(notes: ReadonlyMap<number, { notApplicable: unknown }>): Set<number> {
  return new Set([...notes].filter(([, n]) => n.notApplicable !== null).map(([id]) => id));
}
