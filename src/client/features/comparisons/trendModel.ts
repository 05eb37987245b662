/**
 * 'Evolución' of the comparisons page, derived from the trend response in the chosen comparison mode: the
 * global percentage per edition of the entity and its province, community, country and size band (the chart), and the
 * same for the global score and every axis (the table), axes matched across editions by name.
 */
import type { ByLevel, Level, TrendFigures, TrendResponse } from '../../../shared/api/results.js';
import { toChartPercent } from '../../lib/numbers.js';

export const TREND_LEVELS: readonly Level[] = ['campaign', 'province', 'autonomousCommunity', 'country', 'sizeBand'];

/** One line of the table: the global score (axisText null) or an axis, by its name as shown; per edition, per level, 0..100 with one decimal (null: no figure). */
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

/** An axis of a trend as the screens name it (axisNames, in the reader's language once localized); the name it is matched by without one. */
export const axisNameOf = (trend: Pick<TrendResponse, 'axisNames'>, axisText: string): string => trend.axisNames?.[axisText] ?? axisText;

/** The trend to show, or null when the entity has sent fewer than two editions (nothing to follow). */
export function trendModel(trend: TrendResponse, compareWithParticipants: boolean): TrendModel | null {
  const { editions } = trend;
  if (editions.length < 2) return null;
  const global = byLevel(editions.map((e) => pickMode(e.global, compareWithParticipants)));
  const axisRows = trend.axisTexts.map((axisText) => ({
    axisText: axisNameOf(trend, axisText),
    values: byLevel(
      editions.map((e) =>
        pickMode(
          e.axes.find((a) => a.axisText === axisText),
          compareWithParticipants,
        ),
      ),
    ),
  }));
  return {
    years: editions.map((e) => e.year),
    global,
    rows: [{ axisText: null, values: global }, ...axisRows],
    sizes: editions.map((e) => (compareWithParticipants ? e.sizes.participants : e.sizes.comparedToAll)),
  };
}

/** The trend chart's percentage scale: from this minimum to this maximum, in steps of tickInterval. */
export interface TrendAxisRange {
  min: number;
  max: number;
  tickInterval: number;
}

/** The least span of the trend chart's scale, in percentage points: a flat trend still reads as flat. */
const MIN_SPAN = 20;

/**
 * The trend chart's scale, fitted to its figures (0..100 each): from a round ten below the lowest to a round ten
 * above the highest, with at least five points of room on each side, never beyond 0% or 100%, and at least
 * MIN_SPAN points wide. On a fixed 0-100% scale lines between 70% and 85% lie on top of one another. No figure:
 * the whole 0-100% scale.
 */
export function trendAxisRange(values: readonly (number | null)[]): TrendAxisRange {
  const shown = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (shown.length === 0) return { min: 0, max: 100, tickInterval: 25 };
  let min = Math.max(0, Math.floor((Math.min(...shown) - 5) / 10) * 10);
  let max = Math.min(100, Math.ceil((Math.max(...shown) + 5) / 10) * 10);
  while (max - min < MIN_SPAN) {
    if (min > 0) min -= 10;
    else max += 10;
  }
  const span = max - min;
  return { min, max, tickInterval: span > 60 ? 20 : span > 30 ? 10 : 5 };
}
