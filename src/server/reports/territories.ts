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

/** A group's four figures, in both comparison modes, for percentages and points, and how many entities each mean is built from. */
export interface GroupFigures {
  percentages: ByLevel;
  percentagesComparedToAll: ByLevel;
  values: ByLevel;
  valuesComparedToAll: ByLevel;
  /** The group's own sizes: fewer than its territory's where some participants answered the whole group 'No aplica'. */
  sizes: MeanSizes;
}

/** A territory per key, each counting 0. */
export const zeroPerTerritory = (): Record<Territory, number> => ({ province: 0, autonomousCommunity: 0, country: 0, sizeBand: 0 });

/** Every level null but the campaign's own figure. */
const onlyOwn = (campaign: number | null): ByLevel => ({ campaign, province: null, autonomousCommunity: null, country: null, sizeBand: null });

/** A group without any figure (a group the campaign's questionnaire lacks). */
export const NO_FIGURES: GroupFigures = {
  percentages: onlyOwn(null),
  percentagesComparedToAll: onlyOwn(null),
  values: onlyOwn(null),
  valuesComparedToAll: onlyOwn(null),
  sizes: { participants: zeroPerTerritory(), comparedToAll: zeroPerTerritory() },
};

/** Mean over participants, or null without any. */
export function participantsMean(sum: number, participants: number): number | null {
  return participants > 0 ? sum / participants : null;
}

/** A territory's participants (entities with a sent campaign in the edition) and the entities registered there. */
export interface TerritoryCount {
  participants: number;
  registered: number;
}

/** How many entities a territory's means over every registered entity divide by: never fewer than its participants. */
export function territorySizeComparedToAll({ participants, registered }: TerritoryCount): number {
  return participants > 0 ? Math.max(registered, participants) : registered;
}

/**
 * How many entities one group's mean over every registered entity divides by (docs/scoring.md, "No aplica"): the
 * territory's, less its participants that answered the whole group 'No aplica' (they scored every other group but
 * not this one), who are neither participants nor zeros of this group.
 */
export function groupSizeComparedToAll(groupParticipants: number, territory: TerritoryCount): number {
  return territorySizeComparedToAll(territory) - (territory.participants - groupParticipants);
}

/** Mean of a group over every registered entity, non-participants counting 0 (groupSizeComparedToAll); null when nobody took part. */
export function allEntitiesMean(sum: number, groupParticipants: number, territory: TerritoryCount): number | null {
  return groupParticipants > 0 && territory.registered > 0 ? sum / groupSizeComparedToAll(groupParticipants, territory) : null;
}

/**
 * The levels of one group: the campaign's own score, then its territories' means, from the participants' sums,
 * and the group's sizes, from its participants and each territory's (meanSizes).
 */
export function groupFigures(
  own: { percentage: number; value: number } | undefined,
  aggregates: Record<Territory, TerritoryAggregate | undefined>,
  territorySizes: MeanSizes,
  registered: Record<Territory, number>,
): GroupFigures {
  const figures: GroupFigures = {
    percentages: onlyOwn(own?.percentage ?? null),
    percentagesComparedToAll: onlyOwn(own?.percentage ?? null),
    values: onlyOwn(own?.value ?? null),
    valuesComparedToAll: onlyOwn(own?.value ?? null),
    sizes: { participants: zeroPerTerritory(), comparedToAll: zeroPerTerritory() },
  };
  for (const territory of TERRITORIES) {
    const a = aggregates[territory];
    const count = { participants: territorySizes.participants[territory], registered: registered[territory] };
    figures.sizes.participants[territory] = a?.participants ?? 0;
    figures.sizes.comparedToAll[territory] = groupSizeComparedToAll(a?.participants ?? 0, count);
    if (!a) continue;
    figures.percentages[territory] = participantsMean(a.percentageSum, a.participants);
    figures.values[territory] = participantsMean(a.valueSum, a.participants);
    figures.percentagesComparedToAll[territory] = allEntitiesMean(a.percentageSum, a.participants, count);
    figures.valuesComparedToAll[territory] = allEntitiesMean(a.valueSum, a.participants, count);
  }
  return figures;
}

/**
 * How many entities each territory's mean is built from, in both modes: the participants (the most any group
 * has: every sent campaign scores every group it has something applicable in, and always the whole
 * questionnaire), and every registered entity, never fewer than the participants (territorySizeComparedToAll). A territory the inputs leave out (a comparison's country) counts 0.
 */
export function meanSizes(aggregates: Iterable<Record<Territory, TerritoryAggregate | undefined>>, registered: Record<Territory, number>): MeanSizes {
  const participants = zeroPerTerritory();
  for (const group of aggregates) {
    for (const territory of TERRITORIES) participants[territory] = Math.max(participants[territory], group[territory]?.participants ?? 0);
  }
  const comparedToAll = zeroPerTerritory();
  for (const territory of TERRITORIES)
    comparedToAll[territory] = territorySizeComparedToAll({ participants: participants[territory], registered: registered[territory] });
  return { participants, comparedToAll };
}

/**
 * Small-group protection (MIN_GROUP_SIZE): the territories whose means are built from fewer participants than
 * minGroupSize, in the order of TERRITORIES. A territory without participants has no mean to withhold; with
 * minGroupSize 1 nothing is withheld. Both modes are judged on participants: a mean over every registered entity
 * still adds up only the participants' scores.
 */
export function withheldTerritories(sizes: MeanSizes, minGroupSize: number): Territory[] {
  return TERRITORIES.filter((territory) => isWithheld(sizes.participants[territory], minGroupSize));
}

/** Whether a territory with that many participants has its means withheld: at least one, and fewer than minGroupSize. */
export const isWithheld = (participants: number, minGroupSize: number): boolean => participants > 0 && participants < minGroupSize;

/**
 * One territory's participation and mean of one group in both modes, from its participants' percentage sum and its
 * registered entities: both means null where withheld or without participants (maps and public pages).
 */
export function territoryMeans(
  sums: { participants: number; percentageSum: number; registered: number },
  minGroupSize: number,
): { participants: number; registered: number; mean: number | null; meanComparedToAll: number | null; withheld: boolean } {
  const { participants, percentageSum, registered } = sums;
  const withheld = isWithheld(participants, minGroupSize);
  return {
    participants,
    registered: Math.max(registered, participants),
    mean: withheld ? null : participantsMean(percentageSum, participants),
    meanComparedToAll: withheld ? null : allEntitiesMean(percentageSum, participants, { participants, registered }),
    withheld,
  };
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
    sizes: figures.sizes,
  };
}

/**
 * 'Puesto 4 de 12': one plus the participants showing a higher percentage, of every participant; entities showing
 * the same percentage share a position. A campaign outside the means (awaiting validation where they are made from
 * validated campaigns) is ranked among the participants as one more. Null with no one to rank.
 */
export function rankOf(above: number, participants: number, outsideMeans = false): Rank | null {
  const of = participants + (outsideMeans ? 1 : 0);
  return of > 0 ? { position: above + 1, of } : null;
}

/** A group's ranks per territory from the participants above the campaign (null where withheld or without participants). */
export function groupRanks(
  above: Record<Territory, number>,
  aggregates: Record<Territory, TerritoryAggregate | undefined>,
  withheld: readonly Territory[],
  outsideMeans: boolean,
): Ranks {
  const ranks: Ranks = { province: null, autonomousCommunity: null, country: null, sizeBand: null };
  for (const territory of TERRITORIES) {
    if (!withheld.includes(territory)) ranks[territory] = rankOf(above[territory], aggregates[territory]?.participants ?? 0, outsideMeans);
  }
  return ranks;
}
