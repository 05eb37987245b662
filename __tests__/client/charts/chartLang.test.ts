import Highcharts from 'highcharts';
import { createIntl } from 'react-intl';
import { chartLang, localizeChart } from '../../../src/client/charts/chartLang.js';
import { INTL_LOCALES } from '../../../src/client/i18n/messages.js';
import { chartNumberFormatter } from '../../../src/client/lib/numbers.js';

/** Every key path of a nested object of texts, sorted. */
function keyPaths(value: object, prefix = ''): string[] {
  return Object.entries(value)
    .flatMap(([key, child]) => (typeof child === 'object' && child !== null ? keyPaths(child as object, `${prefix}${key}.`) : [`${prefix}${key}`]))
    .sort();
}

const intlOf = (language: keyof typeof INTL_LOCALES) => createIntl({ locale: INTL_LOCALES[language], messages: {} });
/** A Highcharts format string filled in as a chart of that language fills it. */
const fill = (text: string | undefined, context: object, language: keyof typeof INTL_LOCALES) =>
  Highcharts.format(text ?? '', context, { numberFormatter: chartNumberFormatter(intlOf(language)), options: { lang: {} } } as unknown as Highcharts.Chart);

describe("Highcharts' own texts", () => {
  it('have the same keys in every language, and Spanish for an unknown locale', () => {
    const spanish = keyPaths(chartLang('es-ES'));
    for (const locale of Object.values(INTL_LOCALES)) expect(keyPaths(chartLang(locale))).toEqual(spanish);
    expect(chartLang('fr-FR').accessibility?.screenReaderSection?.endOfChartMarker).toBe('Fin del gráfico interactivo.');
  });

  it.each([
    ['es', 'Gráfico de barras con 4 series de datos.', 'Gráfico circular con 1 sector.', 'Los datos van de 77,5 a 92,5.'],
    ['en', 'Bar chart with 4 data series.', 'Pie chart with 1 slice.', 'Data ranges from 77.5 to 92.5.'],
    ['ca', 'Gràfic de barres amb 4 sèries de dades.', 'Gràfic circular amb 1 sector.', 'Les dades van de 77,5 a 92,5.'],
    ['va', 'Gràfic de barres amb 4 sèries de dades.', 'Gràfic circular amb 1 sector.', 'Les dades van de 77,5 a 92,5.'],
    ['gl', 'Gráfico de barras con 4 series de datos.', 'Gráfico circular con 1 sector.', 'Os datos van de 77,5 a 92,5.'],
    ['eu', '4 datu-serieko barra-grafikoa.', '1 sektoreko grafiko zirkularra.', 'Datuak 77,5 eta 92,5 artekoak dira.'],
  ] as const)('describe a chart in %s, its numbers by the locale', (language, bars, pie, range) => {
    const a11y = chartLang(INTL_LOCALES[language]).accessibility;
    expect(fill(a11y?.chartTypes?.barMultiple, { numSeries: 4 }, language)).toBe(bars);
    expect(fill(a11y?.chartTypes?.pieSingle, { numPoints: 1 }, language)).toBe(pie);
    expect(fill(a11y?.axis?.rangeFromTo, { axis: { dataMin: 77.5, dataMax: 92.5 } }, language)).toBe(range);
  });

  it("put a chart in the interface's language, keeping its own options", () => {
    const options = localizeChart({ chart: { type: 'bar', height: 300 }, lang: { noData: 'Nada' } }, intlOf('en'));
    expect(options.chart).toMatchObject({ type: 'bar', height: 300 });
    expect(options.chart?.numberFormatter?.call({} as Highcharts.Chart, 92.5, 1)).toBe('92.5');
    expect(options.lang).toMatchObject({ locale: 'en-GB', loading: 'Loading…', noData: 'Nada' });
  });
});
