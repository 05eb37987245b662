/**
 * Territorial comparison of docs/scoring.md: a territory's figure for a group is the mean over its
 * participants (entities with a sent campaign in the edition), or, compared to all, the participants'
 * sum over every entity registered in the territory (non-participants count as 0). No participant: null.
 * The territories are the entity's province, community, the country and its population band across the
 * country (sizeBand, 'Entidades de tamaño similar').
 */
import type { MeanSizes, Rank, Ranks } from '../../shared/api/results.js';

export const LEVELS = ['campaign', 'province', 'autonomousCommunity', 'country', 'sizeBand'] as const;
export type Level = (typeof LEVELS)[number];
export type Territory = Exclude<Level, 'campaign'>;
export const TERRITORIES: readonly Territory[] = ['province', 'autonomousCommunity', 'country', 'sizeBand'];
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

/** Every level null but the campaign's own figure. */
const onlyOwn = (campaign: number | null): ByLevel => ({ campaign, province: null, autonomousCommunity: null, country: null, sizeBand: null });

/** A group without any figure (a group the campaign's questionnaire lacks). */
export const NO_FIGURES: GroupFigures = {
  percentages: onlyOwn(null),
  percentagesComparedToAll: onlyOwn(null),
  values: onlyOwn(null),
  valuesComparedToAll: onlyOwn(null),
};

/** A territory per key, each counting 0. */
export const zeroPerTerritory = (): Record<Territory, number> => ({ province: 0, autonomousCommunity: 0, country: 0, sizeBand: 0 });

/** Mean over participants, or null without any. */
export function participantsMean(sum: number, participants: number): number | null {
  return participants > 0 ? sum / participants : null;
}

/** Mean over every registered entity, non-participants counting 0; null when nobody took part. */
export function allEntitiesMean(sum: number, participants: number, registered: number): number | null {
  return participants > 0 && registered > 0 ? sum / Math.max(registered, participants) : null;
}

/**
 * The levels of one group: the campaign's own score, then its territories' means, from the participants' sums
 * and the number of entities registered in each territory.
 */
export function groupFigures(
  own: { percentage: number; value: number } | undefined,
  aggregates: Record<Territory, TerritoryAggregate | undefined>,
  registered: Record<Territory, number>,
): GroupFigures {
  const figures: GroupFigures = {
    percentages: onlyOwn(own?.percentage ?? null),
    percentagesComparedToAll: onlyOwn(own?.percentage ?? null),
    values: onlyOwn(own?.value ?? null),
    valuesComparedToAll: onlyOwn(own?.value ?? null),
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
  const participants = zeroPerTerritory();
  for (const group of aggregates) {
    for (const territory of TERRITORIES) participants[territory] = Math.max(participants[territory], group[territory]?.participants ?? 0);
  }
  const comparedToAll = zeroPerTerritory();
  for (const territory of TERRITORIES)
    comparedToAll[territory] = participants[territory] > 0 ? Math.max(registered[territory], participants[territory]) : registered[territory];
  return { participants, comparedToAll };
}

/**
 * Small-group protection (MIN_GROUP_SIZE): the territories whose means are built from fewer participants than
 * minGroupSize, in the order of TERRITORIES. A territory without participants has no mean to withhold; with
 * minGroupSize 1 nothing is withheld. Both modes are judged on participants: a mean over every registered entity
 * still adds up only the participants' scores.
 */
export function withheldTerritories(sizes: MeanSizes, minGroupSize: number): Territory[] {
  return TERRITORIES.filter((territory) => sizes.participants[territory] > 0 && sizes.participants[territory] < minGroupSize);
}

/** A group's figures with the withheld territories' means taken out (null in both modes, points and percentages). */
export function withholdFigures(figures: GroupFigures, withheld: readonly Territory[]): GroupFigures {
  if (withheld.length === 0) return figures;
  const strip = (byLevel: ByLevel): ByLevel => ({ ...byLevel, ...Object.fromEntries(withheld.map((t) => [t, null])) });
  return {
    percentages: strip(figures.percentages),
    percentagesComparedToAll: strip(figures.percentagesComparedToAll),
    values: strip(figures.values),
    valuesComparedToAll: strip(figures.valuesComparedToAll),
  };
}

/**
 * 'Puesto 4 de 12': one plus the participants showing a higher percentage, of every participant; entities showing
 * the same percentage share a position. Null without participants.
 */
export function rankOf(above: number, participants: number): Rank | null {
  return participants > 0 ? { position: above + 1, of: participants } : null;
}

/** A group's ranks per territory from the participants above the campaign (null where withheld or without participants). */
export function groupRanks(
  above: Record<Territory, number>,
  aggregates: Record<Territory, TerritoryAggregate | undefined>,
  withheld: readonly Territory[],
): Ranks {
  const ranks: Ranks = { province: null, autonomousCommunity: null, country: null, sizeBand: null };
  for (const territory of TERRITORIES) {
    if (!withheld.includes(territory)) ranks[territory] = rankOf(above[territory], aggregates[territory]?.participants ?? 0);
  }
  return ranks;
}
