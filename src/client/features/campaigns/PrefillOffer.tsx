import { Alert, Button, Spinner } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import type { CampaignDetail } from '../../../shared/api/campaigns.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { campaignsActions } from './campaignsSlice.js';
import { selectPrefill } from './campaignsSelectors.js';

/**
 * 'Partir de las respuestas de 2025' on a campaign not sent whose entity sent one of an earlier edition (prefillFrom),
 * and, once done, how many answers were copied and how many questions changed and were not.
 */
export function PrefillOffer({ campaign }: { campaign: Pick<CampaignDetail, 'id' | 'prefillFrom'> }) {
  const dispatch = useAppDispatch();
  const prefill = useAppSelector(selectPrefill);
  const result = prefill.campaignId === campaign.id ? prefill.result : null;
  if (result)
    return (
      <Alert variant="info" data-testid="prefill-result" className="small">
        <FormattedMessage id="QUESTIONNAIRE.PREFILL.DONE" values={{ copied: result.copied, changed: result.changed, year: result.fromYear }} />
        {result.copied > 0 && (
          <>
            {' '}
            <FormattedMessage id="QUESTIONNAIRE.PREFILL.CONFIRM_HINT" />
          </>
        )}
      </Alert>
    );
  if (campaign.prefillFrom === null) return null;
  const loading = prefill.status === 'loading' && prefill.campaignId === campaign.id;
  return (
    <div className="border rounded bg-white p-3 mb-3 d-flex flex-wrap align-items-center gap-2" data-testid="prefill-offer">
      <p className="small mb-0 flex-grow-1" style={{ minWidth: '14rem' }}>
        <FormattedMessage id="QUESTIONNAIRE.PREFILL.HINT" values={{ year: campaign.prefillFrom }} />
      </p>
      <Button variant="outline-primary" disabled={loading} onClick={() => dispatch(campaignsActions.prefillRequested(campaign.id))}>
        {loading && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
        <FormattedMessage id="QUESTIONNAIRE.PREFILL.BUTTON" values={{ year: campaign.prefillFrom }} />
      </Button>
    </div>
  );
}
