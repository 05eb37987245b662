import es from '../../../i18n/es.json' with { type: 'json' };
import { createIntl, createIntlCache, type IntlShape, type MessageFormatElement } from 'react-intl';
import { INTL_FORMATS, INTL_LOCALES } from '../../shared/intl.js';
import type { Language } from '../../shared/constants.js';

/** A catalogue: its texts, or (in the built client) their syntax trees (webpack compiles them: build/messagesLoader.mjs). */
export type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>;

/**
 * How each language's catalogue arrives. Spanish, the default and every other's fallback, is in the app's first
 * script; each other language is a chunk of its own, fetched when it is chosen: the six together were four fifths of
 * that script, which every page parsed. Every catalogue has the same keys (a test checks it); va.json is built from
 * ca.json by `npm run i18n:va`.
 */
const LOADERS: Record<Language, () => Promise<{ default: Catalogue }>> = {
  es: () => Promise.resolve({ default: SPANISH }),
  en: () => import(/* webpackChunkName: "messages-en" */ '../../../i18n/en.json', { with: { type: 'json' } }),
  ca: () => import(/* webpackChunkName: "messages-ca" */ '../../../i18n/ca.json', { with: { type: 'json' } }),
  va: () => import(/* webpackChunkName: "messages-va" */ '../../../i18n/va.json', { with: { type: 'json' } }),
  gl: () => import(/* webpackChunkName: "messages-gl" */ '../../../i18n/gl.json', { with: { type: 'json' } }),
  eu: () => import(/* webpackChunkName: "messages-eu" */ '../../../i18n/eu.json', { with: { type: 'json' } }),
};

const SPANISH: Catalogue = es;
const loaded: Partial<Record<Language, Catalogue>> = { es: SPANISH };

/** The language's catalogue if it has arrived (Spanish always has), else undefined: loadCatalogue fetches it. */
export function loadedCatalogue(language: Language): Catalogue | undefined {
  return loaded[language];
}

/** The language's catalogue, fetched once (a rejected fetch is tried again on the next call). */
export async function loadCatalogue(language: Language): Promise<Catalogue> {
  return (loaded[language] ??= (await LOADERS[language]()).default);
}

export { HTML_LANGS, INTL_FORMATS, INTL_LOCALES } from '../../shared/intl.js';

const cache = createIntlCache();
const intls: Partial<Record<Language, IntlShape>> = {};

/** The language's formatter outside React, as the app's IntlProvider would give it; Spanish's until its catalogue has arrived. */
function intlFor(language: Language): IntlShape {
  const messages = loaded[language];
  if (!messages) return intlFor('es');
  intls[language] ??= createIntl({ locale: INTL_LOCALES[language], messages, formats: INTL_FORMATS, defaultLocale: INTL_LOCALES.es }, cache);
  return intls[language];
}

/**
 * A message outside React (sagas building files): the language's text, Spanish when missing, else the id;
 * formatted as on screen ('{n, number}' by the language's rules).
 */
export function messageFor(language: Language, id: string, values?: Record<string, string | number>): string {
  return intlFor(language).formatMessage({ id, defaultMessage: SPANISH[id] }, values);
}

/** An id (and its values) to its text in one language. */
export type MessageText = (id: string, values?: Record<string, string | number>) => string;

/**
 * The language's texts outside React (a saga building a file), once its catalogue has arrived (fetched here if it has
 * not: a saga may run before the interface has shown the language); Spanish if it cannot be fetched.
 */
export async function messagesIn(language: Language): Promise<MessageText> {
  await loadCatalogue(language).catch(() => undefined);
  return (id, values) => messageFor(language, id, values);
}
