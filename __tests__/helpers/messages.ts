import { loadCatalogue, type Catalogue } from '../../src/client/i18n/messages.js';
import { LANGUAGES, type Language } from '../../src/shared/constants.js';

/**
 * Every language's catalogue, fetched as the app fetches one when it is chosen (loadCatalogue). A test that formats
 * texts in several languages outside React imports messageFor from here: every catalogue has arrived by then.
 */
export const MESSAGES = Object.fromEntries(await Promise.all(LANGUAGES.map(async (language) => [language, await loadCatalogue(language)] as const))) as Record<
  Language,
  Catalogue
>;

export { messageFor } from '../../src/client/i18n/messages.js';
