import { useIntl } from 'react-intl';
import { ChartFigure, type ChartSeries } from './ChartFigure.js';
import type { Highcharts } from './highcharts.js';
import { describeValues } from '../lib/numbers.js';

/** Size of a radar: three fit across a desktop page, two across A4 paper. */
const RADAR = { width: 300, height: 300 } as const;

/** A spider chart, one spoke per category on a 0-100 scale, one series per campaign. */
export function RadarChart({ title, categories, series }: { title: string; categories: string[]; series: ChartSeries[] }) {
  const intl = useIntl();
  const summary = `${title}. ${series.map((s) => `${s.name}: ${describeValues(intl, categories.map((c, i) => ({ name: c, value: s.data[i] })))}`).join('. ')}`;
  const options: Highcharts.Options = {
    chart: { polar: true, type: 'line', width: RADAR.width, height: RADAR.height, spacing: [8, 8, 8, 8] },
    title: { text: undefined },
    pane: { size: '68%' },
    xAxis: { categories, tickmarkPlacement: 'on', lineWidth: 0, labels: { style: { fontSize: '10px', textOverflow: 'ellipsis' } } },
    yAxis: { gridLineInterpolation: 'polygon', lineWidth: 0, min: 0, max: 100, tickInterval: 25, labels: { format: '{value}%', style: { fontSize: '9px' } } },
    tooltip: { shared: true, valueSuffix: '%', valueDecimals: 1 },
    legend: { enabled: true, itemStyle: { fontSize: '11px' } },
    series: series.map((s): Highcharts.SeriesLineOptions => ({ type: 'line', name: s.name, color: s.colour, data: s.data, pointPlacement: 'on', marker: { radius: 3 } })),
  };
  return <ChartFigure title={title} summary={summary} options={options} categories={categories} series={series} testId="radar" />;
}
