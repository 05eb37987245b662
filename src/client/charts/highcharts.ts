import Highcharts from 'highcharts';

/**
 * What every chart shares. No animation, so that screenshots and print show the final chart. The language (texts
 * and number format) is set per chart, from the interface's (chartLang.ts). Set once the modules are loaded
 * (highchartsModules): a module brings its defaults, which would replace these.
 */
export const SHARED_OPTIONS: Highcharts.Options = {
  chart: { animation: false, style: { fontFamily: 'inherit' } },
  credits: { enabled: false },
  plotOptions: { series: { animation: false } },
  // Texts in pixels (Highcharts' defaults are in em), so that their sizes need no reading back (fontSizeAsSet).
  xAxis: { labels: { style: { fontSize: '12px' } } },
  yAxis: { labels: { style: { fontSize: '12px' } } },
  legend: { itemStyle: { fontSize: '12px' } },
  accessibility: {
    // Highcharts titles each chart's screen-reader region with a heading of a level it guesses (h6 beside
    // our h2 blocks, skipping levels); the figure's caption and data table name the chart instead.
    screenReaderSection: {
      beforeChartFormat:
        '<div>{chartTitle}</div><div>{typeDescription}</div><div>{chartSubtitle}</div><div>{chartLongdesc}</div><div>{xAxisDescription}</div><div>{yAxisDescription}</div>',
    },
    // A focused point gets the app's focus ring (styles.css --app-focus-color), not Highcharts' thin default.
    keyboardNavigation: { focusBorder: { style: { color: '#0b3d91', lineWidth: 3, borderRadius: 3 }, margin: 2 } },
  },
};

/** What the HTML parser could read otherwise than as the characters written: a tag, an entity, a CR, a NUL. */
const MARKUP = /[<&\r\0]/;
/** The line break the app's own labels carry (labels.ts: categoryLabels). */
const BREAK = '<br>';

/**
 * Highcharts turns every label that may wrap (any text with a space: category names, legend items, titles)
 * into nodes by parsing it as an HTML document of its own (AST.parseMarkup: a DOMParser document each, with its
 * load events). A bar chart of the report parses some fifty, a third of the time it takes to draw while a
 * trace records it (the results page's blocking time). Text with nothing the parser would read as
 * markup is one text node, the same one the parser would give, and lines of such text joined by '<br>' are
 * those text nodes with a break between each (a test compares them); anything else is parsed as before.
 */
function fastPlainText(AST: { prototype: { parseMarkup(markup: string): Highcharts.ASTNode[] } }): void {
  const parseMarkup = AST.prototype.parseMarkup;
  AST.prototype.parseMarkup = function parsePlainTextOrMarkup(markup: string): Highcharts.ASTNode[] {
    const lines = markup.trim().split(BREAK);
    if (lines.some((line) => MARKUP.test(line))) return parseMarkup.call(this, markup);
    return lines.flatMap((line, i): Highcharts.ASTNode[] => [
      ...(i > 0 ? [{ tagName: 'br', attributes: {} }] : []),
      ...(line === '' ? [] : [{ tagName: '#text', textContent: line }]),
    ]);
  };
}

fastPlainText(Highcharts.AST as unknown as Parameters<typeof fastPlainText>[0]);

/** A font size in pixels as CSS writes it, the same string getComputedStyle gives back for it. */
const PIXELS = /^\d+(\.\d+)?px$/;

/** Highcharts' SVGElement#getStyle: called on its element wrappers, and (by fontMetrics) on DOM elements. */
type GetStyle = (this: { element?: { style?: CSSStyleDeclaration }; style?: CSSStyleDeclaration }, prop: string) => string;

/**
 * Highcharts reads the computed font size of a text each time it builds it (to key its text cache) and for the
 * height of each of its lines: a getComputedStyle that forces the browser to recalculate the page's styles, since
 * the chart has just added elements. The bar chart of the results page's first screen forced some ninety
 * recalculations, most of them that way: 30 to 50 ms of its drawing while Lighthouse traced it. A text
 * Highcharts gave a size in pixels (SHARED_OPTIONS sets them; inline, as Highcharts writes a text's style) has
 * that computed size: it is read from the element's own style, which needs no recalculation. Anything else
 * (sizes in em, elements without a size of their own) is asked of the browser as before.
 */
function fontSizeAsSet(SVGElement: { prototype: { getStyle: GetStyle } }): void {
  const getStyle = SVGElement.prototype.getStyle;
  SVGElement.prototype.getStyle = function getStyleOrFontSizeAsSet(prop) {
    const size = prop === 'font-size' ? (this.element ?? this).style?.fontSize : undefined;
    return size && PIXELS.test(size) ? size : getStyle.call(this, prop);
  };
}

fontSizeAsSet(Highcharts.SVGElement as unknown as Parameters<typeof fontSizeAsSet>[0]);

let modules: Promise<void> | undefined;

/**
 * Loads the Highcharts modules every chart needs (accessibility; highcharts-more for the gauges) once, then sets
 * SHARED_OPTIONS; a failed load is forgotten, so that the next call tries again. Each arrives in a chunk of its
 * own and is evaluated in the task its script runs in: evaluated with Highcharts itself, the three were one task
 * of 65 to 100 ms while Lighthouse traced the results page. Every way to a chart waits for it
 * (chartChunk.ts: the chunks of drawing.ts, the status page's pie and the maps re-export it).
 */
export function highchartsModules(): Promise<void> {
  modules ??= Promise.all([
    import(/* webpackChunkName: "highcharts-accessibility" */ 'highcharts/modules/accessibility.js'),
    import(/* webpackChunkName: "highcharts-more" */ 'highcharts/highcharts-more.js'),
  ]).then(
    () => void Highcharts.setOptions(SHARED_OPTIONS),
    (err: unknown) => {
      modules = undefined;
      throw err;
    },
  );
  return modules;
}

export { Highcharts };
