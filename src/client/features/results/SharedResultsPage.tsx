import { useAppSelector } from '../../app/hooks.js';
import { ReportControls } from './ReportControls.js';
import { ReportBody } from './ReportView.js';
import { resultsActions } from './resultsSlice.js';
import { SharedFrame } from './SharedFrame.js';
import { ReopeningHistory } from '../campaignCycle/ReopeningHistory.js';

/** /results/0/{token}: the report a shared link opens, without signing in. */
export default function SharedResultsPage() {
  const broken = useAppSelector((state) => state.results.result.status === 'failed');
  return (
    <SharedFrame linkOpened={resultsActions.sharedLinkOpened}>
      {!broken && <ReportControls shared />}
      {!broken && <ReopeningHistory />}
      <ReportBody />
    </SharedFrame>
  );
}
