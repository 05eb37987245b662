import { useIntl } from 'react-intl';
import { ChartFigure, type ChartSeries } from './ChartFigure.js';
import type { Highcharts } from './highcharts.js';
import { PRINT_CHART_WIDTH } from './ReportCharts.js';
import { describeSeries } from '../lib/numbers.js';
import { chartText } from './chartText.js';

/** Height of the trend chart: room for the percentage scale, the years and a legend of five names (rows on a phone). */
const TREND_HEIGHT = 320;

/**
 * A line chart of a percentage across editions: one point per year (the categories), one line per series
 * (the entity and its territories), on the percentage scale given (fitted to the figures: trendModel.ts). Follows the screen's width; paper gets a fixed-width copy.
 */
export function TrendChart({
  title,
  years,
  series,
  range,
}: {
  title: string;
  years: number[];
  series: ChartSeries[];
  range: { min: number; max: number; tickInterval: number };
}) {
  const intl = useIntl();
  const categories = years.map(String);
  const summary = describeSeries(intl, title, categories, series);
  const options: Highcharts.Options = {
    chart: { type: 'line', height: TREND_HEIGHT, spacing: [10, 8, 8, 4] },
    title: { text: undefined },
    xAxis: { categories, labels: { style: { fontSize: '12px', fontWeight: 'bold' } } },
    yAxis: {
      min: range.min,
      max: range.max,
      tickInterval: range.tickInterval,
      startOnTick: false,
      endOnTick: false,
      title: { text: undefined },
      labels: { format: '{value:.0f}%' },
    },
    tooltip: { shared: true, valueSuffix: '%', valueDecimals: 1 },
    legend: { enabled: true, itemStyle: { fontSize: '12px', fontWeight: 'normal' } },
    series: series.map((s, i): Highcharts.SeriesLineOptions => ({
      type: 'line',
      name: chartText(s.name),
      color: s.colour,
      // A copy: Highcharts writes into the arrays it is given, and the page's table shows these very figures.
      data: [...s.data],
      // The entity's line stands out; the territories' are thinner and dashed differently, so they read without colour.
      lineWidth: i === 0 ? 3 : 2,
      dashStyle: (['Solid', 'ShortDash', 'Dot', 'LongDash', 'DashDot'] as const)[i % 5],
      marker: { radius: i === 0 ? 5 : 4, symbol: 'circle' },
    })),
  };
  return (
    <ChartFigure
      title={title}
      summary={summary}
      options={options}
      categories={categories}
      series={series}
      printWidth={PRINT_CHART_WIDTH}
      testId="trend-chart"
    />
  );
}
