import type { Queryable } from '../db/client.js';
import { readResultInputs, type CampaignPlace } from '../db/repositories/resultQueries.js';
import type { PreviousSentCampaign } from '../db/repositories/comparisonQueries.js';
import type { QuestionnaireCache } from './questionnaireCache.js';
import { encodeWithIndicators } from './questionnaires.js';
import { buildResultReport } from './resultReport.js';
import { COUNTRY_NAME } from './territories.js';
import type { SizeBand, TerritoryTexts } from '../../shared/api/results.js';
import { editionFigures, figureInputs, ranksByGroup } from './figures.js';

/**
 * Everything a sent campaign's result depends on besides the campaign itself, as a ReportCache version: the
 * versions read with its place, and the place as it is shown (names) and compared (territories).
 */
export function resultVersion(place: CampaignPlace): string {
  return JSON.stringify([place.reportVersion, place.editionId, place.entityName, place.provinceId, place.provinceName, place.communityId, place.communityName, place.sizeBand, place.sizeBandMax]);
}

/** The same for its comparison: the place's versions, names and territories, and which campaign is the previous one. */
export function comparisonVersion(place: CampaignPlace, { catalogueVersion, previous }: PreviousSentCampaign): string {
  const earlier = previous ? [previous.campaignId, previous.editionId, previous.figuresVersion] : null;
  return JSON.stringify([
    place.reportVersion, place.editionId, place.entityName, place.provinceId, place.provinceName, place.communityId, place.communityName,
    place.sizeBand, place.sizeBandMax, catalogueVersion, earlier,
  ]);
}

/** The names a report shows of a campaign's entity and territories. */
export const placeNames = (place: CampaignPlace): TerritoryTexts => ({
  campaign: place.entityName,
  province: place.provinceName,
  autonomousCommunity: place.communityName,
  country: COUNTRY_NAME,
});

/** The entity's population band as reports send it. */
export const placeSizeBand = (place: CampaignPlace): SizeBand => ({ minPopulation: place.sizeBand, maxPopulation: place.sizeBandMax });

/**
 * A sent campaign's result response as UTF-8 JSON, envelope included: one statement for its figures, ranks and
 * answers, the questionnaire from the cache (its part of the body encoded once per edition). Means built from
 * fewer participants than minGroupSize, and their ranks, are withheld.
 */
export async function encodeResult(q: Queryable, questionnaires: QuestionnaireCache, place: CampaignPlace, minGroupSize: number): Promise<Buffer> {
  const [inputs, edition] = await Promise.all([readResultInputs(q, place), questionnaires.get(place.editionId, place.catalogueVersion)]);
  const parsed = figureInputs(inputs.figures);
  const { figures, sizes, withheld } = editionFigures(parsed, minGroupSize);
  const ranks = ranksByGroup(inputs.ranks, parsed, withheld);
  const questionnaire = { edition, answers: inputs.answers };
  const about = { names: placeNames(place), sizeBand: placeSizeBand(place), edition: { year: place.campaignNumber, sizes, withheld }, minGroupSize };
  return encodeWithIndicators(questionnaire, (indicators) => ({
    response: buildResultReport({ figures, ranks }, { tree: questionnaire.edition.tree, indicators }, about),
  }));
}
