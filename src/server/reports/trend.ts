import type { Queryable } from '../db/client.js';
import type { CampaignPlace } from '../db/repositories/resultQueries.js';
import { readTrendInputs } from '../db/repositories/trendQueries.js';
import type { SizeBand, TerritoryTexts, TrendEdition, TrendFigures, TrendResponse } from '../../shared/api/results.js';
import type { QuestionnaireCache, TreeAxis } from './questionnaireCache.js';
import { editionFigures, figureInputs, type EditionFigures } from './figures.js';
import { groupKey } from './scoring.js';
import { wholeInEachLanguage } from '../../shared/editionTexts.js';
import { NO_FIGURES, type GroupFigures } from './territories.js';
import { minGroupSizeOf, placeNames, placeSizeBand } from './reportBodies.js';

/** What one edition of a trend is built from: the campaign, its edition's year and axes, and its figures. */
export interface TrendSource extends EditionFigures {
  year: number;
  campaignId: number;
  tree: readonly Pick<TreeAxis, 'id' | 'text' | 'translations'>[];
}

const figuresOf = (f: GroupFigures = NO_FIGURES): TrendFigures => ({ percentages: f.percentages, percentagesComparedToAll: f.percentagesComparedToAll });

/**
 * A trend (GET campaigns/trend) from its editions, oldest first: each edition's global and per-axis figures in
 * both modes, its means' sizes and withheld means, and every axis's name once, the latest edition's first
 * (editions are matched by name: an axis an edition lacks is simply absent from its list). Each name is shown in
 * the reader's language from the translations of the latest edition that has it (axisNames, read by localize).
 */
export function buildTrend(
  sources: readonly TrendSource[],
  about: { territoryTexts: TerritoryTexts; sizeBand: SizeBand; minGroupSize: number },
): TrendResponse {
  const editions: TrendEdition[] = sources.map(({ year, campaignId, tree, figures, sizes, withheld }) => ({
    year,
    campaignId,
    global: figuresOf(figures.get(groupKey('total', 0))),
    axes: tree.map((axis) => ({ axisText: axis.text, ...figuresOf(figures.get(groupKey('axis', axis.id))) })),
    sizes,
    withheld,
  }));
  const latest = new Map<string, TrendSource['tree'][number]>();
  for (const { tree } of [...sources].reverse()) for (const axis of tree) if (!latest.has(axis.text)) latest.set(axis.text, axis);
  const axes = [...latest.values()];
  const axisNames = (nameOf: (axis: (typeof axes)[number]) => string) => ({ axisNames: Object.fromEntries(axes.map((a) => [a.text, nameOf(a)])) });
  const translations = wholeInEachLanguage(axes, axisNames);
  return {
    territoryTexts: about.territoryTexts,
    sizeBand: about.sizeBand,
    minGroupSize: about.minGroupSize,
    axisTexts: [...latest.keys()],
    ...axisNames((a) => a.text),
    ...(translations && { translations }),
    editions,
  };
}

/**
 * The trend of a sent campaign's entity: its sent campaigns up to this one's edition, each against its own
 * edition's sums of the entity's territories and band of today (means of fewer participants than minGroupSize withheld, or
 * than a final edition's own), from stored scores in one statement (readTrendInputs)
 * and the cached questionnaire trees.
 */
export async function campaignTrend(q: Queryable, cache: QuestionnaireCache, place: CampaignPlace, minGroupSize: number): Promise<TrendResponse> {
  const inputs = await readTrendInputs(q, place);
  const sources = await Promise.all(
    inputs.map(async ({ campaignId, editionId, campaignNumber, finalMinGroupSize, figures: rows }) => {
      const { tree } = await cache.get(editionId, place.catalogueVersion);
      // A final edition's means withheld as when it was published.
      return { year: campaignNumber, campaignId, tree, ...editionFigures(figureInputs(rows), minGroupSizeOf({ finalMinGroupSize }, minGroupSize)) };
    }),
  );
  return buildTrend(sources, { territoryTexts: placeNames(place), sizeBand: placeSizeBand(place), minGroupSize });
}
