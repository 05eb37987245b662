import type { Queryable } from '../db/client.js';
import type { CampaignPlace } from '../db/repositories/resultQueries.js';
import { readTrendInputs } from '../db/repositories/trendQueries.js';
import type { MeanSizes, TerritoryTexts, TrendEdition, TrendFigures, TrendResponse } from '../../shared/api/results.js';
import type { QuestionnaireCache, TreeAxis } from './questionnaireCache.js';
import { figureInputs, figuresByGroup, sizesOf } from './figures.js';
import { groupKey } from './scoring.js';
import type { GroupFigures } from './territories.js';
import { placeNames } from './reportBodies.js';

/** What one edition of a trend is built from: the campaign, its edition's year and axes, and its group figures. */
export interface TrendSource {
  year: number;
  campaignId: number;
  tree: readonly Pick<TreeAxis, 'id' | 'text'>[];
  figures: ReadonlyMap<string, GroupFigures>;
  sizes: MeanSizes;
}

const NONE = { campaign: null, province: null, autonomousCommunity: null, country: null };
const figuresOf = (f: GroupFigures | undefined): TrendFigures => ({ percentages: f?.percentages ?? NONE, percentagesComparedToAll: f?.percentagesComparedToAll ?? NONE });

/**
 * A trend (GET campaigns/trend) from its editions, oldest first: each edition's global and per-axis figures in
 * both modes and its means' sizes, and every axis's name once, the latest edition's first (editions are matched
 * by name: an axis an edition lacks is simply absent from its list).
 */
export function buildTrend(sources: readonly TrendSource[], territoryTexts: TerritoryTexts): TrendResponse {
  const editions: TrendEdition[] = sources.map(({ year, campaignId, tree, figures, sizes }) => ({
    year,
    campaignId,
    global: figuresOf(figures.get(groupKey('total', 0))),
    axes: tree.map((axis) => ({ axisText: axis.text, ...figuresOf(figures.get(groupKey('axis', axis.id))) })),
    sizes,
  }));
  const axisTexts: string[] = [];
  for (const edition of [...editions].reverse()) for (const { axisText } of edition.axes) if (!axisTexts.includes(axisText)) axisTexts.push(axisText);
  return { territoryTexts, axisTexts, editions };
}

/**
 * The trend of a sent campaign's entity: its sent campaigns up to this one's edition, each against its own
 * edition's sums of the entity's territories of today, from stored scores in one statement (readTrendInputs)
 * and the cached questionnaire trees.
 */
export async function campaignTrend(q: Queryable, cache: QuestionnaireCache, place: CampaignPlace): Promise<TrendResponse> {
  const inputs = await readTrendInputs(q, place);
  const sources = await Promise.all(
    inputs.map(async ({ campaignId, editionId, campaignNumber, figures: rows }) => {
      const parsed = figureInputs(rows);
      const { tree } = await cache.get(editionId, place.catalogueVersion);
      return { year: campaignNumber, campaignId, tree, figures: figuresByGroup(parsed), sizes: sizesOf(parsed) };
    }),
  );
  return buildTrend(sources, placeNames(place));
}
