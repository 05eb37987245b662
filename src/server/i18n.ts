import { readFileSync } from 'node:fs';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { Language } from '../shared/constants.js';
import { INTL_FORMATS, INTL_LOCALES } from '../shared/intl.js';

/**
 * The app's words on the server: the catalogues of /i18n (the client's, in the same ICU syntax), for what the
 * server writes in a language (the public pages, the audit CSV). Read once per language, from the repository's
 * /i18n, which sits at the same depth from src/server and from the built dist/server.
 */

const catalogues = new Map<Language, Readonly<Record<string, string>>>();

/** A language's catalogue, its texts by id. */
export function catalogueOf(language: Language): Readonly<Record<string, string>> {
  let catalogue = catalogues.get(language);
  if (!catalogue) {
    catalogue = JSON.parse(readFileSync(new URL(`../../i18n/${language}.json`, import.meta.url), 'utf8')) as Record<string, string>;
    catalogues.set(language, catalogue);
  }
  return catalogue;
}

const cache = createIntlCache();
const intls = new Map<Language, IntlShape>();

/** A language's formatter: messages, numbers and dates as the client formats them. */
export function intlOf(language: Language): IntlShape {
  let intl = intls.get(language);
  if (!intl) {
    intl = createIntl({ locale: INTL_LOCALES[language], messages: catalogueOf(language), formats: INTL_FORMATS, defaultLocale: INTL_LOCALES.es }, cache);
    intls.set(language, intl);
  }
  return intl;
}
