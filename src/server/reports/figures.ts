import type { Queryable } from '../db/client.js';
import { findCampaignPlace, readFigureInputs, type CampaignPlace, type FigureRows, type FigureScope, type RankRows } from '../db/repositories/resultQueries.js';
import { groupKey } from './scoring.js';
import {
  groupFigures,
  groupRanks,
  meanSizes,
  TERRITORIES,
  withheldTerritories,
  withholdFigures,
  zeroPerTerritory,
  type GroupFigures,
  type Territory,
  type TerritoryAggregate,
} from './territories.js';
import type { MeanSizes, Ranks } from '../../shared/api/results.js';

/** A campaign's score in one group. */
export interface OwnScore {
  percentage: number;
  value: number;
}

/** What a campaign's figures are made of, by group key: its own scores, its territories' sums and registered entities. */
export interface FigureInputs {
  own: Map<string, OwnScore>;
  aggregates: Map<string, Record<Territory, TerritoryAggregate | undefined>>;
  registered: Record<Territory, number>;
}

const noAggregates = (): Record<Territory, TerritoryAggregate | undefined> => ({
  province: undefined,
  autonomousCommunity: undefined,
  country: undefined,
  sizeBand: undefined,
});

/** The rows a repository read (readFigureInputs), by group key. */
export function figureInputs(rows: FigureRows): FigureInputs {
  const own = new Map((rows.own ?? []).map(([scope, id, percentage, value]) => [groupKey(scope, id), { percentage, value }]));
  const aggregates = new Map<string, Record<Territory, TerritoryAggregate | undefined>>();
  for (const [territory, scope, id, participants, percentageSum, valueSum] of rows.sums ?? []) {
    const key = groupKey(scope, id);
    const entry = aggregates.get(key) ?? noAggregates();
    entry[territory] = { participants, percentageSum, valueSum };
    aggregates.set(key, entry);
  }
  const registered = { ...zeroPerTerritory(), ...rows.registered };
  return { own, aggregates, registered };
}

/** One edition's figures of a campaign as reports send them: every group's, the means' sizes, and the territories withheld. */
export interface EditionFigures {
  /** By group key "scope:categoryId"; withheld territories' means are null. */
  figures: Map<string, GroupFigures>;
  sizes: MeanSizes;
  /** The territories whose means are built from fewer participants than MIN_GROUP_SIZE (territories.ts withheldTerritories). */
  withheld: Territory[];
}

/**
 * Every group's figures (key "scope:categoryId") from a campaign's scores and its territories' sums, with their
 * means' sizes; the means of territories with fewer participants than minGroupSize are withheld (left null).
 */
export function editionFigures({ own, aggregates, registered }: FigureInputs, minGroupSize: number): EditionFigures {
  const sizes = meanSizes(aggregates.values(), registered);
  const withheld = withheldTerritories(sizes, minGroupSize);
  const figures = new Map<string, GroupFigures>();
  for (const key of new Set([...own.keys(), ...aggregates.keys()])) {
    figures.set(key, withholdFigures(groupFigures(own.get(key), aggregates.get(key) ?? noAggregates(), sizes, registered), withheld));
  }
  return { figures, sizes, withheld };
}

/**
 * The global and axis groups' ranks (key "scope:categoryId") from the participants above the campaign
 * (readResultInputs); `outsideMeans` for a campaign not counted among them (countedInMeans).
 */
export function ranksByGroup(rows: RankRows, { aggregates }: FigureInputs, withheld: readonly Territory[], outsideMeans: boolean): Map<string, Ranks> {
  const ranks = new Map<string, Ranks>();
  for (const [scope, id, ...aboveByTerritory] of rows) {
    const key = groupKey(scope, id);
    const above = Object.fromEntries(TERRITORIES.map((territory, i) => [territory, aboveByTerritory[i]])) as Record<Territory, number>;
    ranks.set(key, groupRanks(above, aggregates.get(key) ?? noAggregates(), withheld, outsideMeans));
  }
  return ranks;
}

/** The figures of one campaign against the given edition's territories, from stored scores (see readFigureInputs and editionFigures). */
export async function scopeFigures(q: Queryable, scope: FigureScope, minGroupSize: number, policiesOnly = false): Promise<EditionFigures> {
  return editionFigures(figureInputs(await readFigureInputs(q, scope, policiesOnly)), minGroupSize);
}

/** Every group's figures for one campaign (key "scope:categoryId"), with the campaign's place. */
export async function campaignFigures(
  q: Queryable,
  campaignId: number,
  minGroupSize = 1,
): Promise<{ place: CampaignPlace; figures: Map<string, GroupFigures> } | undefined> {
  const place = await findCampaignPlace(q, campaignId);
  if (!place) return undefined;
  return { place, figures: (await scopeFigures(q, place, minGroupSize)).figures };
}
