import { Button, Spinner } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { Printer, Share } from '../../components/icons.js';
import type { ShareResponse } from '../../../shared/api/results.js';
import { resultsActions, SHARED_CAMPAIGN_ID } from './resultsSlice.js';
import { HowCalculated, type ReportAbout } from './HowCalculated.js';
import { LinkToCopyDialog } from './LinkToCopyDialog.js';
import { isCampaignNotSent } from './resultsSelectors.js';

/**
 * '¿Cómo se calcula?', 'Imprimir en PDF', share (with the link to copy by hand when the browser will not take it) and (signed in) revoke
 * the shared links, for both report pages. A campaign not sent yet has no report to print or share: only the help is offered.
 */
export function ReportActions({ campaignId, target, about }: { campaignId: number | null; target: keyof ShareResponse; about: ReportAbout | null }) {
  const dispatch = useAppDispatch();
  const sharing = useAppSelector((state) => state.results.share.status === 'loading');
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
      <LinkToCopyDialog />
    </div>
  );
}
