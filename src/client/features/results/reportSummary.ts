import type { Rank, ResultResponse, TrendResponse } from '../../../shared/api/results.js';
import type { ActiveLevel } from './reportModel.js';
import { axisNameOf } from '../comparisons/trendModel.js';

/**
 * The printed report's first page: the score, the ranks, the three axes that rose most since the entity's
 * previous campaign and the score in every campaign it sent. Built from the result and the trend (the trend is
 * optional: without it, or without an earlier campaign, the summary has no improvements and a one-point trend).
 */

/** How many of the largest rises the summary names. */
export const SUMMARY_IMPROVEMENTS = 3;

/** An axis whose percentage rose since the previous campaign (fractions 0..1). */
export interface SummaryImprovement {
  axisText: string;
  from: number;
  to: number;
}

export interface ReportSummary {
  /** The entity's global percentage (a fraction), and the means beside it in the chosen mode. */
  percentage: number | null;
  means: { level: ActiveLevel; percentage: number | null }[];
  /** Its rank in each shown territory that has one. */
  ranks: { level: ActiveLevel; rank: Rank }[];
  /** The entity's campaigns up to this one; null while the trend is not read (loading, or it failed): nothing is said of them then. */
  history: {
    /** The year of the previous campaign compared with, or null when this is the entity's first. */
    previousYear: number | null;
    improvements: SummaryImprovement[];
    /** The global percentage of every campaign the entity sent up to this one, oldest first. */
    trend: { year: number; percentage: number | null }[];
  } | null;
}

/** The summary of a result in the chosen mode, its levels as the report shows them. */
export function reportSummary(
  result: ResultResponse,
  levels: readonly ActiveLevel[],
  compareWithParticipants: boolean,
  trend: TrendResponse | null,
): ReportSummary {
  const percentages = compareWithParticipants ? result.global.percentages : result.global.percentagesComparedToAll;
  const year = result.edition.year;
  const editions = (trend?.editions ?? []).filter((e) => e.year <= year);
  const current = editions.find((e) => e.year === year);
  const previous = current ? editions.filter((e) => e.year < year).at(-1) : undefined;
  const history = trend && {
    previousYear: previous?.year ?? null,
    improvements: current && previous ? largestRises(current.axes, previous.axes).map((rise) => ({ ...rise, axisText: axisNameOf(trend, rise.axisText) })) : [],
    trend: current ? editions.map((e) => ({ year: e.year, percentage: e.global.percentages.campaign })) : [{ year, percentage: percentages.campaign }],
  };
  return {
    percentage: percentages.campaign,
    means: levels.filter((l) => l.level !== 'campaign').map((level) => ({ level, percentage: percentages[level.level] })),
    ranks: levels.flatMap((level) => {
      const rank = level.level === 'campaign' ? null : result.global.rank[level.level];
      return rank ? [{ level, rank }] : [];
    }),
    history,
  };
}

/** A rise as the page writes it, in tenths of a percentage point: equal rises on paper tie (and go by name). */
const tenthsOfAPoint = (rise: SummaryImprovement) => Math.round((rise.to - rise.from) * 1000);

type TrendAxis = TrendResponse['editions'][number]['axes'][number];

/** The axes that rose most from one campaign to the next, matched by name as the trend matches them; rises only. */
function largestRises(now: readonly TrendAxis[], before: readonly TrendAxis[]): SummaryImprovement[] {
  const earlier = new Map(before.map((axis) => [axis.axisText, axis.percentages.campaign]));
  return now
    .flatMap((axis) => {
      const [from, to] = [earlier.get(axis.axisText), axis.percentages.campaign];
      return from != null && to != null && to > from ? [{ axisText: axis.axisText, from, to }] : [];
    })
    .sort((a, b) => tenthsOfAPoint(b) - tenthsOfAPoint(a) || a.axisText.localeCompare(b.axisText, 'es'))
    .slice(0, SUMMARY_IMPROVEMENTS);
}
