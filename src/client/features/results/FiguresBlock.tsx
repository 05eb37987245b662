import { ReportTable } from '../../components/ReportTable.js';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../app/hooks.js';
import { Gauge, GroupedBars } from '../../charts/ReportCharts.js';
import { WideTable } from '../../components/WideTable.js';
import { DownloadButtons } from '../../components/DownloadButtons.js';
import { formatValueAndPercent, toChartPercent } from '../../lib/numbers.js';
import type { ActiveLevel, LevelFigures, ReportBlock } from './reportModel.js';
import { useReportText } from './reportText.js';
import { ReportSection } from '../../components/ReportSection.js';
import { resultsActions } from './resultsSlice.js';

/**
 * A level's cell: 'value (percent%)'; the entity's own 'No aplica' where it answered the whole group so; a mean built
 * from fewer entities than its level's n says its own n under it.
 */
function FigureCell({ row, level }: { row: LevelFigures; level: ActiveLevel }) {
  const intl = useIntl();
  const text = useReportText();
  const percentage = row.percentages[level.level];
  if (level.level === 'campaign') return <td>{percentage === null ? text.notApplicable : formatValueAndPercent(intl, row.values.campaign, percentage)}</td>;
  const n = row.sizes[level.level];
  return (
    <td>
      {formatValueAndPercent(intl, row.values[level.level], percentage)}
      {percentage !== null && n !== level.n && <span className="group-size d-block small text-body-secondary">{text.groupSize(n)}</span>}
    </td>
  );
}

/** 'value (percent%)' per shown level, one row per policy and a TOTAL row. */
function ComparisonTable({ block, title, levels }: { block: ReportBlock; title: string; levels: ActiveLevel[] }) {
  const text = useReportText();
  const cells = (row: LevelFigures) => levels.map((l) => <FigureCell key={l.level} row={row} level={l} />);
  return (
    <ReportTable
      className="comparison-table"
      testId="comparison-table"
      caption={<FormattedMessage id="RESULTS.TABLE.CAPTION" values={{ title }} />}
      head={
        <>
          <th scope="col">
            <FormattedMessage id="RESULTS.TABLE.POLICY" />
          </th>
          {levels.map((l) => (
            <th scope="col" key={l.level} data-level={l.level}>
              {l.label}
            </th>
          ))}
        </>
      }
    >
      <tbody>
        {block.rows.map((row, i) => (
          <tr key={i}>
            <th scope="row" className="fw-normal">
              {row.policyText}
            </th>
            {cells(row)}
          </tr>
        ))}
        <tr className="fw-semibold comparison-total">
          <th scope="row">{text.blockTotal}</th>
          {cells(block.total)}
        </tr>
      </tbody>
    </ReportTable>
  );
}

/** The global block or an axis block: gauge, bars by policy and the comparison table. */
export function FiguresBlock({ block, levels }: { block: ReportBlock; levels: ActiveLevel[] }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const title = useReportText().blockTitle(block);
  const needles = levels.map((l) => ({ name: l.label, colour: l.colour, value: toChartPercent(block.total.percentages[l.level]) }));
  const series = levels.map((l) => ({ name: l.label, colour: l.colour, data: block.rows.map((r) => toChartPercent(r.percentages[l.level])) }));
  return (
    <ReportSection
      id={`block-${block.key}`}
      title={title}
      className={`report-block mb-4${block.key === 'global' ? '' : ' report-block-axis'}`}
      testId={`block-${block.key}`}
    >
      <div className="report-charts">
        <div className="report-gauge">
          <Gauge title={intl.formatMessage({ id: 'RESULTS.GAUGE.TITLE' }, { title })} needles={needles} />
        </div>
        <div className="report-bars">
          <GroupedBars
            title={intl.formatMessage({ id: 'RESULTS.BARS.TITLE' }, { title })}
            categories={block.rows.map((r) => r.policyText)}
            series={series}
            testId="policy-bars"
          />
        </div>
      </div>
      <WideTable>
        <ComparisonTable block={block} title={title} levels={levels} />
      </WideTable>
      <div className="text-end mt-2 d-print-none">
        <DownloadButtons
          label={title}
          onCsv={() => dispatch(resultsActions.csvRequested({ table: 'comparison', blockKey: block.key }))}
          onExcel={() => dispatch(resultsActions.excelRequested({ table: 'comparison', blockKey: block.key }))}
        />
      </div>
    </ReportSection>
  );
}
