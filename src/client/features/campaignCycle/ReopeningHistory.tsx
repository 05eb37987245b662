import { Alert } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks.js';
import { formatLongDate } from '../../lib/dates.js';
import { selectReopenings } from './campaignCycleSelectors.js';

/** A report's reopenings ('Reabierta el 3 de mayo de 2027 por admin@demo.es: motivo'), and on a shared link made before one, that the figures changed. */
export function ReopeningHistory() {
  const intl = useIntl();
  const { items, linkBeforeReopening } = useAppSelector(selectReopenings);
  if (items.length === 0) return null;
  return (
    <div className="mb-3" data-testid="reopening-history">
      {linkBeforeReopening && (
        <Alert variant="warning" className="py-2">
          <FormattedMessage id="REOPEN.LINK_NOTE" />
        </Alert>
      )}
      <ul className="list-unstyled small text-body-secondary mb-0">
        {items.map((r) => (
          <li key={r.at}>
            <FormattedMessage
              id={r.actorEmail ? 'REOPEN.HISTORY_LINE' : 'REOPEN.HISTORY_LINE_ANONYMOUS'}
              values={{ date: formatLongDate(intl, new Date(r.at)), actor: r.actorEmail, reason: r.reason }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
