import { NavLink } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { PATHS } from '../../app/paths.js';

/**
 * 'Accesibilidad' and 'Privacidad' on every page: at the foot of the sign-in and legal pages, under the menu of the
 * app (beside it on a desktop, in it on a phone: at the foot of a page they would move as its contents arrive), in a
 * shared report's top; the server's public pages write the same two links (services/publication/publicPages.ts).
 * Not printed.
 */
export function LegalLinks({ className = '' }: { className?: string }) {
  const intl = useIntl();
  return (
    <nav className={`legal-links small d-print-none ${className}`} aria-label={intl.formatMessage({ id: 'LEGAL.NAV_LABEL' })}>
      <NavLink to={PATHS.accessibility}>
        <FormattedMessage id="LEGAL.ACCESSIBILITY" />
      </NavLink>
      <NavLink to={PATHS.privacy}>
        <FormattedMessage id="PRIVACY.LINK" />
      </NavLink>
    </nav>
  );
}
