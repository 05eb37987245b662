import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { Loading } from '../../components/Loading.js';
import { ReportTabs } from '../../components/ReportTabs.js';
import { EmptyState, FailedState } from '../../components/StatusMessage.js';
import { ReportActions } from '../results/ReportActions.js';
import { CompareParticipantsCheck } from '../results/ReportControls.js';
import { SHARED_CAMPAIGN_ID } from '../results/resultsSlice.js';
import { NotSentState } from '../results/NotSentState.js';
import { isCampaignNotSent, sharedLinkFailure } from '../results/resultsSelectors.js';
import { RadarGroups } from './RadarGroups.js';
import { TrendSection } from './TrendSection.js';
import { ComparisonHeading } from './ComparisonHeading.js';
import { HowCalculatedPrint } from '../results/HowCalculated.js';
import { PrintPageNumbers } from '../../components/PrintPageNumbers.js';
import { selectComparisonAbout, selectComparisons, selectRadarGroups, selectTrend, selectTrendLevels } from './comparisonsSelectors.js';
import { comparisonsActions, type ComparisonView } from './comparisonsSlice.js';

/** The participants checkbox (default on), print and share. */
export function ComparisonOptions() {
  const { campaignId } = useAppSelector(selectComparisons);
  const about = useAppSelector(selectComparisonAbout);
  return (
    <div className="d-flex flex-wrap gap-3 justify-content-between align-items-center">
      <CompareParticipantsCheck id="comparison-participants" />
      <ReportActions campaignId={campaignId} target="urlComparisons" about={about} />
    </div>
  );
}

/**
 * The radars and the trend across editions, or why there are none. The trend ('Evolución') has a tab of its own
 * when there is one; paper gets both, one after the other.
 */
export function ComparisonBody() {
  const dispatch = useAppDispatch();
  const { campaignId, comparison } = useAppSelector(selectComparisons);
  const view = useAppSelector((state) => state.comparisons.view);
  const hasTrend = useAppSelector((state) => selectTrend(state) !== null && selectTrendLevels(state).length > 0);
  const shown = hasTrend ? view : 'groups';
  const groups = useAppSelector(selectRadarGroups);
  const about = useAppSelector(selectComparisonAbout);
  if (campaignId === null) return <EmptyState message="COMPARISONS.SELECT_ENTITY" />;
  if (isCampaignNotSent(comparison.error) && campaignId !== SHARED_CAMPAIGN_ID) return <NotSentState campaignId={campaignId} />;
  if (comparison.status === 'failed')
    return <FailedState message={campaignId === SHARED_CAMPAIGN_ID ? sharedLinkFailure(comparison.error) : 'COMMON.LOAD_FAILED'} />;
  if (comparison.status !== 'succeeded' || !comparison.data) return <Loading />;
  return (
    <>
      <div className="mb-3">
        <ComparisonHeading comparison={comparison.data} />
      </div>
      {hasTrend && (
        <ReportTabs
          tabs={[
            { key: 'groups', label: 'COMPARISONS.VIEW.GROUPS' },
            { key: 'trend', label: 'COMPARISONS.TREND.TITLE' },
          ]}
          active={shown}
          onSelect={(key: ComparisonView) => dispatch(comparisonsActions.viewChanged(key))}
          label="COMPARISONS.VIEW.LABEL"
        />
      )}
      <div className={`comparison-views${shown === 'groups' ? '' : ' d-none d-print-block'}`} data-testid="groups-view">
        <RadarGroups groups={groups} />
      </div>
      <div className={`comparison-views${shown === 'trend' ? '' : ' d-none d-print-block'}`} data-testid="trend-view">
        <TrendSection />
      </div>
      <HowCalculatedPrint about={about} />
      <PrintPageNumbers />
    </>
  );
}
