import { IntlProvider, FormattedMessage } from 'react-intl';
import { MESSAGES } from '../i18n/messages.js';
import { DEFAULT_LANGUAGE } from '../../shared/constants.js';

/** Placeholder shell until the client issue lands: the product's name and a status line, in Spanish. */
export function App() {
  return (
    <IntlProvider locale={DEFAULT_LANGUAGE} messages={MESSAGES[DEFAULT_LANGUAGE]} defaultLocale={DEFAULT_LANGUAGE}>
      <main className="container py-5">
        <h1 className="h3">
          <FormattedMessage id="APP.TITLE" />
        </h1>
        <p className="lead">
          <FormattedMessage id="APP.PLACEHOLDER" />
        </p>
      </main>
    </IntlProvider>
  );
}
