import type { IntlShape } from 'react-intl';

import { DASH, formatPercent } from '../../shared/format.js';

const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

export { DASH, formatPercent } from '../../shared/format.js';

/** Points with at most one decimal: territorial means are rarely whole. */
export function formatPoints(intl: IntlShape, value: number | null | undefined): string {
  return value == null ? DASH : intl.formatNumber(value, { maximumFractionDigits: 1 });
}

/** A comparison-table cell: 'value (percent%)', or a dash when the territory has no figure. */
export function formatValueAndPercent(intl: IntlShape, value: number | null | undefined, fraction: number | null | undefined): string {
  return fraction == null ? DASH : `${formatPoints(intl, value)} (${formatPercent(intl, fraction)})`;
}

/** A fraction as a chart value 0..100 with one decimal, or null. */
export const toChartPercent = (fraction: number | null | undefined): number | null => (fraction == null ? null : Math.round(fraction * 1000) / 10);

/** A change in percentage points with its sign and one decimal: '+4,0', '-3,5', '0,0'. */
export const formatPointsChange = (intl: IntlShape, change: number | null | undefined): string =>
  change == null ? DASH : intl.formatNumber(change, { ...oneDecimal, signDisplay: 'exceptZero' });

/** A chart value already on the 0..100 scale, as '45,3%'. */
export const formatChartPercent = (intl: IntlShape, value: number | null | undefined) => (value == null ? DASH : formatPercent(intl, value / 100));

/** "name: 45,3%, name: 50,0%": the one-line summary of a chart's values. */
export const describeValues = (intl: IntlShape, items: readonly { name: string; value: number | null }[]) =>
  items.map((i) => `${i.name}: ${formatChartPercent(intl, i.value)}`).join(', ');

/** A chart of series over categories in words, series by series: 'Title. Entity: A: 50 %, B: 60 %. Province: …'. */
export const describeSeries = (
  intl: IntlShape,
  title: string,
  categories: readonly string[],
  series: readonly { name: string; data: readonly (number | null)[] }[],
) =>
  `${title}. ${series
    .map(
      (s) =>
        `${s.name}: ${describeValues(
          intl,
          categories.map((c, i) => ({ name: c, value: s.data[i] })),
        )}`,
    )
    .join('. ')}`;

/**
 * Highcharts' numberFormatter (chart.numberFormatter): every number a chart writes (axis labels, data labels,
 * tooltips, '{y:.1f}') by the locale's rules, as the cards write them. decimals -1 (Highcharts: as many as
 * the number has) keeps them all.
 */
export const chartNumberFormatter =
  (intl: IntlShape) =>
  (value: number, decimals: number): string =>
    intl.formatNumber(value, decimals >= 0 ? { minimumFractionDigits: decimals, maximumFractionDigits: decimals } : { maximumFractionDigits: 20 });
