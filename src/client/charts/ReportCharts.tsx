import { useIntl } from 'react-intl';
import { ChartFigure, type ChartSeries } from './ChartFigure.js';
import type { Highcharts } from './highcharts.js';
import { describeValues } from '../lib/numbers.js';

/** Gauge size and bands of the specification: 360 x 190, 30% red, 40% amber, 30% green. */
const GAUGE = { width: 360, height: 190 } as const;
const BANDS = [
  { from: 0, to: 30, color: '#dc3545' },
  { from: 30, to: 70, color: '#ffc107' },
  { from: 70, to: 100, color: '#198754' },
];
/** Tick labels run 10 to 90 on the 0-100 scale. */
const GAUGE_TICKS = [10, 20, 30, 40, 50, 60, 70, 80, 90];
/** Width of the copy of a bar chart drawn for A4 portrait paper, and its tallest height (beside a gauge). */
export const PRINT_CHART_WIDTH = 660;
const PRINT_CHART_MAX_HEIGHT = 640;

export interface Needle {
  name: string;
  colour: string;
  /** 0..100, null when the territory has no figure (no needle then). */
  value: number | null;
}

// A small padding, so that the ticks stay level down to '100%' in a slot barely wider than it (a longer category, 'Valencia (n = 2)', narrows the plot).
const percentAxis: Highcharts.YAxisOptions = { min: 0, max: 100, tickInterval: 10, title: { text: undefined }, labels: { format: '{value}%', overflow: 'allow', padding: 1 } };
const tooltip: Highcharts.TooltipOptions = { valueSuffix: '%', valueDecimals: 1, shared: true };

/** A half-circle gauge with one needle per shown level; hovering a needle shows its value with %. */
export function Gauge({ title, needles }: { title: string; needles: Needle[] }) {
  const intl = useIntl();
  const summary = `${title}. ${describeValues(intl, needles)}`;
  const options: Highcharts.Options = {
    chart: { type: 'gauge', width: GAUGE.width, height: GAUGE.height, spacing: [4, 4, 4, 4] },
    title: { text: undefined },
    pane: { startAngle: -90, endAngle: 90, center: ['50%', '88%'], size: '150%', background: [{ backgroundColor: 'transparent', borderWidth: 0, shape: 'arc' }] },
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
        name: n.name,
        data: [n.value as number],
        dial: { backgroundColor: n.colour, baseWidth: 6, radius: '88%', rearLength: '0%' },
        pivot: { backgroundColor: '#343a40', radius: 5 },
        dataLabels: { enabled: false },
      })),
  };
  return (
    <ChartFigure title={title} summary={summary} options={options} categories={[title]} series={needles.map((n) => ({ ...n, data: [n.value] }))} testId="gauge" />
  );
}

/** Horizontal bars, one group per category and one series per level, on a 0-100% scale. */
export function GroupedBars({ title, categories, series, testId }: { title: string; categories: string[]; series: ChartSeries[]; testId?: string }) {
  const intl = useIntl();
  const summary = `${title}. ${categories
    .map((category, i) => `${category} (${describeValues(intl, series.map((s) => ({ name: s.name, value: s.data[i] })))})`)
    .join('; ')}`;
  const height = Math.max(160, 70 + categories.length * (12 + series.length * 9));
  const options: Highcharts.Options = {
    chart: { type: 'bar', height, spacingRight: 24 },
    title: { text: undefined },
    xAxis: { categories, labels: { style: { fontSize: '12px' } } },
    yAxis: percentAxis,
    tooltip,
    legend: { enabled: series.length > 1 },
    plotOptions: { bar: { groupPadding: 0.12, pointPadding: 0.04, borderWidth: 0 } },
    series: series.map((s): Highcharts.SeriesBarOptions => ({ type: 'bar', name: s.name, color: s.colour, data: s.data })),
  };
  return (
    <ChartFigure
      title={title}
      summary={summary}
      options={options}
      categories={categories}
      series={series}
      printWidth={PRINT_CHART_WIDTH}
      printHeight={Math.min(height, PRINT_CHART_MAX_HEIGHT)}
      testId={testId}
    />
  );
}

/** One bar per location (level), each in its level's colour, 0-100% with ticks every 10. */
export function LocationBars({ title, bars }: { title: string; bars: Needle[] }) {
  const intl = useIntl();
  const summary = `${title}. ${describeValues(intl, bars)}`;
  const options: Highcharts.Options = {
    chart: { type: 'bar', height: 80 + bars.length * 36, spacingRight: 24 },
    title: { text: undefined },
    xAxis: { categories: bars.map((b) => b.name) },
    yAxis: percentAxis,
    tooltip: { valueSuffix: '%', valueDecimals: 1 },
    legend: { enabled: false },
    plotOptions: { bar: { borderWidth: 0, dataLabels: { enabled: true, format: '{y:.1f}%' } } },
    series: [{ type: 'bar', name: title, data: bars.map((b) => ({ y: b.value, color: b.colour })) }],
  };
  return (
    <ChartFigure
      title={title}
      summary={summary}
      options={options}
      categories={bars.map((b) => b.name)}
      series={[{ name: title, colour: '#0b5ed7', data: bars.map((b) => b.value) }]}
      printWidth={PRINT_CHART_WIDTH}
      testId="location-bars"
    />
  );
}
