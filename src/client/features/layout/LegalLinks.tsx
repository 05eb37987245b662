import { NavLink } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { PATHS } from '../../app/paths.js';

/**
 * 'Accesibilidad' and 'Privacidad', at the foot of every page (the sign-in and legal pages, the app, shared reports);
 * the server's public pages write the same two links (services/publication/publicPages.ts). Not printed.
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
