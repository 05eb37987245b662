import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button, Card } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector, useDocumentTitle, useNotFoundWhen } from '../../app/hooks.js';
import { campaignIdParam, PATHS } from '../../app/paths.js';
import { PageHeader } from '../../components/PageHeader.js';
import { RemoteState } from '../../components/RemoteState.js';
import { Printer } from '../../components/icons.js';
import { formatDateTime } from '../../lib/dates.js';
import { campaignLabel } from '../../i18n/labels.js';
import { verificationPath } from '../../../shared/team.js';
import { teamActions } from './teamSlice.js';

/**
 * 'Justificante de envío': the receipt of a campaign's signed submission, to keep on paper or as a PDF: the entity,
 * the campaign, the moment, who signed, the code and the SHA-256 of the answers as sent, and the address where
 * anyone verifies it without seeing the answers. Whoever may read the campaign's results reads it.
 */
export default function ReceiptPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { campaignId: param } = useParams();
  const id = campaignIdParam(param);
  useNotFoundWhen(id === null);
  const state = useAppSelector((s) => s.team.receipt);
  useEffect(() => {
    if (id !== null) dispatch(teamActions.receiptRequested(id));
  }, [dispatch, id]);
  const found = state.campaignId === id ? state.data : null;
  const receipt = found?.receipt ?? null;
  const campaign = found ? campaignLabel(intl, found.edition) : '';
  // The browser offers the tab's title as the PDF's name.
  useDocumentTitle(
    found ? intl.formatMessage({ id: 'RECEIPT.DOCUMENT_TITLE' }, { entity: found.entity, campaign }) : intl.formatMessage({ id: 'RECEIPT.TITLE' }),
  );
  const status = state.campaignId !== id || state.status === 'idle' ? 'loading' : state.status;
  const verifyUrl = receipt ? new URL(verificationPath(receipt.code), document.baseURI).href : '';

  return (
    <section aria-labelledby="receipt-title" className="receipt-page">
      <PageHeader
        id="receipt-title"
        title="RECEIPT.TITLE"
        actions={
          receipt && (
            <Button variant="outline-primary" className="d-print-none" onClick={() => dispatch(teamActions.receiptPrintRequested())}>
              <Printer aria-hidden="true" className="me-1" />
              <FormattedMessage id="RECEIPT.PRINT" />
            </Button>
          )
        }
      />
      <RemoteState status={status} empty={receipt === null} emptyMessage="RECEIPT.NONE">
        {found && receipt && (
          <Card>
            <Card.Body>
              <dl className="receipt-details mb-3" data-testid="receipt">
                <dt>
                  <FormattedMessage id="RECEIPT.ENTITY" />
                </dt>
                <dd>{found.entity}</dd>
                <dt>
                  <FormattedMessage id="RECEIPT.CAMPAIGN" />
                </dt>
                <dd>{campaign}</dd>
                <dt>
                  <FormattedMessage id="RECEIPT.SENT_AT" />
                </dt>
                <dd>{formatDateTime(intl, receipt.sentAt)}</dd>
                <dt>
                  <FormattedMessage id="RECEIPT.SIGNER" />
                </dt>
                <dd className="text-break">{receipt.signer}</dd>
                <dt>
                  <FormattedMessage id="RECEIPT.CODE" />
                </dt>
                <dd className="font-monospace text-break">{receipt.code}</dd>
                <dt>
                  <FormattedMessage id="RECEIPT.HASH" />
                </dt>
                <dd className="font-monospace text-break" data-testid="receipt-hash">
                  {receipt.sha256}
                </dd>
                <dt>
                  <FormattedMessage id="RECEIPT.VERIFY" />
                </dt>
                <dd className="text-break">
                  <a href={verificationPath(receipt.code)}>{verifyUrl}</a>
                </dd>
              </dl>
              <p className="small text-body-secondary mb-0">
                <FormattedMessage id="RECEIPT.EXPLAINED" />
              </p>
            </Card.Body>
          </Card>
        )}
      </RemoteState>
      {id !== null && (
        <p className="mt-3 d-print-none">
          <Link to={`${PATHS.results}/${id}`}>
            <FormattedMessage id="RECEIPT.TO_RESULTS" />
          </Link>
        </p>
      )}
    </section>
  );
}
