import es from '../../../i18n/es.json';
import en from '../../../i18n/en.json';
import ca from '../../../i18n/ca.json';
import va from '../../../i18n/va.json';
import type { Language } from '../../shared/constants.js';

type Catalogue = Record<string, string>;

/** Valencian is Catalan with a few words of its own: va.json holds only what differs. */
export const MESSAGES: Record<Language, Catalogue> = { es, en, ca, va: { ...ca, ...va } };
