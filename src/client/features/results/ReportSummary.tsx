import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks.js';
import { formatPercent } from '../../lib/numbers.js';
import { useReportText } from './reportText.js';
import { selectReportSummary } from './resultsSelectors.js';
import type { ReportSummary as ReportSummaryModel } from './reportSummary.js';

/**
 * The printed report's first page (paper only, reportSummary.ts): the global score beside the means, the ranks,
 * the three axes that rose most since the previous campaign and the score in every campaign sent. The report
 * starts on the next page.
 */
export function ReportSummary() {
  const summary = useAppSelector(selectReportSummary);
  const intl = useIntl();
  const text = useReportText();
  if (!summary) return null;
  const percent = (value: number | null) => formatPercent(intl, value);
  return (
    <section className="report-summary print-only" aria-labelledby="report-summary-title" data-testid="report-summary">
      <h2 id="report-summary-title">
        <FormattedMessage id="RESULTS.SUMMARY.TITLE" />
      </h2>
      <p className="report-summary-score">
        <span className="report-summary-figure">{percent(summary.percentage)}</span> <FormattedMessage id="RESULTS.SUMMARY.SCORE" />
      </p>
      <div className="report-summary-columns">
        <div>
          <h3>
            <FormattedMessage id="RESULTS.SUMMARY.MEANS" />
          </h3>
          <dl>
            {summary.means.map(({ level, percentage }) => (
              <div key={level.level}>
                <dt>{text.levelLabel(level)}</dt>
                <dd>{percent(percentage)}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div>
          <h3>
            <FormattedMessage id="RESULTS.SUMMARY.RANKS" />
          </h3>
          {summary.ranks.length > 0 ? (
            <dl>
              {summary.ranks.map(({ level, rank }) => (
                <div key={level.level}>
                  <dt>{text.levelLabel(level)}</dt>
                  <dd>{text.rank(rank)}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p>
              <FormattedMessage id="RESULTS.SUMMARY.NO_RANK" />
            </p>
          )}
        </div>
      </div>
      {summary.history && <SummaryHistory history={summary.history} />}
    </section>
  );
}

/** The entity's campaigns up to this one: the largest rises since the previous one and the score in each (once the trend is read). */
function SummaryHistory({ history }: { history: NonNullable<ReportSummaryModel['history']> }) {
  const intl = useIntl();
  const text = useReportText();
  const percent = (value: number | null) => formatPercent(intl, value);
  const points = (from: number, to: number) =>
    intl.formatNumber((to - from) * 100, { maximumFractionDigits: 1, minimumFractionDigits: 1, signDisplay: 'always' });
  return (
    <>
      <h3>
        {history.previousYear === null ? (
          <FormattedMessage id="RESULTS.SUMMARY.IMPROVEMENTS_TITLE" />
        ) : (
          <FormattedMessage id="RESULTS.SUMMARY.IMPROVEMENTS_SINCE" values={{ campaign: text.campaign(history.previousYear) }} />
        )}
      </h3>
      {history.previousYear === null ? (
        <p>
          <FormattedMessage id="RESULTS.SUMMARY.NO_PREVIOUS" />
        </p>
      ) : history.improvements.length === 0 ? (
        <p>
          <FormattedMessage id="RESULTS.SUMMARY.NO_RISE" />
        </p>
      ) : (
        <ol data-testid="report-summary-improvements">
          {history.improvements.map((rise) => (
            <li key={rise.axisText}>
              <FormattedMessage
                id="RESULTS.SUMMARY.IMPROVEMENT"
                values={{ axis: rise.axisText, before: percent(rise.from), after: percent(rise.to), points: points(rise.from, rise.to) }}
              />
            </li>
          ))}
        </ol>
      )}
      <h3>
        <FormattedMessage id="RESULTS.SUMMARY.TREND" />
      </h3>
      <ol className="report-summary-trend" data-testid="report-summary-trend">
        {history.trend.map((point) => (
          <li key={point.year}>
            <span>{text.campaign(point.year)}</span> <strong>{percent(point.percentage)}</strong>
          </li>
        ))}
      </ol>
    </>
  );
}
