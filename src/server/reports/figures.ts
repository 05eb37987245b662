import type { Queryable } from '../db/client.js';
import { findCampaignPlace, readFigureInputs, type CampaignPlace, type FigureRows, type FigureScope } from '../db/repositories/resultQueries.js';
import { groupKey } from './scoring.js';
import { groupFigures, meanSizes, type GroupFigures, type Territory, type TerritoryAggregate } from './territories.js';
import type { MeanSizes } from '../../shared/api/results.js';

/** What a campaign's figures are made of, by group key: its own scores, its territories' sums and registered entities. */
export interface FigureInputs {
  own: Map<string, { percentage: number; value: number }>;
  aggregates: Map<string, Record<Territory, TerritoryAggregate | undefined>>;
  registered: Record<Territory, number>;
}

/** The rows a repository read (readFigureInputs), by group key. */
export function figureInputs(rows: FigureRows): FigureInputs {
  const own = new Map((rows.own ?? []).map(([scope, id, percentage, value]) => [groupKey(scope, id), { percentage, value }]));
  const aggregates = new Map<string, Record<Territory, TerritoryAggregate | undefined>>();
  for (const [territory, scope, id, participants, percentageSum, valueSum] of rows.sums ?? []) {
    const key = groupKey(scope, id);
    const entry = aggregates.get(key) ?? { province: undefined, autonomousCommunity: undefined, country: undefined };
    entry[territory] = { participants, percentageSum, valueSum };
    aggregates.set(key, entry);
  }
  const registered = { province: 0, autonomousCommunity: 0, country: 0, ...rows.registered };
  return { own, aggregates, registered };
}

/** Every group's four figures (key "scope:categoryId") from a campaign's scores and its territories' sums. */
export function figuresByGroup({ own, aggregates, registered }: FigureInputs): Map<string, GroupFigures> {
  const figures = new Map<string, GroupFigures>();
  for (const key of new Set([...own.keys(), ...aggregates.keys()])) {
    const territories = aggregates.get(key) ?? { province: undefined, autonomousCommunity: undefined, country: undefined };
    figures.set(key, groupFigures(own.get(key), territories, registered));
  }
  return figures;
}

/** How many entities each territory's means are built from (territories.ts meanSizes). */
export const sizesOf = ({ aggregates, registered }: FigureInputs): MeanSizes => meanSizes(aggregates.values(), registered);

/** The figures of one campaign against the given edition's territories, with their means' sizes, from stored scores (see readFigureInputs). */
export async function scopeFigures(q: Queryable, scope: FigureScope, policiesOnly = false): Promise<{ figures: Map<string, GroupFigures>; sizes: MeanSizes }> {
  const inputs = figureInputs(await readFigureInputs(q, scope, policiesOnly));
  return { figures: figuresByGroup(inputs), sizes: sizesOf(inputs) };
}

/** Every group's figures for one campaign (key "scope:categoryId"), with the campaign's place. */
export async function campaignFigures(q: Queryable, campaignId: number): Promise<{ place: CampaignPlace; figures: Map<string, GroupFigures> } | undefined> {
  const place = await findCampaignPlace(q, campaignId);
  if (!place) return undefined;
  return { place, figures: (await scopeFigures(q, place)).figures };
}
