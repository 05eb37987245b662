import { ReportTable } from '../../components/ReportTable.js';
import { ReportSection } from '../../components/ReportSection.js';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Level } from '../../../shared/api/results.js';
import { useAppSelector } from '../../app/hooks.js';
import { TrendChart } from '../../charts/TrendChart.js';
import { WideTable } from '../../components/WideTable.js';
import { formatChartPercent } from '../../lib/numbers.js';
import { LEVEL_COLOURS, TERRITORY_LEVELS } from '../results/reportModel.js';
import { useReportText } from '../results/reportText.js';
import { selectTrend, selectTrendLevels } from './comparisonsSelectors.js';
import { TREND_LEVELS, trendAxisRange, type TrendModel } from './trendModel.js';

/** The means' sizes per edition: how many entities each territory's percentage is built from, in the mode. */
function SizesRows({ model, names }: { model: TrendModel; names: Record<Level, string> }) {
  return (
    <tbody>
      <tr className="differences-axis">
        <th scope="rowgroup" colSpan={model.years.length + 1}>
          <FormattedMessage id="COMPARISONS.TREND.SIZES" />
        </th>
      </tr>
      {TERRITORY_LEVELS.map((level) => (
        <tr key={level}>
          <th scope="row" className="fw-normal differences-policy">
            {names[level]}
          </th>
          {model.sizes.map((sizes, i) => (
            <td key={i} className="text-end">
              {sizes[level]}
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}

/**
 * 'Evolución': when the entity has sent two editions or more, a line chart of its global percentage in each
 * edition beside its province's, community's, Spain's and size band's means of that edition, and a table of the same for the
 * global score and each axis (one group of rows each: the entity, then each territory's mean), with each
 * mean's size. Nothing otherwise, or while it loads.
 */
export function TrendSection() {
  const intl = useIntl();
  const model = useAppSelector(selectTrend);
  const levels = useAppSelector(selectTrendLevels);
  const text = useReportText();
  if (!model || levels.length === 0) return null;
  const names = Object.fromEntries(levels.map((l) => [l.level, text.levelName(l)])) as Record<Level, string>;
  const chartTitle = intl.formatMessage({ id: 'COMPARISONS.TREND.CHART_TITLE' });
  const global = intl.formatMessage({ id: 'RESULTS.GLOBAL.TITLE' });
  const columns = model.years.length + 1;
  const series = TREND_LEVELS.map((level) => ({ name: names[level], colour: LEVEL_COLOURS[level], data: model.global[level] }));
  return (
    <ReportSection
      id="trend-title"
      title={<FormattedMessage id="COMPARISONS.TREND.TITLE" />}
      intro={
        <p className="text-body-secondary small mb-0">
          <FormattedMessage id="COMPARISONS.TREND.INTRO" values={{ entity: names.campaign }} />
        </p>
      }
      className="comparison-group trend-section mb-4"
      testId="trend"
    >
      <h3 className="h6 mb-1">{chartTitle}</h3>
      <TrendChart title={chartTitle} years={model.years} series={series} range={trendAxisRange(series.flatMap((s) => s.data))} />
      <h3 className="h6 mt-4 mb-2">
        <FormattedMessage id="COMPARISONS.TREND.TABLE_TITLE" />
      </h3>
      <div data-testid="trend-table">
        <WideTable>
          <ReportTable
            className="differences-table trend-table"
            caption={<FormattedMessage id="COMPARISONS.TREND.CAPTION" />}
            head={
              <>
                <td />
                {model.years.map((year) => (
                  <th key={year} scope="col" className="text-end differences-year">
                    {year}
                  </th>
                ))}
              </>
            }
          >
            {model.rows.map((row, r) => (
              <tbody key={r}>
                <tr className="differences-axis">
                  <th scope="rowgroup" colSpan={columns}>
                    {row.axisText ?? global}
                  </th>
                </tr>
                {TREND_LEVELS.map((level) => (
                  <tr key={level} className={level === 'campaign' ? 'trend-entity' : undefined}>
                    <th scope="row" className={`differences-policy${level === 'campaign' ? '' : ' fw-normal'}`}>
                      <span className="trend-level">
                        <span className="trend-swatch" style={{ backgroundColor: LEVEL_COLOURS[level] }} aria-hidden="true" />
                        <span>{names[level]}</span>
                      </span>
                    </th>
                    {row.values[level].map((value, i) => (
                      <td key={i} className={`text-end text-nowrap${level === 'campaign' ? ' fw-semibold' : ''}`}>
                        {formatChartPercent(intl, value)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            ))}
            <SizesRows model={model} names={names} />
          </ReportTable>
        </WideTable>
      </div>
    </ReportSection>
  );
}
