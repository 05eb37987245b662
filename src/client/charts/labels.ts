/**
 * Room for a bar chart's category labels, so that Highcharts never cuts one with '…'. Highcharts wraps a
 * vertical axis' labels at spaces to the label width and clamps each to the lines its slot (the plot's height
 * over the categories) holds; the chart is made tall enough for the longest label's lines. Text widths are
 * estimated, generously, from the number of characters.
 */

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
