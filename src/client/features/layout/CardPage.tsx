import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { PATHS } from '../../app/paths.js';
import { LanguageSelect, useLanguageFromAddress } from '../locale/LanguageSelect.js';
import { LegalLinks } from './LegalLinks.js';

/**
 * A page of its own on the tinted background, in one card under the application's name, with the language choice at
 * its foot beside `footer` (a link) and the legal links: the sign-in pages (narrow) and the legal pages (wide, long text).
 * A `?lang=` in the address chooses the language (useLanguageFromAddress).
 */
export function CardPage({ wide = false, footer, children }: { wide?: boolean; footer?: ReactNode; children: ReactNode }) {
  useLanguageFromAddress();
  return (
    <div className="auth-page">
      <main className={`${wide ? 'legal-card' : 'auth-card'} card shadow-sm`}>
        <div className="card-body p-4 p-md-5">
          <p className="auth-brand text-primary fw-semibold mb-4">
            <FormattedMessage id="APP.TITLE" />
          </p>
          {children}
          <div className="mt-4 pt-3 border-top d-flex flex-wrap align-items-end justify-content-between gap-3">
            <div className="auth-language">
              <LanguageSelect />
            </div>
            {footer}
            <LegalLinks />
          </div>
        </div>
      </main>
    </div>
  );
}

/** A legal page ('Privacidad', 'Accesibilidad'): a wide CardPage under its title (a message id), with the way back to the app. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <CardPage
      wide
      footer={
        <Link to={PATHS.root}>
          <FormattedMessage id="PRIVACY.BACK" />
        </Link>
      }
    >
      <h1 className="h3 mb-3">
        <FormattedMessage id={title} />
      </h1>
      {children}
    </CardPage>
  );
}
