import { Button, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { Printer, Share } from '../../components/icons.js';
import { resultsActions, SHARED_CAMPAIGN_ID, type ShareTarget } from './resultsSlice.js';
import { formatDateTime } from '../../lib/dates.js';
import { HowCalculated, type ReportAbout } from './HowCalculated.js';
import { LinkToCopyDialog } from './LinkToCopyDialog.js';
import { isCampaignNotSent } from './resultsSelectors.js';

/**
 * '¿Cómo se calcula?', 'Imprimir en PDF', share (with the link to copy by hand when the browser will not take it) and (signed in) revoke
 * the shared links, for both report pages. A campaign not sent yet has no report to print or share: only the help is offered.
 */
export function ReportActions({ campaignId, target, about }: { campaignId: number | null; target: ShareTarget; about: ReportAbout | null }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const sharing = useAppSelector((state) => state.results.share.status === 'loading');
  // The link just shared for this campaign stops working then (Madrid's clock, as every time the product shows).
  const expiry = useAppSelector((state) => state.results.shareExpiry);
  const expiresAt = expiry && expiry.campaignId === campaignId ? expiry.expiresAt : null;
  const notSent = useAppSelector((state) => isCampaignNotSent(target === 'urlResults' ? state.results.result.error : state.comparisons.comparison.error));
  if (notSent) {
    return (
      <div className="d-flex flex-wrap gap-2">
        <HowCalculated about={about} />
      </div>
    );
  }
  return (
    <div className="d-flex flex-wrap gap-2">
      <HowCalculated about={about} />
      <Button variant="outline-primary" onClick={() => dispatch(resultsActions.printRequested(campaignId))}>
        <Printer aria-hidden="true" className="me-1" />
        <FormattedMessage id="RESULTS.CONTROLS.PRINT" />
      </Button>
      <Button variant="primary" disabled={sharing} onClick={() => dispatch(resultsActions.shareRequested({ campaignId, target }))}>
        {sharing ? <Spinner animation="border" size="sm" className="me-1" /> : <Share aria-hidden="true" className="me-1" />}
        <FormattedMessage id="RESULTS.CONTROLS.SHARE" />
      </Button>
      {campaignId !== SHARED_CAMPAIGN_ID && (
        <Button variant="outline-danger" onClick={() => dispatch(resultsActions.unshareAsked(campaignId))}>
          <FormattedMessage id="RESULTS.CONTROLS.UNSHARE" />
        </Button>
      )}
      {expiresAt && (
        <p className="share-expiry small text-body-secondary mb-0 w-100" role="status" data-testid="share-expiry">
          <FormattedMessage id="RESULTS.SHARE.EXPIRES" values={{ date: formatDateTime(intl, expiresAt) }} />
        </p>
      )}
      <LinkToCopyDialog expiresAt={expiresAt} />
    </div>
  );
}
