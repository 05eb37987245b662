/**
 * 'Evolución' of the comparisons page, derived from the trend response in the chosen comparison mode: the
 * global percentage per edition of the entity and its province, community, country and size band (the chart), and the
 * same for the global score and every axis (the table), axes matched across editions by name.
 */
import type { ByLevel, Level, TrendFigures, TrendResponse } from '../../../shared/api/results.js';
import { toChartPercent } from '../../lib/numbers.js';

export const TREND_LEVELS: readonly Level[] = ['campaign', 'province', 'autonomousCommunity', 'country', 'sizeBand'];

/** One line of the table: the global score (axisText null) or an axis; per edition, per level, 0..100 with one decimal (null: no figure). */
export interface TrendRow {
  axisText: string | null;
  values: Record<Level, (number | null)[]>;
}

export interface TrendModel {
  /** The editions' years, oldest first. */
  years: number[];
  /** The chart: the global percentage per level and edition. */
  global: Record<Level, (number | null)[]>;
  /** The table: the global score first, then each axis. */
  rows: TrendRow[];
  /** Each edition's mean sizes per territory, in the mode. */
  sizes: Record<Exclude<Level, 'campaign'>, number>[];
}

const pickMode = (figures: TrendFigures | undefined, compareWithParticipants: boolean): ByLevel | undefined =>
  figures && (compareWithParticipants ? figures.percentages : figures.percentagesComparedToAll);

function byLevel(editions: (ByLevel | undefined)[]): Record<Level, (number | null)[]> {
  const values = {} as Record<Level, (number | null)[]>;
  for (const level of TREND_LEVELS) values[level] = editions.map((figures) => toChartPercent(figures?.[level]));
  return values;
}

/** The trend to show, or null when the entity has sent fewer than two editions (nothing to follow). */
export function trendModel(trend: TrendResponse, compareWithParticipants: boolean): TrendModel | null {
  const { editions } = trend;
  if (editions.length < 2) return null;
  const global = byLevel(editions.map((e) => pickMode(e.global, compareWithParticipants)));
  const axisRows = trend.axisTexts.map((axisText) => ({
    axisText,
    values: byLevel(editions.map((e) => pickMode(e.axes.find((a) => a.axisText === axisText), compareWithParticipants))),
  }));
  return {
    years: editions.map((e) => e.year),
    global,
    rows: [{ axisText: null, values: global }, ...axisRows],
    sizes: editions.map((e) => (compareWithParticipants ? e.sizes.participants : e.sizes.comparedToAll)),
  };
}
