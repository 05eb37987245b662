import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { ReportControls } from './ReportControls.js';
import { ReportBody } from './ReportView.js';
import { resultsActions } from './resultsSlice.js';
import { SharedFrame } from './SharedFrame.js';

/** /results/0/{token}: the report a shared link opens, without signing in. */
export default function SharedResultsPage() {
  const dispatch = useAppDispatch();
  const { token = '' } = useParams();
  const broken = useAppSelector((state) => state.results.result.status === 'failed');
  useEffect(() => {
    dispatch(resultsActions.sharedLinkOpened(token));
  }, [dispatch, token]);
  return (
    <SharedFrame>
      {!broken && <ReportControls shared />}
      <ReportBody />
    </SharedFrame>
  );
}
