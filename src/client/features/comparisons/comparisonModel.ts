/**
 * The radars of the comparisons page, derived from the comparison response: four groups (entity, province,
 * autonomous community, size band), one radar per axis of the current campaign, one spoke per policy, with the current
 * campaign's series and the previous campaign's matched by axis and policy name (editions may differ); and
 * each group's figures as a table, with the change between the campaigns in percentage points.
 */
import type { ComparisonAxis, ComparisonLevel, ComparisonResponse } from '../../../shared/api/results.js';
import { toChartPercent } from '../../lib/numbers.js';
import { modeSizes } from '../results/reportModel.js';

export const COMPARISON_GROUPS: readonly ComparisonLevel[] = ['campaign', 'province', 'autonomousCommunity', 'sizeBand'];

export interface Radar {
  axisText: string;
  policies: string[];
  /** 0..100 per policy; null where there is no figure. */
  current: (number | null)[];
  /** null when there is no previous campaign at all. */
  previous: (number | null)[] | null;
  /** Per policy: its questions or points changed since the previous campaign's edition (the server's contentChanged). */
  changed: boolean[];
}

export interface RadarGroup {
  level: ComparisonLevel;
  radars: Radar[];
  /** The same figures as numbers, with the change between the campaigns. */
  differences: DifferenceTable;
}

/** Which way a figure moved between the campaigns, as shown (one decimal). */
export type Direction = 'up' | 'down' | 'same';

/** One policy of a differences table: percentages 0..100 with one decimal, as the screen shows them; null is a dash. */
export interface DifferenceRow {
  policyText: string;
  previous: number | null;
  current: number | null;
  /** Percentage points, current minus previous as shown; null when either is missing. */
  change: number | null;
  direction: Direction | null;
  /** The policy's questions or points changed since the previous campaign's edition: its figures do not compare like for like. */
  contentChanged?: boolean;
}

/**
 * One group's figures in numbers: the policies of each axis of the current campaign. No axis totals: the
 * comparison gives per-policy percentages only, and an axis's percentage is not the mean of its policies'.
 */
export interface DifferenceTable {
  years: { current: number; previous: number | null };
  axes: { axisText: string; rows: DifferenceRow[] }[];
}

type Mode = 'percentages' | 'percentagesComparedToAll';

function previousFigure(previous: ComparisonAxis[], axisText: string, policyText: string, level: ComparisonLevel, mode: Mode): number | null {
  const policy = previous.find((a) => a.axisText === axisText)?.valuesByPolicy.find((p) => p.policyText === policyText);
  return toChartPercent(policy?.[mode][level]);
}

/** The change between two shown figures, in percentage points with one decimal (no floating-point dust). */
export function changeOf(previous: number | null, current: number | null): Pick<DifferenceRow, 'change' | 'direction'> {
  if (previous === null || current === null) return { change: null, direction: null };
  const change = Math.round((current - previous) * 10) / 10;
  return { change, direction: change > 0 ? 'up' : change < 0 ? 'down' : 'same' };
}

/** A group's differences table from its radars (previous figures matched by axis and policy name). */
function differenceTable(radars: Radar[], years: DifferenceTable['years']): DifferenceTable {
  return {
    years,
    axes: radars.map((radar) => ({
      axisText: radar.axisText,
      rows: radar.policies.map((policyText, i) => {
        const previous = radar.previous?.[i] ?? null;
        const current = radar.current[i];
        return { policyText, previous, current, ...changeOf(previous, current), ...(radar.changed[i] ? { contentChanged: true } : {}) };
      }),
    })),
  };
}

/** The groups of radars in the chosen comparison mode (a withheld mean's figures are null: dashes, no point). */
export function radarGroups(comparison: ComparisonResponse, compareWithParticipants: boolean): RadarGroup[] {
  const mode: Mode = compareWithParticipants ? 'percentages' : 'percentagesComparedToAll';
  const { current, previous, editions } = comparison;
  // Without a previous campaign the table shows the current figures alone.
  const years = { current: editions.current.year, previous: previous && editions.previous ? editions.previous.year : null };
  return COMPARISON_GROUPS.map((level) => {
    const radars = current.map((axis) => ({
      axisText: axis.axisText,
      policies: axis.valuesByPolicy.map((p) => p.policyText),
      current: axis.valuesByPolicy.map((p) => toChartPercent(p[mode][level])),
      previous: previous && axis.valuesByPolicy.map((p) => previousFigure(previous, axis.axisText, p.policyText, level, mode)),
      changed: axis.valuesByPolicy.map((p) => previous !== null && p.contentChanged === true),
    }));
    return { level, radars, differences: differenceTable(radars, years) };
  });
}

/** How many entities a group's mean is built from in one edition. */
export interface EditionSize {
  year: number;
  n: number;
}

/** Per group, its mean's size in the current edition and then the previous one, in the chosen mode; none for the entity itself. */
export function groupSizes(comparison: Pick<ComparisonResponse, 'editions'>, compareWithParticipants: boolean): Record<ComparisonLevel, EditionSize[]> {
  const { current, previous } = comparison.editions;
  const editions = previous ? [current, previous] : [current];
  const sizes = (level: ComparisonLevel) =>
    level === 'campaign' ? [] : editions.map((e) => ({ year: e.year, n: modeSizes(e, compareWithParticipants)[level] }));
  return { campaign: sizes('campaign'), province: sizes('province'), autonomousCommunity: sizes('autonomousCommunity'), sizeBand: sizes('sizeBand') };
}
