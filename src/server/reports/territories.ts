/**
 * Territorial comparison of scoring.md: a territory's figure for a group is the mean over its
 * participants (entities with a sent campaign in the edition), or, compared to all, the participants'
 * sum over every entity registered in the territory (non-participants count as 0). No participant: null.
 */
import type { MeanSizes } from '../../shared/api/results.js';

export const LEVELS = ['campaign', 'province', 'autonomousCommunity', 'country'] as const;
export type Level = (typeof LEVELS)[number];
export type Territory = Exclude<Level, 'campaign'>;
export const TERRITORIES: readonly Territory[] = ['province', 'autonomousCommunity', 'country'];
/** The country every entity belongs to, as reports name it. */
export const COUNTRY_NAME = 'España';

/** One figure per level; null where the territory has no participant. */
export type ByLevel = Record<Level, number | null>;

/** Participants' sums in one territory for one group, read from stored scores. */
export interface TerritoryAggregate {
  participants: number;
  percentageSum: number;
  valueSum: number;
}

/** A group's four figures, in both comparison modes, for percentages and points. */
export interface GroupFigures {
  percentages: ByLevel;
  percentagesComparedToAll: ByLevel;
  values: ByLevel;
  valuesComparedToAll: ByLevel;
}

/** Mean over participants, or null without any. */
export function participantsMean(sum: number, participants: number): number | null {
  return participants > 0 ? sum / participants : null;
}

/** Mean over every registered entity, non-participants counting 0; null when nobody took part. */
export function allEntitiesMean(sum: number, participants: number, registered: number): number | null {
  return participants > 0 && registered > 0 ? sum / Math.max(registered, participants) : null;
}

/**
 * The four levels of one group: the campaign's own score, then its province, community and country,
 * from the participants' sums and the number of entities registered in each territory.
 */
export function groupFigures(
  own: { percentage: number; value: number } | undefined,
  aggregates: Record<Territory, TerritoryAggregate | undefined>,
  registered: Record<Territory, number>,
): GroupFigures {
  const figures: GroupFigures = {
    percentages: { campaign: own?.percentage ?? null, province: null, autonomousCommunity: null, country: null },
    percentagesComparedToAll: { campaign: own?.percentage ?? null, province: null, autonomousCommunity: null, country: null },
    values: { campaign: own?.value ?? null, province: null, autonomousCommunity: null, country: null },
    valuesComparedToAll: { campaign: own?.value ?? null, province: null, autonomousCommunity: null, country: null },
  };
  for (const territory of TERRITORIES) {
    const a = aggregates[territory];
    if (!a) continue;
    figures.percentages[territory] = participantsMean(a.percentageSum, a.participants);
    figures.values[territory] = participantsMean(a.valueSum, a.participants);
    figures.percentagesComparedToAll[territory] = allEntitiesMean(a.percentageSum, a.participants, registered[territory]);
    figures.valuesComparedToAll[territory] = allEntitiesMean(a.valueSum, a.participants, registered[territory]);
  }
  return figures;
}

/**
 * How many entities each territory's mean is built from, in both modes: the participants (the most any group
 * has: every sent campaign scores every group), and every registered entity, never fewer than the participants
 * (allEntitiesMean divides by that). A territory the inputs leave out (a comparison's country) counts 0.
 */
export function meanSizes(aggregates: Iterable<Record<Territory, TerritoryAggregate | undefined>>, registered: Record<Territory, number>): MeanSizes {
  const participants = { province: 0, autonomousCommunity: 0, country: 0 };
  for (const group of aggregates) {
    for (const territory of TERRITORIES) participants[territory] = Math.max(participants[territory], group[territory]?.participants ?? 0);
  }
  const comparedToAll = { province: 0, autonomousCommunity: 0, country: 0 };
  for (const territory of TERRITORIES) comparedToAll[territory] = participants[territory] > 0 ? Math.max(registered[territory], participants[territory]) : registered[territory];
  return { participants, comparedToAll };
}
