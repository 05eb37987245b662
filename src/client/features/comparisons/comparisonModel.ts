/**
 * The radars of the comparisons page, derived from the comparison response: three groups (entity, province,
 * autonomous community), one radar per axis of the current campaign, one spoke per policy, with the current
 * campaign's series and the previous campaign's matched by axis and policy name (editions may differ).
 */
import type { ComparisonAxis, ComparisonLevel, ComparisonResponse } from '../../../shared/api/results.js';
import { toChartPercent } from '../../lib/numbers.js';
import { modeSizes } from '../results/reportModel.js';

export const COMPARISON_GROUPS: readonly ComparisonLevel[] = ['campaign', 'province', 'autonomousCommunity'];

export interface Radar {
  axisText: string;
  policies: string[];
  /** 0..100 per policy; null where there is no figure. */
  current: (number | null)[];
  /** null when there is no previous campaign at all. */
  previous: (number | null)[] | null;
}

export interface RadarGroup {
  level: ComparisonLevel;
  radars: Radar[];
}

type Mode = 'percentages' | 'percentagesComparedToAll';

function previousFigure(previous: ComparisonAxis[], axisText: string, policyText: string, level: ComparisonLevel, mode: Mode): number | null {
  const policy = previous.find((a) => a.axisText === axisText)?.valuesByPolicy.find((p) => p.policyText === policyText);
  return toChartPercent(policy?.[mode][level]);
}

/** The three groups of radars in the chosen comparison mode. */
export function radarGroups(comparison: ComparisonResponse, compareWithParticipants: boolean): RadarGroup[] {
  const mode: Mode = compareWithParticipants ? 'percentages' : 'percentagesComparedToAll';
  const { current, previous } = comparison;
  return COMPARISON_GROUPS.map((level) => ({
    level,
    radars: current.map((axis) => ({
      axisText: axis.axisText,
      policies: axis.valuesByPolicy.map((p) => p.policyText),
      current: axis.valuesByPolicy.map((p) => toChartPercent(p[mode][level])),
      previous: previous && axis.valuesByPolicy.map((p) => previousFigure(previous, axis.axisText, p.policyText, level, mode)),
    })),
  }));
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
  const sizes = (level: ComparisonLevel) => (level === 'campaign' ? [] : editions.map((e) => ({ year: e.year, n: modeSizes(e, compareWithParticipants)[level] })));
  return { campaign: sizes('campaign'), province: sizes('province'), autonomousCommunity: sizes('autonomousCommunity') };
}
