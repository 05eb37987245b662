import type { Queryable } from '../db/client.js';
import type { CampaignPlace, FigureScope } from '../db/repositories/resultQueries.js';
import type { PreviousSentCampaign } from '../db/repositories/comparisonQueries.js';
import type { ComparisonAxis, ComparisonLevel, ComparisonResponse, ReportEdition } from '../../shared/api/results.js';
import type { ByLevel, GroupFigures } from './territories.js';
import type { QuestionnaireCache, TreeAxis } from './questionnaireCache.js';
import { gatheredTranslations } from '../../shared/editionTexts.js';
import { scopeFigures, type EditionFigures } from './figures.js';
import { placeNames, placeReview, placeSizeBand } from './reportBodies.js';

const pick = (figures: ByLevel | undefined): Record<ComparisonLevel, number | null> => ({
  campaign: figures?.campaign ?? null,
  province: figures?.province ?? null,
  autonomousCommunity: figures?.autonomousCommunity ?? null,
  sizeBand: figures?.sizeBand ?? null,
});

/**
 * One edition's radar (docs/scoring.md, Comparison response): per axis, each policy's percentages for the
 * entity, its province, its community and its size band, in both comparison modes, from the campaign's group figures.
 */
export function comparisonAxes(tree: readonly TreeAxis[], figures: ReadonlyMap<string, GroupFigures>, changedPolicies?: ReadonlySet<number>): ComparisonAxis[] {
  return tree.map((axis) => ({
    axisText: axis.text,
    ...gatheredTranslations([axis.translations, { text: 'axisText' }]),
    valuesByPolicy: axis.policies.map((policy) => {
      const f = figures.get(`policy:${policy.id}`);
      return {
        policyText: policy.text,
        ...gatheredTranslations([policy.translations, { text: 'policyText' }]),
        percentages: pick(f?.percentages),
        percentagesComparedToAll: pick(f?.percentagesComparedToAll),
        ...(changedPolicies ? { contentChanged: changedPolicies.has(policy.id) } : {}),
      };
    }),
  }));
}

/** An edition of a comparison as sent: its year, its means' sizes and the means withheld. */
const reportEdition = (year: number, { sizes, withheld }: EditionFigures): ReportEdition => ({ year, sizes, withheld });

/**
 * The comparison of a sent campaign with the entity's latest sent campaign of an earlier edition (as
 * findComparisonPlace read it), each against its own edition's territorial figures, from stored scores
 * and the cached questionnaire trees; with the entity's names and band and each edition's year, mean sizes and
 * withheld means (fewer participants than minGroupSize). policyFigures gives each edition's policy figures
 * (scopeFigures, policies only, by default; kept parts in ReportEngine).
 */
export async function campaignComparison(
  q: Queryable,
  cache: QuestionnaireCache,
  place: CampaignPlace,
  { catalogueVersion, previous }: PreviousSentCampaign,
  minGroupSize: number,
  changedPolicies: (previousEditionId: number, editionId: number, catalogueVersion: string) => Promise<ReadonlySet<number>>,
  policyFigures: (scope: FigureScope, which: 'current' | 'previous') => Promise<EditionFigures> = (scope) => scopeFigures(q, scope, minGroupSize, true),
): Promise<ComparisonResponse> {
  const territories = { provinceId: place.provinceId, communityId: place.communityId, sizeBand: place.sizeBand };
  const [current, earlier, changed] = await Promise.all([
    Promise.all([cache.get(place.editionId, catalogueVersion), policyFigures(place, 'current')]),
    previous && Promise.all([cache.get(previous.editionId, catalogueVersion), policyFigures({ ...previous, ...territories }, 'previous')]),
    previous && changedPolicies(previous.editionId, place.editionId, catalogueVersion),
  ]);
  return {
    current: comparisonAxes(current[0].tree, current[1].figures, changed || undefined),
    previous: earlier ? comparisonAxes(earlier[0].tree, earlier[1].figures) : null,
    territoryTexts: placeNames(place),
    sizeBand: placeSizeBand(place),
    editions: {
      current: reportEdition(place.campaignNumber, current[1]),
      previous: previous && earlier ? reportEdition(previous.campaignNumber, earlier[1]) : null,
    },
    minGroupSize,
    ...placeReview(place),
  };
}
