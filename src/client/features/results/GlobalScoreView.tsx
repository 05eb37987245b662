import { Col, Row } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { GroupedBars, LocationBars } from '../../charts/ReportCharts.js';
import { EmptyState } from '../../components/StatusMessage.js';
import { Pager } from '../../components/Pager.js';
import { TitledCard } from '../../components/TitledCard.js';
import { formatPercent, toChartPercent } from '../../lib/numbers.js';
import type { ActiveLevel, ByLevel } from './reportModel.js';
import { resultsActions } from './resultsSlice.js';
import { selectActiveLevels, selectGlobalScore, selectResults } from './resultsSelectors.js';
import { usePrinting } from '../../lib/printing.js';
import { useLabelledLevels, useReportText } from './reportText.js';

/** The colour key of the shown levels. */
function LevelLegend({ levels }: { levels: ActiveLevel[] }) {
  const intl = useIntl();
  return (
    <ul className="list-inline mb-3" aria-label={intl.formatMessage({ id: 'RESULTS.GLOBAL_SCORE.LEGEND' })} data-testid="level-legend">
      {levels.map((l) => (
        <li key={l.level} className="list-inline-item me-3">
          <span className="legend-swatch" style={{ backgroundColor: l.colour }} aria-hidden="true" /> {l.label}
        </li>
      ))}
    </ul>
  );
}

function PolicyBars({ title, policies, levels }: { title: string; policies: { policyText: string; percentages: ByLevel }[]; levels: ActiveLevel[] }) {
  return (
    <GroupedBars
      title={title}
      categories={policies.map((p) => p.policyText)}
      series={levels.map((l) => ({ name: l.label, colour: l.colour, data: policies.map((p) => toChartPercent(p.percentages[l.level])) }))}
      testId="global-policy-bars"
    />
  );
}

/**
 * 'Puntuación Global': the score card of the first shown level, bars by location and grouped bars per
 * policy (a page at a time), with the legend of the shown levels.
 */
export function GlobalScoreView() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { result } = useAppSelector(selectResults);
  const levels = useLabelledLevels(useAppSelector(selectActiveLevels));
  const text = useReportText();
  const score = useAppSelector(selectGlobalScore);
  const printing = usePrinting();
  const title = intl.formatMessage({ id: 'RESULTS.GLOBAL_SCORE.TITLE' });
  const policyTitle = intl.formatMessage({ id: 'RESULTS.GLOBAL_SCORE.BY_POLICY' });
  return (
    <section aria-labelledby="global-score-title" data-testid="global-score">
      <h2 id="global-score-title" className="h4">
        {title}
      </h2>
      {result.status === 'loading' && (
        <p className="text-body-secondary" role="status">
          <FormattedMessage id="APP.LOADING" />
        </p>
      )}
      {score && levels.length === 0 && <EmptyState message="RESULTS.NO_TERRITORY" />}
      {score && levels.length > 0 && (
        <>
          <LevelLegend levels={levels} />
          <Row className="g-3 mb-3 score-row">
            <Col md={4}>
              <TitledCard
                title="RESULTS.GLOBAL_SCORE.YOUR_SCORE"
                titleClassName="h6 text-body-secondary"
                className="h-100 text-center score-card"
                testId="score-card"
              >
                <p className="display-5 fw-semibold mb-1">{formatPercent(intl, score.card?.value)}</p>
                <p className="mb-0 text-body-secondary">{score.card ? text.levelLabel(score.card.level) : ''}</p>
              </TitledCard>
            </Col>
            <Col md={8}>
              <TitledCard title="RESULTS.GLOBAL_SCORE.BY_LOCATION" className="h-100">
                <LocationBars
                  title={intl.formatMessage({ id: 'RESULTS.GLOBAL_SCORE.BY_LOCATION' })}
                  bars={levels.map((l) => ({ name: l.label, colour: l.colour, value: toChartPercent(score.percentages[l.level]) }))}
                />
              </TitledCard>
            </Col>
          </Row>
          <TitledCard title="RESULTS.GLOBAL_SCORE.BY_POLICY" className="policy-score-card">
            <div className="d-print-none">
              <PolicyBars title={policyTitle} policies={score.policies.rows} levels={levels} />
            </div>
            {/* On paper every policy, not the page on screen. */}
            {printing && (
              <div className="print-only">
                <PolicyBars title={policyTitle} policies={score.allPolicies} levels={levels} />
              </div>
            )}
            <div className="d-print-none mt-2">
              <Pager page={score.policies.page} pages={score.policies.pages} onChange={(p) => dispatch(resultsActions.globalPageChanged(p))} label={title} />
            </div>
          </TitledCard>
        </>
      )}
    </section>
  );
}
