import type { Queryable } from '../db/client.js';
import { readResultInputs, type CampaignPlace } from '../db/repositories/resultQueries.js';
import type { PreviousSentCampaign } from '../db/repositories/comparisonQueries.js';
import type { QuestionnaireCache } from './questionnaireCache.js';
import { encodeWithIndicators } from './questionnaires.js';
import { buildResultReport } from './resultReport.js';
import { COUNTRY_NAME } from './territories.js';
import type { TerritoryTexts } from '../../shared/api/results.js';
import { figureInputs, figuresByGroup, sizesOf } from './figures.js';

/**
 * Everything a sent campaign's result depends on besides the campaign itself, as a ReportCache version: the
 * versions read with its place, and the place as it is shown (names) and compared (territories).
 */
export function resultVersion(place: CampaignPlace): string {
  return JSON.stringify([place.reportVersion, place.editionId, place.entityName, place.provinceId, place.provinceName, place.communityId, place.communityName]);
}

/** The same for its comparison: the place's versions, names and territories, and which campaign is the previous one. */
export function comparisonVersion(place: CampaignPlace, { catalogueVersion, previous }: PreviousSentCampaign): string {
  const earlier = previous ? [previous.campaignId, previous.editionId, previous.figuresVersion] : null;
  return JSON.stringify([place.reportVersion, place.editionId, place.entityName, place.provinceId, place.provinceName, place.communityId, place.communityName, catalogueVersion, earlier]);
}

/** The names a report shows of a campaign's entity and territories. */
export const placeNames = (place: CampaignPlace): TerritoryTexts => ({
  campaign: place.entityName,
  province: place.provinceName,
  autonomousCommunity: place.communityName,
  country: COUNTRY_NAME,
});

/**
 * A sent campaign's result response as UTF-8 JSON, envelope included: one statement for its figures and answers,
 * the questionnaire from the cache (its part of the body encoded once per edition).
 */
export async function encodeResult(q: Queryable, questionnaires: QuestionnaireCache, place: CampaignPlace): Promise<Buffer> {
  const [inputs, edition] = await Promise.all([readResultInputs(q, place), questionnaires.get(place.editionId, place.catalogueVersion)]);
  const figureRows = figureInputs(inputs.figures);
  const figures = figuresByGroup(figureRows);
  const questionnaire = { edition, answers: inputs.answers };
  const about = { names: placeNames(place), edition: { year: place.campaignNumber, sizes: sizesOf(figureRows) } };
  return encodeWithIndicators(questionnaire, (indicators) => ({
    response: buildResultReport(figures, { tree: questionnaire.edition.tree, indicators }, about),
  }));
}
