import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { ReportControls } from './ReportControls.js';
import { ReportBody } from './ReportView.js';
import { resultsActions } from './resultsSlice.js';

/** The frame of a report opened from a shared link: no menu, no account, read-only. */
export function SharedFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="shared-report">
      <header className="app-header navbar bg-white border-bottom px-3 d-print-none">
        <span className="app-brand">
          <FormattedMessage id="APP.TITLE" />
        </span>
        <h1 className="h5 mb-0 me-auto">
          <FormattedMessage id="HEADER.RESULTS" />
        </h1>
      </header>
      <main id="main-content" className="app-main p-3 p-md-4" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

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
