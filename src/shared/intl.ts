import type { CustomFormats } from '@formatjs/intl';
import type { Language } from './constants.js';

/** The locale each language formats dates and numbers with. */
export const INTL_LOCALES: Record<Language, string> = { es: 'es-ES', en: 'en-GB', ca: 'ca-ES', va: 'ca-ES-valencia', gl: 'gl-ES', eu: 'eu-ES' };

/** The page's `<html lang>` per language (screen readers' voice): Valencian is read as Catalan. */
export const HTML_LANGS: Record<Language, string> = { es: 'es', en: 'en', ca: 'ca', va: 'ca', gl: 'gl', eu: 'eu' };

/**
 * Named formats the messages may use: `{n, number, population}` groups thousands always, '5.000' in Spanish too
 * (whose default leaves four-digit numbers ungrouped, '5000', beside '20.000').
 */
export const INTL_FORMATS: CustomFormats = { number: { population: { useGrouping: 'always', maximumFractionDigits: 0 } } };
