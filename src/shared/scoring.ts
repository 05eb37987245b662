/**
 * One question's points (docs/scoring.md, Points), the rule the server scores campaigns with
 * (src/server/reports/scoring.ts) and the client's improvement plan reads: written once, here.
 */

/** A response option as scoring reads it. */
export interface PointedResponse {
  id: number;
  value: number;
  /** Kept for old answers: counts when chosen, never in the maximum. */
  obsolete: boolean;
}

/** A question as scoring reads it. */
export interface PointedQuestion {
  type: 'single' | 'multiple';
  responses: readonly PointedResponse[];
}

/**
 * Achieved points (the chosen responses' values; 0 unanswered) and the maximum: single choice, the largest value
 * among the non-obsolete responses; multiple choice, the sum of the non-obsolete responses' values.
 */
export function subindicatorPoints(sub: PointedQuestion, answer: readonly number[] | null | undefined): { value: number; max: number } {
  const chosen = new Set(answer ?? []);
  const value = sub.responses.filter((r) => chosen.has(r.id)).reduce((a, r) => a + r.value, 0);
  return { value, max: maxPoints(sub) };
}

/**
 * A question's maximum: single choice, the largest value among the responses still offered (not obsolete);
 * multiple choice, the sum of those responses' values. Also what the edition importer compares between editions.
 */
export function maxPoints(sub: { type: 'single' | 'multiple'; responses: readonly { value: number; obsolete?: boolean }[] }): number {
  const usable = sub.responses.filter((r) => !r.obsolete).map((r) => r.value);
  return sub.type === 'single' ? Math.max(0, ...usable) : usable.reduce((a, b) => a + b, 0);
}

/** value / max as a fraction, 0 when nothing can be scored. */
export function percentage(value: number, max: number): number {
  return max > 0 ? value / max : 0;
}
