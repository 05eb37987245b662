import type { IntlShape } from 'react-intl';
import type { Highcharts } from './highcharts.js';
import { chartNumberFormatter } from '../lib/numbers.js';
import { ca, va } from './lang/ca.js';
import { en } from './lang/en.js';
import { gl } from './lang/gl.js';
import { eu } from './lang/eu.js';
import { es, type ChartTexts } from './lang/es.js';
import { INTL_LOCALES } from '../i18n/messages.js';
import { LANGUAGES, type Language } from '../../shared/constants.js';

/** Chart texts per interface language (every language of LANGUAGES must have them). */
const TEXTS_BY_LANGUAGE: Record<Language, ChartTexts> = { es, en, ca, va, gl, eu };

/** The same by the language's locale (i18n/messages.ts INTL_LOCALES), which is what a chart is drawn with; Spanish for any other. */
const TEXTS: Record<string, ChartTexts> = Object.fromEntries(LANGUAGES.map((language) => [INTL_LOCALES[language], TEXTS_BY_LANGUAGE[language]]));

/** Highcharts' lang options for a locale: its texts, and its locale for what Highcharts formats itself (dates). */
export function chartLang(locale: string): Highcharts.LangOptions {
  return { ...(TEXTS[locale] ?? es), locale };
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
