import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Card } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { PageHeader } from '../../components/PageHeader.js';
import { SubmitButton } from '../../components/SubmitButton.js';

/** A creation page's frame: heading, the failure message of the last attempt (a message id), and the form. */
export function AdminFormCard({ id, title, error, children }: { id: string; title: string; error: string | null; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} style={{ maxWidth: '40rem' }}>
      <PageHeader id={`${id}-title`} title={title} />
      <Card>
        <Card.Body>
          {error && (
            <Alert variant="danger" role="alert">
              <FormattedMessage id={error} />
            </Alert>
          )}
          {children}
        </Card.Body>
      </Card>
    </section>
  );
}

/** Cancel (back to the list) and the submit button, which spins and stays disabled while busy. */
export function FormButtons({ cancelPath, submitLabel, busy }: { cancelPath: string; submitLabel: string; busy: boolean }) {
  return (
    <div className="d-flex justify-content-end gap-2 mt-4">
      <Link to={cancelPath} className="btn btn-outline-secondary">
        <FormattedMessage id="COMMON.CANCEL" />
      </Link>
      <SubmitButton busy={busy}>
        <FormattedMessage id={submitLabel} />
      </SubmitButton>
    </div>
  );
}
