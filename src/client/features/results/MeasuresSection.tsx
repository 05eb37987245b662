import { useState } from 'react';
import { Button, Card, Collapse, Table } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../app/hooks.js';
import { CheckCircleFill, ChevronDown, ChevronRight, ExclamationTriangleFill, XCircleFill } from '../../components/icons.js';
import { WideTable } from '../../components/WideTable.js';
import { DownloadButtons } from '../../components/DownloadButtons.js';
import { formatPercent, formatPoints } from '../../lib/numbers.js';
import { grade, type Grade, type MeasuresFigures, type MeasuresRow, type MeasuresTable } from './reportModel.js';
import { useReportText } from './reportText.js';
import { resultsActions } from './resultsSlice.js';
import { useShownWhenOpen } from '../../lib/printing.js';

const GRADE_ICON: Record<Grade, { Icon: typeof CheckCircleFill; className: string }> = {
  low: { Icon: XCircleFill, className: 'text-danger' },
  medium: { Icon: ExclamationTriangleFill, className: 'text-warning-emphasis' },
  high: { Icon: CheckCircleFill, className: 'text-success' },
};

/**
 * On a phone the total comes second, beside the names: each row has points in one axis' column only, so the
 * first screen of the table would otherwise be mostly empty cells. Screen from md up and paper keep the order
 * of the CSV (total after the axes).
 */
const PHONE_TOTAL = 'd-md-none d-print-none';
const TOTAL = 'd-none d-md-table-cell d-print-table-cell';

/** A percentage with its icon: a red cross at or below 30%, an amber exclamation, a green check from 70%. */
export function GradedPercent({ fraction }: { fraction: number | null }) {
  const intl = useIntl();
  if (fraction === null) return null;
  const g = grade(fraction);
  const { Icon, className } = GRADE_ICON[g];
  return (
    <span className="text-nowrap" data-grade={g}>
      <Icon className={`${className} me-1`} role="img" aria-label={intl.formatMessage({ id: `RESULTS.MEASURES.GRADE.${g}` })} />
      {formatPercent(intl, fraction)}
    </span>
  );
}

/** A policy's or a measure's row, or (without a kind) the 'Total general' row. */
function MeasuresRowView({ row, table }: { row: MeasuresRow | MeasuresFigures; table: MeasuresTable }) {
  const intl = useIntl();
  const text = useReportText();
  const kind = 'kind' in row ? row.kind : 'total';
  const points = (v: number | null) => (v === null ? '' : formatPoints(intl, v));
  return (
    <tr className={`measures-${kind}${kind === 'total' ? ' fw-semibold' : ''}`}>
      <th scope="row" className={kind === 'measure' ? 'fw-normal ps-4' : undefined}>
        {text.measuresRowText(row)}
      </th>
      <td className={`text-end fw-semibold ${PHONE_TOTAL}`}>{formatPoints(intl, row.total)}</td>
      {table.axes.map((a) => (
        <td key={a.id} className="text-end">
          {points(row.values[a.id])}
        </td>
      ))}
      <td className={`text-end fw-semibold ${TOTAL}`}>{formatPoints(intl, row.total)}</td>
      {table.axes.map((a) => (
        <td key={a.id}>
          <GradedPercent fraction={row.percentages[a.id]} />
        </td>
      ))}
    </tr>
  );
}

/** The detail-by-measures table: collapsible on screen, always expanded on paper. */
export function MeasuresSection({ table }: { table: MeasuresTable }) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  // Laid out only when opened or printed: closed, its hundreds of cells would only slow the page down.
  const shown = useShownWhenOpen(open);
  return (
    <Card as="section" className="report-block measures-section mb-4" aria-labelledby="measures-title" data-testid="measures-section">
      <Card.Header className="bg-white d-flex justify-content-between align-items-center">
        <h2 id="measures-title" className="h5 mb-0">
          <Button variant="link" className="p-0 text-decoration-none text-reset fw-semibold" aria-expanded={open} aria-controls="measures-body" onClick={() => setOpen(!open)}>
            {open ? <ChevronDown aria-hidden="true" className="me-2" /> : <ChevronRight aria-hidden="true" className="me-2 d-print-none" />}
            <FormattedMessage id="RESULTS.MEASURES.TITLE" />
          </Button>
        </h2>
        <div className="d-print-none">
          <DownloadButtons
            onCsv={() => dispatch(resultsActions.csvRequested({ table: 'measures' }))}
            onExcel={() => dispatch(resultsActions.excelRequested({ table: 'measures' }))}
          />
        </div>
      </Card.Header>
      <Collapse in={open}>
        <div id="measures-body" className="print-expanded">
          {shown && (
          <WideTable>
          <Table size="sm" bordered className="mb-0 measures-table align-middle" data-testid="measures-table">
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="RESULTS.MEASURES.ROW" />
                </th>
                <th scope="col" className={`text-end ${PHONE_TOTAL}`}>
                  <FormattedMessage id="RESULTS.MEASURES.TOTAL_COLUMN" />
                </th>
                {table.axes.map((a) => (
                  <th scope="col" key={a.id} className="text-end">
                    {a.text}
                  </th>
                ))}
                <th scope="col" className={`text-end ${TOTAL}`}>
                  <FormattedMessage id="RESULTS.MEASURES.TOTAL_COLUMN" />
                </th>
                {table.axes.map((a) => (
                  <th scope="col" key={a.id}>
                    {a.text} (%)
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <MeasuresRowView key={`${row.kind}-${i}`} row={row} table={table} />
              ))}
              {/* In the body, not a tfoot: print repeats a tfoot on every page. */}
              <MeasuresRowView row={table.total} table={table} />
            </tbody>
          </Table>
          </WideTable>
          )}
        </div>
      </Collapse>
    </Card>
  );
}
