import { useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useAppSelector } from '../../app/hooks.js';
import { HTML_LANGS, INTL_FORMATS, INTL_LOCALES, loadCatalogue, loadedCatalogue, type Catalogue } from '../../i18n/messages.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/constants.js';

/**
 * Provides the chosen language's messages and keeps <html lang> in step. A language other than Spanish arrives as
 * a chunk of its own (messages.ts): until it has, the language shown before stays, or nothing is shown on a first
 * start in it (as while the persisted preferences are read); Spanish if it cannot be fetched.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const chosen = useAppSelector((state) => state.locale.language);
  const shown = useShownLanguage(chosen);
  if (!shown) return null;
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANGS[shown.language];
  return (
    <IntlProvider locale={INTL_LOCALES[shown.language]} messages={shown.messages} formats={INTL_FORMATS} defaultLocale={INTL_LOCALES[DEFAULT_LANGUAGE]}>
      {children}
    </IntlProvider>
  );
}

interface ShownLanguage {
  language: Language;
  messages: Catalogue;
}

/**
 * The chosen language with its catalogue once it has arrived; until then the language shown last (undefined on a first
 * start in a language still on its way), or Spanish if its catalogue could not be fetched.
 */
function useShownLanguage(chosen: Language): ShownLanguage | undefined {
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const [failed, setFailed] = useState<Language>();
  const last = useRef<ShownLanguage>(undefined);
  const messages = loadedCatalogue(chosen);
  useEffect(() => {
    if (messages) return;
    let current = true;
    loadCatalogue(chosen).then(
      () => current && arrived(),
      () => current && setFailed(chosen),
    );
    return () => {
      current = false;
    };
  }, [chosen, messages]);
  if (messages) last.current = { language: chosen, messages };
  else if (failed === chosen) last.current = { language: DEFAULT_LANGUAGE, messages: loadedCatalogue(DEFAULT_LANGUAGE)! };
  return last.current;
}
