import { FormattedMessage } from 'react-intl';
import type { MailSummary } from '../../../shared/api/editionOpening.js';

/** How a batch of e-mails went: how many were sent, and each refused address with the server's reason. */
export function MailResult({ summary }: { summary: MailSummary }) {
  return (
    <div className="small mt-1" data-testid="mail-result">
      <FormattedMessage id="MAIL.SENT" values={{ count: summary.sent }} />
      {summary.failed.length > 0 && (
        <>
          {' '}
          <FormattedMessage id="MAIL.FAILED" values={{ count: summary.failed.length }} />
          <ul className="mb-0">
            {summary.failed.map((f) => (
              <li key={f.email}>
                {f.email}: <span className="text-body-secondary">{f.reason}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
