import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useAppSelector } from '../../app/hooks.js';
import { HTML_LANGS, INTL_FORMATS, INTL_LOCALES, MESSAGES } from '../../i18n/messages.js';
import { DEFAULT_LANGUAGE } from '../../../shared/constants.js';

/** Provides the chosen language's messages and keeps <html lang> in step. */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const language = useAppSelector((state) => state.locale.language);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANGS[language];
  return (
    <IntlProvider locale={INTL_LOCALES[language]} messages={MESSAGES[language]} formats={INTL_FORMATS} defaultLocale={INTL_LOCALES[DEFAULT_LANGUAGE]}>
      {children}
    </IntlProvider>
  );
}
