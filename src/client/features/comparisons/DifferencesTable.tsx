import { ReportTable } from '../../components/ReportTable.js';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ComparisonLevel } from '../../../shared/api/results.js';
import { useAppDispatch } from '../../app/hooks.js';
import { DownloadButtons } from '../../components/DownloadButtons.js';
import { formatChartPercent, formatPointsChange } from '../../lib/numbers.js';
import type { DifferenceRow, DifferenceTable, Direction } from './comparisonModel.js';
import { comparisonsActions } from './comparisonsSlice.js';

const ARROWS: Record<Direction, string> = { up: '▲', down: '▼', same: '=' };
const DIRECTION_WORDS: Record<Direction, string> = {
  up: 'COMPARISONS.DIFFERENCES.UP',
  down: 'COMPARISONS.DIFFERENCES.DOWN',
  same: 'COMPARISONS.DIFFERENCES.SAME',
};

/** '▲ +4,0': the arrow is drawn for the eye, the word ('sube', 'baja', 'igual') read to a screen reader. */
function ChangeCell({ row }: { row: DifferenceRow }) {
  const intl = useIntl();
  return (
    <td className={`difference-change text-end text-nowrap${row.direction ? ` difference-${row.direction}` : ''}`}>
      {row.direction && (
        <>
          <span aria-hidden="true" className="me-1">
            {ARROWS[row.direction]}
          </span>
          <span className="visually-hidden">
            <FormattedMessage id={DIRECTION_WORDS[row.direction]} />{' '}
          </span>
        </>
      )}
      {formatPointsChange(intl, row.change)}
    </td>
  );
}

/** The mark of a policy whose questions or points changed: an asterisk to the eye, the legend's words to a screen reader. */
function ChangedMark({ year }: { year: number | null }) {
  const intl = useIntl();
  const words = intl.formatMessage({ id: 'COMPARISONS.CONTENT_CHANGED' }, { year });
  return (
    <span className="text-warning-emphasis ms-1" title={words} data-testid="content-changed">
      <span aria-hidden="true">*</span>
      <span className="visually-hidden">({words})</span>
    </span>
  );
}

/**
 * A group's figures as numbers: one row per policy under its axis, the previous campaign's percentage, the
 * current one's and the change in percentage points (the current year alone without a previous campaign),
 * with its 'Descargar CSV' and 'Descargar Excel'.
 */
export function DifferencesTable({ level, title, table }: { level: ComparisonLevel; title: string; table: DifferenceTable }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const withPrevious = table.years.previous !== null;
  const columns = withPrevious ? 4 : 2;
  return (
    <div className="comparison-differences" data-testid={`differences-${level}`}>
      <h3 className="h6 mt-4 mb-2">
        <FormattedMessage id="COMPARISONS.DIFFERENCES.TITLE" values={{ title }} />
      </h3>
      <ReportTable
        responsive
        className="differences-table"
        caption={<FormattedMessage id="COMPARISONS.DIFFERENCES.CAPTION" values={{ title }} />}
        head={
          <>
            <th scope="col">
              <FormattedMessage id="RESULTS.TABLE.POLICY" />
            </th>
            {withPrevious && (
              <th scope="col" className="text-end differences-year">
                {table.years.previous}
              </th>
            )}
            <th scope="col" className="text-end differences-year">
              {table.years.current}
            </th>
            {withPrevious && (
              <th scope="col" className="text-end differences-change-heading">
                <FormattedMessage id="COMPARISONS.DIFFERENCES.CHANGE" />
              </th>
            )}
          </>
        }
      >
        {table.axes.map((axis, a) => (
          <tbody key={a}>
            <tr className="differences-axis">
              <th scope="rowgroup" colSpan={columns}>
                {axis.axisText}
              </th>
            </tr>
            {axis.rows.map((row, i) => (
              <tr key={i}>
                <th scope="row" className="fw-normal differences-policy">
                  {row.policyText}
                  {row.contentChanged && <ChangedMark year={table.years.previous} />}
                </th>
                {withPrevious && <td className="text-end">{formatChartPercent(intl, row.previous)}</td>}
                <td className="text-end">{formatChartPercent(intl, row.current)}</td>
                {withPrevious && <ChangeCell row={row} />}
              </tr>
            ))}
          </tbody>
        ))}
      </ReportTable>
      {table.axes.some((axis) => axis.rows.some((row) => row.contentChanged)) && (
        <p className="small text-body-secondary mt-1 mb-0" data-testid={`content-changed-legend-${level}`}>
          <span aria-hidden="true">* </span>
          <FormattedMessage id="COMPARISONS.CONTENT_CHANGED" values={{ year: table.years.previous }} />
        </p>
      )}
      <div className="text-end mt-2 d-print-none">
        <DownloadButtons
          label={title}
          onCsv={() => dispatch(comparisonsActions.csvRequested(level))}
          onExcel={() => dispatch(comparisonsActions.excelRequested(level))}
        />
      </div>
    </div>
  );
}
