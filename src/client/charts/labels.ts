/**
 * Room for a bar chart's category labels, so that none is ever cut with '…'. A label is wrapped at spaces to the
 * label column's width (categoryLabels below; Highcharts itself where there is no canvas, clamping each label to
 * the lines its slot, the plot's height over the categories, holds); the chart is made tall enough for the longest
 * label's lines, their number estimated, generously, from the number of characters.
 */

import type { Highcharts } from './highcharts.js';
import { chartText, fromChartText } from './chartText.js';

/** Width of one character of the 12 px labels, a little above the average of the sans-serif fonts used. */
const CHAR_PX = 7.2;
/** Highcharts' line height for 12 px text (fontMetrics: size + 3). */
export const LABEL_LINE_PX = 15;

/** Lines a label takes once wrapped at spaces to widthPx (a word longer than a line is broken across lines). */
export function wrappedLines(text: string, widthPx: number): number {
  const perLine = Math.max(1, Math.floor(widthPx / CHAR_PX));
  let lines = 1;
  let used = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (used > 0 && used + 1 + word.length <= perLine) {
      used += 1 + word.length;
      continue;
    }
    if (used > 0) lines += 1;
    lines += Math.ceil(word.length / perLine) - 1;
    used = word.length % perLine || perLine;
  }
  return lines;
}

/** Height of one category's slot: its bars, or its label's lines if they need more. */
export function categorySlot(categories: readonly string[], barsHeight: number, labelWidth: number): number {
  const lines = Math.max(1, ...categories.map((c) => wrappedLines(c, labelWidth)));
  return Math.max(barsHeight, lines * LABEL_LINE_PX + 4);
}

/** A text's width in px as the browser draws it. */
export type MeasureText = (text: string) => number;

/**
 * A label's lines: its words (split at spaces) put greedily on lines no wider than widthPx, as Highcharts wraps
 * them; a word wider than a line on a line of its own.
 */
export function breakLines(text: string, widthPx: number, measure: MeasureText): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.length - 1;
    const joined = last >= 0 ? `${lines[last]} ${word}` : word;
    if (last >= 0 && measure(joined) <= widthPx) lines[last] = joined;
    else lines.push(word);
  }
  return lines;
}

/** The category labels' text size. */
const LABEL_FONT_SIZE = '12px';

let measureOnCanvas: MeasureText | null | undefined;

/**
 * Measures a label in the page's font on a canvas, which needs no layout of the page; null where there is none
 * (jsdom in the unit tests). One canvas for every chart; the font (charts inherit the page's: SHARED_OPTIONS,
 * fontFamily 'inherit') is read once, at the first measurement.
 */
function labelMeasure(): MeasureText | null {
  if (measureOnCanvas !== undefined) return measureOnCanvas;
  const context = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  let font: string | undefined;
  measureOnCanvas = context
    ? (text) => {
        font ??= `${LABEL_FONT_SIZE} ${getComputedStyle(document.body).fontFamily}`;
        context.font = font;
        return context.measureText(text).width;
      }
    : null;
  return measureOnCanvas;
}

/** Where a label that needs no more room than this is drawn anyway (canvas and SVG may round apart). */
const ROUNDING_PX = 1;

/**
 * A bar chart's category labels, in 12 px text wrapped to the label column's width (the axis' labels.style.width,
 * which width rules change). Highcharts wraps a label by measuring it in the page, word after word and line
 * after line, each measurement a forced layout: some fifty for the results page's first bar chart, a quarter of
 * its drawing while Lighthouse traced it. Here each label is broken into lines measured on a canvas in
 * the page's font (breakLines) and drawn as broken, unmeasured; without a canvas, Highcharts wraps them as before.
 */
export function categoryLabels(widthPx: number): Highcharts.XAxisLabelsOptions {
  const style: Highcharts.CSSObject = { fontSize: LABEL_FONT_SIZE, width: widthPx };
  const measure = labelMeasure();
  if (!measure) return { style };
  return {
    // Drawn as broken, and not measured again for an ellipsis (Highcharts' default for axis labels).
    style: { ...style, whiteSpace: 'nowrap', textOverflow: 'none' },
    formatter() {
      const width = parseFloat(String((this.axis.options.labels?.style as Highcharts.CSSObject | undefined)?.width ?? widthPx));
      // The category is chartText (ReportCharts.tsx): broken as written, each line chartText again.
      return breakLines(fromChartText(String(this.value)), width - ROUNDING_PX, measure)
        .map(chartText)
        .join('<br>');
    },
  };
}
