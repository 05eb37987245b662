import { useParams } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { useDispatchOnMount, useNotFoundWhen } from '../../app/hooks.js';
import { campaignIdParam, isMalformedIdParam } from '../../app/paths.js';
import { ReportControls } from './ReportControls.js';
import { ReportBody } from './ReportView.js';
import { resultsActions } from './resultsSlice.js';
import { ReopeningHistory } from '../campaignCycle/ReopeningHistory.js';
import { PublicationChoice } from '../publication/PublicationChoice.js';
import { SealBlock } from '../publication/SealBlock.js';

/** /results/{campaignId}: the scored report of a sent campaign beside its territories. */
export default function ResultsPage() {
  const intl = useIntl();
  const { campaignId } = useParams();
  const id = campaignIdParam(campaignId);
  useNotFoundWhen(isMalformedIdParam(campaignId));
  useDispatchOnMount(resultsActions.optionsRequested);
  useDispatchOnMount(resultsActions.campaignOpened, id);
  return (
    <section aria-label={intl.formatMessage({ id: 'HEADER.RESULTS' })}>
      <ReportControls shared={false} />
      <ReopeningHistory />
      <ReportBody />
      {/* Below the report: it loads on its own, and above the report it would push it down when it arrives. */}
      <SealBlock campaignId={id} />
      <PublicationChoice />
    </section>
  );
}
