import { useIntl } from 'react-intl';
import { ChartFigure, type ChartSeries } from './ChartFigure.js';
import type { Highcharts } from './highcharts.js';
import { describeSeries } from '../lib/numbers.js';
import { chartText } from './chartText.js';

/** Size of a radar: three fit across a desktop page, two across A4 paper, one on a phone. */
const RADAR = { width: 300, height: 300 } as const;

/**
 * A spider chart, one spoke per category on a 0-100 scale, one series per campaign. The spokes are numbered and
 * a key under the chart names them: policy names around a 300 px radar would be cut. Hovering a point shows
 * its whole name. The key is hidden from screen readers: the figure's data table names every category.
 */
export function RadarChart({ title, categories, series }: { title: string; categories: string[]; series: ChartSeries[] }) {
  const intl = useIntl();
  const summary = describeSeries(intl, title, categories, series);
  const options: Highcharts.Options = {
    chart: { polar: true, type: 'line', width: RADAR.width, height: RADAR.height, spacing: [8, 8, 8, 8] },
    title: { text: undefined },
    pane: { size: '78%' },
    xAxis: {
      categories: categories.map(chartText),
      tickmarkPlacement: 'on',
      lineWidth: 0,
      labels: {
        style: { fontSize: '12px', fontWeight: 'bold' },
        // The polar axis has a tick past the last category, where the first one is: no number there.
        formatter() {
          return this.pos < categories.length ? String(this.pos + 1) : '';
        },
      },
    },
    yAxis: {
      gridLineInterpolation: 'polygon',
      lineWidth: 0,
      min: 0,
      max: 100,
      tickInterval: 25,
      labels: { format: '{value:.0f}%', style: { fontSize: '9px' } },
    },
    tooltip: { shared: true, valueSuffix: '%', valueDecimals: 1 },
    legend: { enabled: true, itemStyle: { fontSize: '11px' } },
    series: series.map((s): Highcharts.SeriesLineOptions => ({
      type: 'line',
      name: chartText(s.name),
      color: s.colour,
      data: s.data,
      pointPlacement: 'on',
      marker: { radius: 3 },
    })),
  };
  return (
    <>
      <ChartFigure title={title} summary={summary} options={options} categories={categories} series={series} testId="radar" />
      <ol className="radar-key" aria-hidden="true" data-testid="radar-key">
        {categories.map((category, i) => (
          <li key={i}>{category}</li>
        ))}
      </ol>
    </>
  );
}
