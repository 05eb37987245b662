import { useAppSelector } from '../../app/hooks.js';
import { SharedFrame } from '../results/SharedFrame.js';
import { comparisonsActions } from './comparisonsSlice.js';
import { ComparisonBody, ComparisonOptions } from './ComparisonBody.js';

/** /comparisons/0/{token}: the comparison a shared link opens, without signing in. */
export default function SharedComparisonsPage() {
  const broken = useAppSelector((state) => state.comparisons.comparison.status === 'failed');
  return (
    <SharedFrame linkOpened={comparisonsActions.sharedLinkOpened} title="MENU.COMPARISONS">
      {!broken && (
        <div className="report-controls card card-body mb-3 d-print-none">
          <ComparisonOptions />
        </div>
      )}
      <ComparisonBody />
    </SharedFrame>
  );
}
