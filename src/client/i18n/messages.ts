import es from '../../../i18n/es.json' with { type: 'json' };
import en from '../../../i18n/en.json' with { type: 'json' };
import ca from '../../../i18n/ca.json' with { type: 'json' };
import va from '../../../i18n/va.json' with { type: 'json' };
import gl from '../../../i18n/gl.json' with { type: 'json' };
import eu from '../../../i18n/eu.json' with { type: 'json' };
import { createIntl, createIntlCache, type IntlShape, type MessageFormatElement } from 'react-intl';
import { INTL_FORMATS, INTL_LOCALES } from '../../shared/intl.js';
import type { Language } from '../../shared/constants.js';

/** A catalogue: its texts, or (in the built client) their syntax trees (webpack compiles them: build/messagesLoader.mjs). */
export type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>;

/** Every catalogue has the same keys (a test checks it); va.json is built from ca.json by `npm run i18n:va`. */
export const MESSAGES: Record<Language, Catalogue> = { es, en, ca, va, gl, eu };

export { HTML_LANGS, INTL_FORMATS, INTL_LOCALES } from '../../shared/intl.js';

const cache = createIntlCache();
const intls: Partial<Record<Language, IntlShape>> = {};

/** The language's formatter outside React, as the app's IntlProvider would give it. */
function intlFor(language: Language): IntlShape {
  intls[language] ??= createIntl(
    { locale: INTL_LOCALES[language], messages: MESSAGES[language], formats: INTL_FORMATS, defaultLocale: INTL_LOCALES.es },
    cache,
  );
  return intls[language];
}

/**
 * A message outside React (sagas building files): the language's text, Spanish when missing, else the id;
 * formatted as on screen ('{n, number}' by the language's rules).
 */
export function messageFor(language: Language, id: string, values?: Record<string, string | number>): string {
  return intlFor(language).formatMessage({ id, defaultMessage: MESSAGES.es[id] }, values);
}
