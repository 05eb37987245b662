import type { IntlShape } from 'react-intl';
import type { Highcharts } from './highcharts.js';
import { chartNumberFormatter } from '../lib/numbers.js';
import es from './lang/es.json' with { type: 'json' };
import en from './lang/en.json' with { type: 'json' };
import ca from './lang/ca.json' with { type: 'json' };
import valencianForms from './lang/va.overrides.json' with { type: 'json' };
import gl from './lang/gl.json' with { type: 'json' };
import eu from './lang/eu.json' with { type: 'json' };
import { INTL_LOCALES } from '../i18n/messages.js';
import { LANGUAGES, type Language } from '../../shared/constants.js';

/**
 * Highcharts' own texts (lang options: the accessibility module's screen-reader descriptions, loading, no data, the
 * menus), one file a language in lang/, each with Spanish's keys (the tests compare them); placeholders and
 * '{#eq …}' blocks are Highcharts format strings. Two texts are the app's own choice in every language:
 * `chartTypes.unknownMap`, Highcharts' 'unspecified region', since every map of the app is also named (MapChart.tsx:
 * typeDescription); and `axis.rangeFromTo`, written with the axis' own numbers, not Highcharts' {rangeFrom}
 * (written with a decimal point in every language).
 */
type ChartTexts = typeof es;
const spanish: ChartTexts & Highcharts.LangOptions = es;

/** Valencian: Catalan with the Valencian forms (as i18n/va.overrides.json does for the interface's words). */
const va: ChartTexts = {
  ...ca,
  ...valencianForms,
  accessibility: { ...ca.accessibility, ...valencianForms.accessibility },
};

/** Chart texts per interface language (every language of LANGUAGES must have them). */
const TEXTS_BY_LANGUAGE: Record<Language, ChartTexts> = { es, en, ca, va, gl, eu };

/** The same by the language's locale (i18n/messages.ts INTL_LOCALES), which is what a chart is drawn with; Spanish for any other. */
const TEXTS: Record<string, ChartTexts> = Object.fromEntries(LANGUAGES.map((language) => [INTL_LOCALES[language], TEXTS_BY_LANGUAGE[language]]));

/** Highcharts' lang options for a locale: its texts, and its locale for what Highcharts formats itself (dates). */
export function chartLang(locale: string): Highcharts.LangOptions {
  return { ...(TEXTS[locale] ?? spanish), locale };
}

/**
 * A chart's options in the interface's language: Highcharts' own texts (screen-reader descriptions, loading,
 * menus) and every number it writes by the locale's rules. Per chart, not Highcharts.setOptions: a chart drawn
 * after a language change reads the new language without touching the others.
 */
export function localizeChart(options: Highcharts.Options, intl: IntlShape): Highcharts.Options {
  return {
    ...options,
    lang: { ...chartLang(intl.locale), ...options.lang },
    chart: { ...options.chart, numberFormatter: chartNumberFormatter(intl) },
  };
}
