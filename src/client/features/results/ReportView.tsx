import { Fragment, memo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { Loading } from '../../components/Loading.js';
import { ReportTabs } from '../../components/ReportTabs.js';
import { EmptyState, FailedState } from '../../components/StatusMessage.js';
import type { RequestStatus } from '../../lib/remote.js';
import { usePartsInTurns } from '../../lib/partsInTurns.js';
import { FiguresBlock } from './FiguresBlock.js';
import { GlobalScoreView } from './GlobalScoreView.js';
import { ImprovementPlanView } from './ImprovementPlanView.js';
import { MeasuresSection } from './MeasuresSection.js';
import { MyAnswers } from './MyAnswers.js';
import { resultsActions, type ReportView as View } from './resultsSlice.js';
import { ResultsHeading } from './ReportHeading.js';
import { HowCalculatedPrint } from './HowCalculated.js';
import { useLabelledLevels } from './reportText.js';
import {
  isCampaignNotSent,
  selectActiveLevels,
  sharedLinkFailure,
  selectIsShared,
  selectMeasuresTable,
  selectReportBlocks,
  selectResultAbout,
  selectResults,
} from './resultsSelectors.js';
import { NotSentState } from './NotSentState.js';
import { RankTable } from './RankTable.js';
import { ReportSummary } from './ReportSummary.js';
import { ResultMaps } from '../maps/ResultMaps.js';
import { PrintPageNumbers } from '../../components/PrintPageNumbers.js';

/**
 * In order: the global block, the ranks, the maps, one block per axis and the detail by measures ('Mis Respuestas' follows).
 * Mounted part by part, one per task (usePartsInTurns; all at once for printing), busy for assistive technology
 * until the last is there. Memoised: the answers arriving after the result must not lay the whole report out again.
 */
const DetailedReport = memo(function DetailedReport() {
  const blocks = useAppSelector(selectReportBlocks);
  const table = useAppSelector(selectMeasuresTable);
  const levels = useLabelledLevels(useAppSelector(selectActiveLevels));
  const shownBlocks = levels.length === 0 ? [] : blocks;
  const { mounted, done } = usePartsInTurns(Math.max(1, shownBlocks.length + (table ? 1 : 0)));
  return (
    <div className="report-parts" aria-busy={!done}>
      {levels.length === 0 ? (
        <EmptyState message="RESULTS.NO_TERRITORY" />
      ) : (
        shownBlocks.slice(0, mounted).map((block) => (
          <Fragment key={block.key}>
            <FiguresBlock block={block} levels={levels} />
            {block.key === 'global' && <RankTable />}
            {block.key === 'global' && <ResultMaps />}
          </Fragment>
        ))
      )}
      {table && mounted > shownBlocks.length && <MeasuresSection table={table} />}
    </div>
  );
});

function ReportState({ status }: { status: RequestStatus }) {
  if (status === 'succeeded') return <DetailedReport />;
  if (status === 'failed') return <FailedState message="COMMON.LOAD_FAILED" />;
  // As tall as the screen while loading, so that 'Mis Respuestas' below does not jump when the report arrives.
  return (
    <div className="report-pending">
      <Loading />
    </div>
  );
}

/** What the results page shows under its controls, whatever the state of its two loads. */
export function ReportBody() {
  const dispatch = useAppDispatch();
  const { campaignId, result, view } = useAppSelector(selectResults);
  const shared = useAppSelector(selectIsShared);
  const about = useAppSelector(selectResultAbout);
  if (campaignId === null) return <EmptyState message="RESULTS.SELECT_CAMPAIGN" />;
  if (result.status === 'failed' && shared) return <FailedState message={sharedLinkFailure(result.error)} />;
  // A campaign not sent yet has no report to show, nor to come.
  if (isCampaignNotSent(result.error)) return <NotSentState campaignId={campaignId} />;
  return (
    <div className="report">
      {/* Its room is kept while the result loads, so that the tabs below stay where they are. */}
      <div className="report-header mb-3">{result.data && <ResultsHeading result={result.data} campaignId={campaignId} />}</div>
      <ReportTabs
        tabs={[
          { key: 'report', label: 'RESULTS.VIEW.REPORT' },
          { key: 'global', label: 'RESULTS.GLOBAL_SCORE.TITLE' },
          { key: 'plan', label: 'RESULTS.VIEW.PLAN' },
        ]}
        active={view}
        onSelect={(key: View) => dispatch(resultsActions.viewChanged(key))}
        label="RESULTS.VIEW.LABEL"
      />
      {view === 'global' && <GlobalScoreView />}
      {view === 'plan' && <ImprovementPlanView />}
      {/* Paper's first page, with the heading above it; the report starts on the next. */}
      {view === 'report' && result.data && <ReportSummary />}
      {view === 'report' && <ReportState status={result.status} />}
      {/* The answers load on their own: they stay whatever happened to the result. */}
      {view === 'report' && <MyAnswers />}
      {result.data && <HowCalculatedPrint about={about} />}
      {result.data && <PrintPageNumbers />}
    </div>
  );
}
