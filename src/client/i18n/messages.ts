import es from '../../../i18n/es.json' with { type: 'json' };
import en from '../../../i18n/en.json' with { type: 'json' };
import ca from '../../../i18n/ca.json' with { type: 'json' };
import va from '../../../i18n/va.json' with { type: 'json' };
import type { Language } from '../../shared/constants.js';

/** Every catalogue has the same keys (a test checks it); va.json is built from ca.json by `npm run i18n:va`. */
export const MESSAGES: Record<Language, Record<string, string>> = { es, en, ca, va };

/** The locale each language formats dates and numbers with. */
export const INTL_LOCALES: Record<Language, string> = { es: 'es-ES', en: 'en-GB', ca: 'ca-ES', va: 'ca-ES-valencia' };

/** A message outside React (sagas building files): the language's text, Spanish when missing, else the id. */
export function messageFor(language: Language, id: string): string {
  return MESSAGES[language]?.[id] ?? MESSAGES.es[id] ?? id;
}
