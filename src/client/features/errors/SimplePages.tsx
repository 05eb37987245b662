import { FormattedMessage } from 'react-intl';

/** /no-dashboard: a signed-in role with no screen of its own. */
export function NoDashboardPage() {
  return (
    <p className="lead">
      <FormattedMessage id="NO_DASHBOARD.TEXT" />
    </p>
  );
}
