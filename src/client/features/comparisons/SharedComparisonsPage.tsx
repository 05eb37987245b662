import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { SharedFrame } from '../results/SharedFrame.js';
import { comparisonsActions } from './comparisonsSlice.js';
import { ComparisonBody, ComparisonOptions } from './ComparisonBody.js';

/** /comparisons/0/{token}: the comparison a shared link opens, without signing in. */
export default function SharedComparisonsPage() {
  const dispatch = useAppDispatch();
  const { token = '' } = useParams();
  const broken = useAppSelector((state) => state.comparisons.comparison.status === 'failed');
  useEffect(() => {
    dispatch(comparisonsActions.sharedLinkOpened(token));
  }, [dispatch, token]);
  return (
    <SharedFrame>
      {!broken && (
        <div className="report-controls card card-body mb-3 d-print-none">
          <ComparisonOptions />
        </div>
      )}
      <ComparisonBody />
    </SharedFrame>
  );
}
