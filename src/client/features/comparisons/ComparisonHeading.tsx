import { useIntl } from 'react-intl';
import type { ComparisonLevel, ComparisonResponse } from '../../../shared/api/results.js';
import { useAppSelector } from '../../app/hooks.js';
import { ReportHeading, useReportTitle, useTerritoryWords } from '../results/ReportHeading.js';
import { useReportText } from '../results/reportText.js';
import { SHARED_CAMPAIGN_ID } from '../results/resultsSlice.js';
import { selectComparisonLevels, selectComparisons, selectComparisonWithheld, selectGroupSizes } from './comparisonsSelectors.js';

/** The comparisons page's heading, with the tab's title: the entity, the year and the year it is compared with. */
export function ComparisonHeading({ comparison }: { comparison: ComparisonResponse }) {
  const intl = useIntl();
  const text = useReportText();
  const territoryWords = useTerritoryWords();
  const shared = useAppSelector((state) => selectComparisons(state).campaignId === SHARED_CAMPAIGN_ID);
  const levels = useAppSelector(selectComparisonLevels);
  const withheld = useAppSelector(selectComparisonWithheld);
  const { territoryTexts, editions } = comparison;
  const current = text.campaign(editions.current.year);
  useReportTitle('comparisons', territoryTexts.campaign, current);
  const campaign = editions.previous
    ? intl.formatMessage({ id: 'REPORT.HEADING.COMPARED' }, { current, previous: text.campaign(editions.previous.year) })
    : intl.formatMessage({ id: 'REPORT.HEADING.NO_PREVIOUS' }, { current });
  const territories = levels.map((l) =>
    territoryWords(intl.formatMessage({ id: `COMPARISONS.GROUP.${l.level}` }), l.level === 'campaign' ? null : text.levelName(l)),
  );
  return <ReportHeading kind="comparisons" campaign={campaign} territories={territories} detailsOnScreen={shared} withheld={withheld} report={comparison} />;
}

/** Under a group's title: whose figures, and for a territory its mean's n in each edition ('Campaña 2026: n = 2'). */
export function GroupSizes({ level }: { level: ComparisonLevel }) {
  const intl = useIntl();
  const text = useReportText();
  const sizes = useAppSelector(selectGroupSizes);
  const shown = useAppSelector(selectComparisonLevels).find((l) => l.level === level);
  if (!sizes || !shown) return null;
  const parts = [
    text.levelName(shown),
    ...sizes[level].map(({ year, n }) => intl.formatMessage({ id: 'COMPARISONS.GROUP_SIZE' }, { campaign: text.campaign(year), n })),
  ];
  return (
    <p className="small text-body-secondary mb-0" data-testid="group-sizes">
      {parts.join(' · ')}
    </p>
  );
}
