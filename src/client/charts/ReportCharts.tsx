import { useIntl } from 'react-intl';
import { ChartFigure, type ChartSeries } from './ChartFigure.js';
import type { Highcharts } from './highcharts.js';
import { categoryLabels, categorySlot } from './labels.js';
import type { WidthRule } from './widthRules.js';
import { chartText } from './chartText.js';
import { describeValues, formatChartPercent } from '../lib/numbers.js';

/** Gauge proportions of the specification (360 x 190), at the width of its box; 30% red, 40% amber, 30% green. */
const GAUGE_HEIGHT = `${(190 / 360) * 100}%`;
const BANDS = [
  { from: 0, to: 30, color: '#dc3545' },
  { from: 30, to: 70, color: '#ffc107' },
  { from: 70, to: 100, color: '#198754' },
];
/** Tick labels run 10 to 90 on the 0-100 scale. */
const GAUGE_TICKS = [10, 20, 30, 40, 50, 60, 70, 80, 90];
/** Width of the copy of a bar chart drawn for A4 portrait paper, and its usual tallest height (beside a gauge). */
export const PRINT_CHART_WIDTH = 660;
const PRINT_CHART_MAX_HEIGHT = 640;
/** Bar charts' category labels: a column this wide (px), narrower in charts narrower than NARROW_CHART (phones). */
const LABEL_WIDTH = { wide: 240, narrow: 120 } as const;
const NARROW_CHART = 560;
/** Charts narrower than this label every other tick of the 0-100% scale (the labels would not fit side by side); narrow ones 0, 50 and 100%. */
const MEDIUM_CHART = 700;
/** Height of a bar chart besides its categories: the scale's labels, spacing, and a legend row. */
const AXIS_PX = 60;
const LEGEND_ROW_PX = 22;

export interface Needle {
  name: string;
  colour: string;
  /** 0..100, null when the territory has no figure (no needle then). */
  value: number | null;
}

// A small padding, so that the ticks stay level down to '100%' in a slot barely wider than it (a longer category, 'Valencia (n = 2)', narrows the plot).
const percentAxis: Highcharts.YAxisOptions = {
  min: 0,
  max: 100,
  tickInterval: 10,
  title: { text: undefined },
  labels: { format: '{value:.0f}%', overflow: 'allow', padding: 1 },
};
const tooltip: Highcharts.TooltipOptions = { valueSuffix: '%', valueDecimals: 1, shared: true };

/**
 * Heights and options of a horizontal bar chart whose category labels are never cut: each category's slot holds
 * its bars (barPx) or its label's wrapped lines. Charts narrower than NARROW_CHART (phones) get a narrower
 * label column and their own height; a legend takes a row per two items, a row per item on a phone.
 */
function barLayout(categories: string[], barPx: number, legendItems: number) {
  const size = (slot: number, legendPerRow: number) => AXIS_PX + Math.ceil(legendItems / legendPerRow) * LEGEND_ROW_PX + categories.length * slot;
  const height = Math.max(160, size(categorySlot(categories, barPx, LABEL_WIDTH.wide), 2));
  const phoneHeight = Math.max(160, size(categorySlot(categories, barPx, LABEL_WIDTH.narrow), 1));
  // Paper: down to PRINT_CHART_MAX_HEIGHT (thinner bars) to share a page with the gauge, never below what the labels need.
  const printHeight = Math.min(height, Math.max(PRINT_CHART_MAX_HEIGHT, size(categorySlot(categories, 0, LABEL_WIDTH.wide), 2)));
  // No title: the figure's caption names the chart.
  const options: Highcharts.Options = {
    chart: { type: 'bar', height, spacingRight: 24 },
    title: { text: undefined },
    xAxis: { categories: categories.map(chartText), labels: categoryLabels(LABEL_WIDTH.wide) },
    yAxis: percentAxis,
  };
  const widthRules: WidthRule[] = [
    { maxWidth: MEDIUM_CHART - 1, chartOptions: { yAxis: { labels: { step: 2 } } } },
    {
      maxWidth: NARROW_CHART - 1,
      chartOptions: { chart: { height: phoneHeight }, xAxis: { labels: { style: { width: LABEL_WIDTH.narrow } } }, yAxis: { labels: { step: 5 } } },
    },
  ];
  return { printHeight, options, figure: { categories, widthRules, phoneHeight, printWidth: PRINT_CHART_WIDTH } };
}

/**
 * Each needle's colour, name and value under the gauge, so that nothing needs hovering (needles a few points
 * apart overlap). Hidden from screen readers: the figure's summary and data table say the same.
 */
