import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { selectUser } from '../auth/authSelectors.js';
import { LegalPage } from '../layout/CardPage.js';
import { PATHS } from '../../app/paths.js';
import { formatDateTime } from '../../lib/dates.js';
import { ERASURE_REASON_MAX_LENGTH } from '../../../shared/constants.js';
import { privacyActions } from './privacySlice.js';
import { selectPrivacy } from './privacySelectors.js';
import { LabelledGroup } from '../../components/LabelledGroup.js';

/** The sections of the statement, each a heading and its text (message ids under PRIVACY.). */
const WHAT = ['ACCOUNT', 'ANSWERS', 'EVIDENCE', 'LOG', 'COMPLAINTS'] as const;

/** A section's heading and a paragraph of the statement, by message id. */
const Heading = ({ id }: { id: string }) => (
  <h2 className="h5 mt-4">
    <FormattedMessage id={id} />
  </h2>
);
const Text = ({ id }: { id: string }) => (
  <p>
    <FormattedMessage id={id} />
  </p>
);

/**
 * 'Privacidad', open to anyone: what personal data the application processes, why, for how long (the server's
 * LOG_RETENTION_DAYS) and the user's rights; and, signed in, 'Descargar mis datos' and the request to erase them.
 */
export function PrivacyPage() {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const user = useAppSelector(selectUser);
  const { retention, download, erasure } = useAppSelector(selectPrivacy);
  const [reason, setReason] = useState('');
  useEffect(() => {
    dispatch(privacyActions.opened());
  }, [dispatch]);
  const signedIn = user !== null && user.role !== 'NO';

  return (
    <LegalPage title="PRIVACY.TITLE">
      <Text id="PRIVACY.INTRO" />
      <Heading id="PRIVACY.WHAT.TITLE" />
      <ul>
        {WHAT.map((item) => (
          <li key={item}>
            <FormattedMessage id={`PRIVACY.WHAT.${item}`} />
          </li>
        ))}
      </ul>
      <Heading id="PRIVACY.WHY.TITLE" />
      <Text id="PRIVACY.WHY.TEXT" />
      <Heading id="PRIVACY.HOW_LONG.TITLE" />
      <p data-testid="privacy-retention">
        {retention.days === null ? (
          <FormattedMessage id="PRIVACY.HOW_LONG.TEXT_UNKNOWN" />
        ) : (
          <FormattedMessage id="PRIVACY.HOW_LONG.TEXT" values={{ days: retention.days }} />
        )}
      </p>
      <Heading id="PRIVACY.RIGHTS.TITLE" />
      <Text id="PRIVACY.RIGHTS.TEXT" />
      <section className="mt-4 pt-3 border-top" aria-labelledby="privacy-yours">
        <h2 className="h5" id="privacy-yours">
          <FormattedMessage id="PRIVACY.YOURS.TITLE" />
        </h2>
        {!signedIn ? (
          <p>
            <Link to={PATHS.login}>
              <FormattedMessage id="PRIVACY.YOURS.SIGN_IN" />
            </Link>
          </p>
        ) : (
          <>
            <Button
              variant="outline-primary"
              className="mb-4"
              disabled={download.status === 'loading'}
              onClick={() => dispatch(privacyActions.downloadRequested())}
            >
              {download.status === 'loading' && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
              <FormattedMessage id="PRIVACY.DOWNLOAD" />
            </Button>
            {erasure.requestedAt ? (
              <Alert variant="info" data-testid="privacy-erasure-filed">
                <FormattedMessage id="PRIVACY.ERASURE.FILED" values={{ date: formatDateTime(intl, erasure.requestedAt) }} />
              </Alert>
            ) : (
              <Form
                onSubmit={(event) => {
                  event.preventDefault();
                  dispatch(privacyActions.erasureRequested(reason));
                }}
              >
                <LabelledGroup controlId="privacy-erasure-reason" label="PRIVACY.ERASURE.REASON" className="mb-2">
                  <Form.Control as="textarea" rows={2} maxLength={ERASURE_REASON_MAX_LENGTH} value={reason} onChange={(e) => setReason(e.target.value)} />
                </LabelledGroup>
                <Button type="submit" variant="outline-danger" disabled={erasure.status === 'loading'}>
                  {erasure.status === 'loading' && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
                  <FormattedMessage id="PRIVACY.ERASURE.BUTTON" />
                </Button>
              </Form>
            )}
          </>
        )}
      </section>
    </LegalPage>
  );
}
