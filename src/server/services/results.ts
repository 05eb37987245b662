import type { Queryable } from '../db/client.js';
import { findCampaignPlace, ownScores, registeredEntities, territoryAggregates, type CampaignPlace } from '../db/repositories/resultQueries.js';
import { groupFigures, type GroupFigures } from './territories.js';

/** Every group's figures for one campaign (key "scope:categoryId"), with the campaign's place. */
export async function campaignFigures(q: Queryable, campaignId: number): Promise<{ place: CampaignPlace; figures: Map<string, GroupFigures> } | undefined> {
  const place = await findCampaignPlace(q, campaignId);
  if (!place) return undefined;
  const [own, aggregates, registered] = await Promise.all([ownScores(q, campaignId), territoryAggregates(q, place), registeredEntities(q, place)]);
  const figures = new Map<string, GroupFigures>();
  for (const key of new Set([...own.keys(), ...aggregates.keys()])) {
    const territories = aggregates.get(key) ?? { province: undefined, autonomousCommunity: undefined, country: undefined };
    figures.set(key, groupFigures(own.get(key), territories, registered));
  }
  return { place, figures };
}
