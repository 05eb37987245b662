import type { Queryable } from '../db/client.js';
import { countedInMeans, readResultInputs, shownPlace, type CampaignPlace, type RankRows } from '../db/repositories/resultQueries.js';
import type { PreviousSentCampaign } from '../db/repositories/comparisonQueries.js';
import type { TrendPlace } from '../db/repositories/trendQueries.js';
import type { QuestionnaireCache } from './questionnaireCache.js';
import { encodeWithIndicators } from './questionnaires.js';
import { buildResultReport } from './resultReport.js';
import { COUNTRY_NAME } from './territories.js';
import type { SizeBand, TerritoryTexts } from '../../shared/api/results.js';
import { editionFigures, figureInputs, ranksByGroup, type FigureInputs } from './figures.js';
import type { CampaignAnswers } from '../db/repositories/questionnaires.js';

/**
 * Everything a sent campaign's result depends on besides the campaign itself, as a ReportCache version: the
 * versions read with its place, and the place as it is shown (names) and compared (territories).
 */
export function resultVersion(place: CampaignPlace): string {
  return JSON.stringify([place.reportVersion, place.editionId, ...shownPlace(place)]);
}

/**
 * What a result assembled from parts (reportParts.ts) depends on, as a ReportCache version: the campaign's
 * scores' version, its edition's versions of its four territories, the registered entities' and catalogue
 * versions, and the place as it is shown and compared. A submission elsewhere changes the country's version
 * only (and its province's, community's or band's when it shares them).
 */
export function resultPartsVersion(place: CampaignPlace): string {
  return JSON.stringify([place.scoresVersion, place.territoryVersions, place.registeredVersion, place.catalogueVersion, place.editionId, ...shownPlace(place)]);
}

/**
 * The same for a comparison assembled from parts: its radar shows the province, community and band, never the
 * country, so the country's version is left out; and the previous campaign with its own parts' versions.
 */
export function comparisonPartsVersion(place: CampaignPlace, { catalogueVersion, previous }: PreviousSentCampaign): string {
  // territoryVersions: province, community, country, size band (CampaignPlace).
  const [province, autonomousCommunity, , sizeBand] = place.territoryVersions.split(' ');
  const earlier = previous ? [previous.campaignId, previous.editionId, previous.partsVersion] : null;
  return JSON.stringify([
    place.scoresVersion,
    province,
    autonomousCommunity,
    sizeBand,
    place.registeredVersion,
    catalogueVersion,
    place.editionId,
    ...shownPlace(place),
    earlier,
  ]);
}

/** The same for its comparison: the place's versions, names and territories, and which campaign is the previous one. */
export function comparisonVersion(place: CampaignPlace, { catalogueVersion, previous }: PreviousSentCampaign): string {
  const earlier = previous ? [previous.campaignId, previous.editionId, previous.figuresVersion] : null;
  return JSON.stringify([place.reportVersion, place.editionId, ...shownPlace(place), catalogueVersion, earlier]);
}

/**
 * What a trend depends on, as a ReportCache version: the figures of every edition it shows (TrendPlace's
 * trendVersion), the registered entities' and catalogue versions (the axes' names), and the place as it is shown
 * and compared.
 */
export function trendVersion(place: TrendPlace): string {
  return JSON.stringify([place.trendVersion, place.registeredVersion, place.catalogueVersion, place.campaignNumber, ...shownPlace(place)]);
}

/** The names a report shows of a campaign's entity and territories. */
export const placeNames = (place: CampaignPlace): TerritoryTexts => ({
  campaign: place.entityName,
  province: place.provinceName,
  autonomousCommunity: place.communityName,
  country: COUNTRY_NAME,
});

/**
 * Where the campaign's review stands, which campaigns its edition's means are made from, whether its results are
 * final and its submission's receipt, as a report sends them.
 */
export const placeReview = (place: CampaignPlace) => ({
  reviewStatus: place.reviewStatus,
  validatedAt: place.validatedAt?.toISOString() ?? null,
  meansFrom: place.meansFrom,
  finalPublishedAt: place.finalPublishedAt?.toISOString() ?? null,
  receipt: place.receiptCode !== null && place.receiptSha256 !== null ? { code: place.receiptCode, sha256: place.receiptSha256 } : null,
});

/** The fewest participants a mean of the place's report is shown for: MIN_GROUP_SIZE as configured, or as it was when its edition became final. */
export const minGroupSizeOf = (place: Pick<CampaignPlace, 'finalMinGroupSize'>, configured: number): number => place.finalMinGroupSize ?? configured;

/** The entity's population band as reports send it. */
export const placeSizeBand = (place: CampaignPlace): SizeBand => ({ minPopulation: place.sizeBand, maxPopulation: place.sizeBandMax });

/**
 * A sent campaign's result response as UTF-8 JSON, envelope included: one statement for its figures, ranks and
 * answers, the questionnaire from the cache (its part of the body encoded once per edition). Means built from
 * fewer participants than minGroupSize, and their ranks, are withheld.
 */
export async function encodeResult(q: Queryable, questionnaires: QuestionnaireCache, place: CampaignPlace, minGroupSize: number): Promise<Buffer> {
  const [inputs, edition] = await Promise.all([readResultInputs(q, place), questionnaires.get(place.editionId, place.catalogueVersion)]);
  return encodeResultFrom(
    edition,
    place,
    { figures: figureInputs(inputs.figures), ranks: inputs.ranks, answers: inputs.answers, notes: inputs.notes },
    minGroupSize,
  );
}

/**
 * The same body from its inputs however they were read: one statement (encodeResult) or kept parts
 * (reportParts.ts ReportParts.resultInputs).
 */
export function encodeResultFrom(
  edition: Awaited<ReturnType<QuestionnaireCache['get']>>,
  place: CampaignPlace,
  inputs: { figures: FigureInputs; ranks: RankRows } & CampaignAnswers,
  minGroupSize: number,
): Buffer {
  const parsed = inputs.figures;
  const { figures, sizes, withheld } = editionFigures(parsed, minGroupSize);
  const ranks = ranksByGroup(inputs.ranks, parsed, withheld, !countedInMeans(place));
  const questionnaire = { edition, answers: inputs.answers, notes: inputs.notes };
  const about = {
    names: placeNames(place),
    sizeBand: placeSizeBand(place),
    edition: { year: place.campaignNumber, sizes, withheld },
    minGroupSize,
    review: placeReview(place),
  };
  return encodeWithIndicators(questionnaire, (indicators) => ({
    response: buildResultReport({ figures, ranks }, { tree: questionnaire.edition.tree, indicators }, about),
  }));
}
