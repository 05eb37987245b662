import type { Queryable } from '../db/client.js';
import type { CampaignPlace } from '../db/repositories/resultQueries.js';
import type { PreviousSentCampaign } from '../db/repositories/comparisonQueries.js';
import type { ComparisonAxis, ComparisonLevel, ComparisonResponse } from '../../shared/api/results.js';
import type { ByLevel, GroupFigures } from './territories.js';
import type { QuestionnaireCache, TreeAxis } from './questionnaireCache.js';
import { scopeFigures } from './figures.js';
import { placeNames } from './reportBodies.js';

const pick = (figures: ByLevel | undefined): Record<ComparisonLevel, number | null> => ({
  campaign: figures?.campaign ?? null,
  province: figures?.province ?? null,
  autonomousCommunity: figures?.autonomousCommunity ?? null,
});

/**
 * One edition's radar (scoring.md, Comparison response): per axis, each policy's percentages for the
 * entity, its province and its community, in both comparison modes, from the campaign's group figures.
 */
export function comparisonAxes(tree: readonly TreeAxis[], figures: ReadonlyMap<string, GroupFigures>): ComparisonAxis[] {
  return tree.map((axis) => ({
    axisText: axis.text,
    valuesByPolicy: axis.policies.map((policy) => {
      const f = figures.get(`policy:${policy.id}`);
      return { policyText: policy.text, percentages: pick(f?.percentages), percentagesComparedToAll: pick(f?.percentagesComparedToAll) };
    }),
  }));
}

/**
 * The comparison of a sent campaign with the entity's latest sent campaign of an earlier edition (as
 * findPreviousSentCampaign read it), each against its own edition's territorial figures, from stored scores
 * and the cached questionnaire trees; with the entity's names and each edition's year and mean sizes.
 */
export async function campaignComparison(q: Queryable, cache: QuestionnaireCache, place: CampaignPlace, { catalogueVersion, previous }: PreviousSentCampaign): Promise<ComparisonResponse> {
  const territories = { provinceId: place.provinceId, communityId: place.communityId };
  const [current, earlier] = await Promise.all([
    Promise.all([cache.get(place.editionId, catalogueVersion), scopeFigures(q, place, true)]),
    previous && Promise.all([cache.get(previous.editionId, catalogueVersion), scopeFigures(q, { ...previous, ...territories }, true)]),
  ]);
  return {
    current: comparisonAxes(current[0].tree, current[1].figures),
    previous: earlier ? comparisonAxes(earlier[0].tree, earlier[1].figures) : null,
    territoryTexts: placeNames(place),
    editions: {
      current: { year: place.campaignNumber, sizes: current[1].sizes },
      previous: previous && earlier ? { year: previous.campaignNumber, sizes: earlier[1].sizes } : null,
    },
  };
}
