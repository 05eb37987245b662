import type { Highcharts } from './highcharts.js';
import { useRef, type CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import { formatChartPercent } from '../lib/numbers.js';
import { usePrinting } from '../lib/printing.js';
import { chartIfLoaded, useDrawTurn } from './drawing.js';
import { applyRules, matchedRules, useMatchedRules, type WidthRule } from './widthRules.js';

/** One series of a chart's data table: its name and a value per category (null: no figure). */
export interface ChartSeries {
  name: string;
  colour: string;
  data: (number | null)[];
}

interface ChartFigureProps {
  /** The chart's accessible title; also the data table's caption. */
  title: string;
  /** One line a reader of the page gets instead of the picture. */
  summary: string;
  options: Highcharts.Options;
  /** Options the chart takes at some widths of its box (the paper copy: at printWidth), applied before it is drawn. */
  widthRules?: readonly WidthRule[];
  categories: string[];
  series: ChartSeries[];
  /** Width of the copy drawn for paper (A4 portrait); none when the chart has a fixed size already. */
  printWidth?: number;
  /** Height of the paper copy when it must be shorter than the screen's, to share a page with its gauge. */
  printHeight?: number;
  /** Height on a phone, when the chart's width rules give it another (its box keeps the room meanwhile). */
  phoneHeight?: number;
  testId?: string;
}

/** The fixed-width copy of a chart drawn for paper, while printing; on its own, so that the screen's chart is not re-rendered. */
function PrintCopy({ options }: { options: Highcharts.Options }) {
  const Chart = usePrinting() ? chartIfLoaded() : undefined;
  return Chart ? (
    <div className="chart-print-copy" aria-hidden="true">
      <Chart options={options} />
    </div>
  ) : null;
}

/** Highcharts' height when a chart sets none. */
const DEFAULT_CHART_HEIGHT = 400;

/** The room a chart not drawn yet keeps: its height (on a phone, phoneHeight), or its proportions when its height is a percentage of its width. */
function pendingRoom(height: Highcharts.ChartOptions['height'], phoneHeight: number | undefined): CSSProperties {
  if (typeof height === 'string' && height.endsWith('%')) return { aspectRatio: `100 / ${parseFloat(height)}` };
  const px = typeof height === 'number' ? height : DEFAULT_CHART_HEIGHT;
  return { '--chart-height': `${px}px`, '--chart-phone-height': `${phoneHeight ?? px}px` } as CSSProperties;
}

/**
 * A chart that can be read without seeing it: Highcharts' accessibility module, a one-line summary and a
 * visually hidden data table beside it. The chart is drawn when its turn comes (drawing.ts), in a box of its
 * height until then, so that nothing moves when it appears. Charts that follow the screen's width get a
 * second, fixed-width copy drawn while printing, so that the PDF is never cut at the screen's width.
 */
export function ChartFigure({ title, summary, options, widthRules = [], categories, series, printWidth, printHeight, phoneHeight, testId }: ChartFigureProps) {
  const intl = useIntl();
  const box = useRef<HTMLDivElement>(null);
  const turn = useDrawTurn(box, !printWidth);
  const onScreen = applyRules(options, widthRules, useMatchedRules(box, widthRules, turn?.width));
  // The summary and the data table below say what the chart shows; Highcharts' own keyboard tour of every
  // point would only add a tab stop per chart.
  const screen: Highcharts.Options = { ...onScreen, accessibility: { ...onScreen.accessibility, keyboardNavigation: { enabled: false } } };
  // The paper copy gets data arrays of its own: Highcharts writes into the arrays a chart is given.
  const onPaper = printWidth ? applyRules(options, widthRules, matchedRules(widthRules, printWidth)) : options;
  const print: Highcharts.Options = {
    ...onPaper,
    chart: { ...onPaper.chart, width: printWidth, height: printHeight ?? onPaper.chart?.height },
    series: onPaper.series?.map((s) => ('data' in s && Array.isArray(s.data) ? { ...s, data: [...s.data] } : s)),
    accessibility: { enabled: false },
  };
  return (
    <figure className="chart-figure mb-0" data-testid={testId}>
      <div ref={box} className={printWidth ? 'd-print-none' : undefined}>
        {turn ? (
          <turn.Chart options={screen} />
        ) : (
          <div className="chart-pending" style={pendingRoom(options.chart?.height, phoneHeight)} data-testid="chart-pending" />
        )}
      </div>
      {printWidth && <PrintCopy options={print} />}
      <figcaption className="visually-hidden">{summary}</figcaption>
      {/* A table ignores the 1px width of .visually-hidden: its wrapper clips it. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <td />
              {series.map((s, i) => (
                <th scope="col" key={i}>
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category, i) => (
              <tr key={i}>
                <th scope="row">{category}</th>
                {series.map((s, j) => (
                  <td key={j}>{formatChartPercent(intl, s.data[i])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
