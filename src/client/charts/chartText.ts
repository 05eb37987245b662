/**
 * Text for a chart's options. Highcharts reads every text it draws (titles, categories, series and point names,
 * tooltips, data labels, legends) as markup: its HTML parser makes elements of any tag in it. Names users write
 * (entities, municipalities, an edition's axes, policies, measures and indicators) go into options through
 * chartText only, so that '<', '>' and '&' are drawn as written and never become elements. The options' own
 * markup (a tooltip's '<b>', the '<br>' of wrapped labels) is written around such text, never inside it.
 */
export function chartText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The text chartText was given (to measure a label as it is drawn). */
export function fromChartText(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
