import type { Db } from '../db/client.js';
import { readTerritorialFigures, type ScoreSums, type TerritorialFigures } from '../db/repositories/consistency.js';

/** One stored figure that its recomputation does not give. */
export interface FigureDifference {
  /** The edition (campaign number) of a territorial sum; absent for an entity count. */
  edition?: number;
  territory: string;
  territoryId: string;
  scope?: string;
  categoryId?: number;
  /** The shown percentage (tenths of a percent) of a rank count. */
  shownPercentage?: number;
  field: 'participants' | 'percentage_sum' | 'value_sum' | 'registered' | 'ranked';
  stored: number;
  recomputed: number;
}

/**
 * Relative tolerance for sums of floats: the stored sums were added one submission at a time and the
 * recomputation adds in another order, so they may differ in the last bits (some 1e-13 relative for thousands
 * of terms), while one participant more or less moves a sum by far more than this.
 */
const SUM_TOLERANCE = 1e-9;

/** True when two sums are equal but for rounding. */
export function sumsAgree(a: number, b: number): boolean {
  return Math.abs(a - b) <= SUM_TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
}

const NONE: ScoreSums = { participants: 0, percentageSum: 0, valueSum: 0 };

/**
 * Every stored territorial sum, entity count and rank count that differs from its recomputation: counts exactly,
 * sums within SUM_TOLERANCE. A missing row counts as zero on either side (a territory whose entities all left
 * keeps a row of 0).
 */
export function territorialDifferences(figures: TerritorialFigures): FigureDifference[] {
  const out: FigureDifference[] = [];
  for (const { stored: storedRow, recomputed: recomputedRow, ...key } of figures.scores) {
    const [stored, recomputed] = [storedRow ?? NONE, recomputedRow ?? NONE];
    if (stored.participants !== recomputed.participants)
      out.push({ ...key, field: 'participants', stored: stored.participants, recomputed: recomputed.participants });
    if (!sumsAgree(stored.percentageSum, recomputed.percentageSum))
      out.push({ ...key, field: 'percentage_sum', stored: stored.percentageSum, recomputed: recomputed.percentageSum });
    if (!sumsAgree(stored.valueSum, recomputed.valueSum)) out.push({ ...key, field: 'value_sum', stored: stored.valueSum, recomputed: recomputed.valueSum });
  }
  for (const { territory, territoryId, stored, recomputed } of figures.registered) {
    if ((stored ?? 0) !== (recomputed ?? 0)) out.push({ territory, territoryId, field: 'registered', stored: stored ?? 0, recomputed: recomputed ?? 0 });
  }
  for (const { stored, recomputed, ...key } of figures.counts) {
    if ((stored ?? 0) !== (recomputed ?? 0)) out.push({ ...key, field: 'ranked', stored: stored ?? 0, recomputed: recomputed ?? 0 });
  }
  return out;
}

/** One line per difference, for people: "edition 2026, province 46, policy 12: participants stored 15, recomputed 9". */
export function describeDifference(d: FigureDifference): string {
  const place = [
    d.edition === undefined ? 'entities registered' : `edition ${d.edition}`,
    `${d.territory} ${d.territoryId}`,
    ...(d.scope === undefined ? [] : [`${d.scope} ${d.categoryId}`]),
    ...(d.shownPercentage === undefined ? [] : [`shown ${(d.shownPercentage / 10).toFixed(1)} %`]),
  ].join(', ');
  return `${place}: ${d.field} stored ${d.stored}, recomputed ${d.recomputed}`;
}

/** The closing line of a check. */
export function consistencySummary(figures: TerritorialFigures, differences: readonly FigureDifference[]): string {
  const compared = `${figures.scores.length} territorial sums, ${figures.registered.length} entity counts and ${figures.counts.length} rank counts`;
  return differences.length === 0
    ? `ok: ${compared} equal their recomputation from the stored scores and entities`
    : `${differences.length} difference${differences.length === 1 ? '' : 's'} in ${compared}`;
}

/** Reads the stored and recomputed figures in one snapshot and compares them (npm run check:consistency). */
export async function checkTerritorialFigures(db: Db): Promise<{ figures: TerritorialFigures; differences: FigureDifference[] }> {
  const figures = await db.transaction((tx) => readTerritorialFigures(tx));
  return { figures, differences: territorialDifferences(figures) };
}