function GaugeLegend({ needles }: { needles: Needle[] }) {
  const intl = useIntl();
  return (
    <ul className="gauge-legend list-unstyled mb-0" aria-hidden="true" data-testid="gauge-legend">
      {needles.map((n) => (
        <li key={n.name}>
          <span className="legend-swatch" style={{ backgroundColor: n.colour }} />
          <span className="gauge-legend-name">{n.name}</span>
          <span className="gauge-legend-value">{formatChartPercent(intl, n.value)}</span>
        </li>
      ))}
    </ul>
  );
}

/** A half-circle gauge as wide as its box with one needle per shown level, and their legend with values. */
export function Gauge({ title, needles }: { title: string; needles: Needle[] }) {
  const intl = useIntl();
  const summary = `${title}. ${describeValues(intl, needles)}`;
  const options: Highcharts.Options = {
    chart: { type: 'gauge', height: GAUGE_HEIGHT, spacing: [4, 4, 4, 4] },
    title: { text: undefined },
    pane: {
      startAngle: -90,
      endAngle: 90,
      center: ['50%', '88%'],
      size: '150%',
      background: [{ backgroundColor: 'transparent', borderWidth: 0, shape: 'arc' }],
    },
    yAxis: {
      min: 0,
      max: 100,
      // Without these, tick positions would become the scale's ends (10 and 90).
      startOnTick: false,
      endOnTick: false,
      tickPositions: GAUGE_TICKS,
      tickLength: 14,
      tickWidth: 1,
      minorTicks: false,
      labels: { distance: 18, style: { fontSize: '11px' } },
      plotBands: BANDS.map((band) => ({ ...band, thickness: 14 })),
    },
    tooltip: { valueSuffix: '%', valueDecimals: 1 },
    legend: { enabled: false },
    series: needles
      .filter((n) => n.value !== null)
      .map((n): Highcharts.SeriesGaugeOptions => ({
        type: 'gauge',
        name: chartText(n.name),
        data: [n.value as number],
        // A white edge keeps each needle apart from the coloured zones under it and from its neighbours.
        dial: { backgroundColor: n.colour, borderColor: '#ffffff', borderWidth: 1, baseWidth: 6, radius: '88%', rearLength: '0%' },
        pivot: { backgroundColor: '#343a40', radius: 5 },
        dataLabels: { enabled: false },
      })),
  };
  return (
    <>
      <ChartFigure
        title={title}
        summary={summary}
        options={options}
        categories={[title]}
        series={needles.map((n) => ({ ...n, data: [n.value] }))}
        testId="gauge"
      />
      <GaugeLegend needles={needles} />
    </>
  );
}

/** Horizontal bars, one group per category and one series per level, on a 0-100% scale. */
export function GroupedBars({ title, categories, series, testId }: { title: string; categories: string[]; series: ChartSeries[]; testId?: string }) {
  const intl = useIntl();
  const summary = `${title}. ${categories
    .map(
      (category, i) =>
        `${category} (${describeValues(
          intl,
          series.map((s) => ({ name: s.name, value: s.data[i] })),
        )})`,
    )
    .join('; ')}`;
  const layout = barLayout(categories, 12 + series.length * 9, series.length > 1 ? series.length : 0);
  const options: Highcharts.Options = {
    ...layout.options,
    tooltip,
    legend: { enabled: series.length > 1 },
    plotOptions: { bar: { groupPadding: 0.12, pointPadding: 0.04, borderWidth: 0 } },
    series: series.map((s): Highcharts.SeriesBarOptions => ({ type: 'bar', name: chartText(s.name), color: s.colour, data: s.data })),
  };
  return <ChartFigure title={title} summary={summary} options={options} {...layout.figure} series={series} printHeight={layout.printHeight} testId={testId} />;
}

/** One bar per location (level), each in its level's colour, 0-100% with ticks every 10. */
export function LocationBars({ title, bars }: { title: string; bars: Needle[] }) {
  const intl = useIntl();
  const summary = `${title}. ${describeValues(intl, bars)}`;
  const categories = bars.map((b) => b.name);
  const layout = barLayout(categories, 36, 0);
  const options: Highcharts.Options = {
    ...layout.options,
    tooltip: { valueSuffix: '%', valueDecimals: 1 },
    legend: { enabled: false },
    plotOptions: { bar: { borderWidth: 0, dataLabels: { enabled: true, format: '{y:.1f}%' } } },
    series: [{ type: 'bar', name: chartText(title), data: bars.map((b) => ({ y: b.value, color: b.colour })) }],
  };
  return (
    <ChartFigure
      title={title}
      summary={summary}
      options={options}
      {...layout.figure}
      series={[{ name: title, colour: '#0b5ed7', data: bars.map((b) => b.value) }]}
      testId="location-bars"
    />
  );
}
