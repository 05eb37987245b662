/**
 * The results map's figures per province, pure: the mean global score of an edition, with the same
 * means and small-group protection as reports (territories.ts: participantsMean, allEntitiesMean, MIN_GROUP_SIZE).
 */
import type { ProvinceMean } from '../../shared/api/maps.js';
import { territoryMeans } from './territories.js';

/** A province's participants' sums of the global score (territory_scores, scope 'total') and its registered entities. */
export interface ProvinceSums {
  provinceId: string;
  name: string;
  participants: number;
  percentageSum: number;
  registered: number;
}

/**
 * Every province's mean global percentage in both modes; a province whose mean is built from fewer participants
 * than minGroupSize is withheld (both means null, as in a report), one without participants has no mean.
 */
export function provinceMeans(rows: readonly ProvinceSums[], minGroupSize: number): ProvinceMean[] {
  return rows.map(({ provinceId, name, ...sums }) => ({ provinceId, name, ...territoryMeans(sums, minGroupSize) }));
}
