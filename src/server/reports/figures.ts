import type { Queryable } from '../db/client.js';
import { findCampaignPlace, readFigureInputs, type CampaignPlace, type FigureInputs, type FigureScope } from '../db/repositories/resultQueries.js';
import { groupFigures, type GroupFigures } from './territories.js';

/** Every group's four figures (key "scope:categoryId") from a campaign's scores and its territories' sums. */
export function figuresByGroup({ own, aggregates, registered }: FigureInputs): Map<string, GroupFigures> {
  const figures = new Map<string, GroupFigures>();
  for (const key of new Set([...own.keys(), ...aggregates.keys()])) {
    const territories = aggregates.get(key) ?? { province: undefined, autonomousCommunity: undefined, country: undefined };
    figures.set(key, groupFigures(own.get(key), territories, registered));
  }
  return figures;
}

/** The figures of one campaign against the given edition's territories, from stored scores (see readFigureInputs). */
export async function scopeFigures(q: Queryable, scope: FigureScope, policiesOnly = false): Promise<Map<string, GroupFigures>> {
  return figuresByGroup(await readFigureInputs(q, scope, policiesOnly));
}

/** Every group's figures for one campaign (key "scope:categoryId"), with the campaign's place. */
export async function campaignFigures(q: Queryable, campaignId: number): Promise<{ place: CampaignPlace; figures: Map<string, GroupFigures> } | undefined> {
  const place = await findCampaignPlace(q, campaignId);
  if (!place) return undefined;
  return { place, figures: await scopeFigures(q, place) };
}
