import { useState } from 'react';
import { Card, Collapse, Table } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../app/hooks.js';
import { CheckCircleFill, ExclamationTriangleFill, XCircleFill } from '../../components/icons.js';
import { CollapsibleHeading } from '../../components/CollapsibleHeading.js';
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

/**
 * A policy's or a measure's row, or (without a kind) the 'Total general' row: its points and its percentage, one
 * column each (a row has figures in one axis only); a policy names its axis under its name.
 */
function MeasuresRowView({ row, axisText }: { row: MeasuresRow | MeasuresFigures; axisText: string | null }) {
  const intl = useIntl();
  const text = useReportText();
  const kind = 'kind' in row ? row.kind : 'total';
  return (
    <tr className={`measures-${kind}${kind === 'total' ? ' fw-semibold' : ''}`}>
      <th scope="row" className={kind === 'measure' ? 'fw-normal ps-4' : undefined}>
        {text.measuresRowText(row)}
        {kind === 'policy' && axisText && <span className="measures-axis d-block small fw-normal text-body-secondary">{axisText}</span>}
      </th>
      {row.percentage === null ? (
        // Answered wholly 'No aplica': neither points nor a percentage.
        <td colSpan={2} className="text-body-secondary">
          {text.notApplicable}
        </td>
      ) : (
        <>
          <td className="text-end text-nowrap">{formatPoints(intl, row.total)}</td>
          <td className="text-nowrap">
            <GradedPercent fraction={row.percentage} />
          </td>
        </>
      )}
    </tr>
  );
}

/** The detail-by-measures table: collapsible on screen, always expanded on paper. */
export function MeasuresSection({ table }: { table: MeasuresTable }) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  // Laid out only when opened or printed: closed, its hundreds of cells would only slow the page down.
  const shown = useShownWhenOpen(open);
  const axisTexts = new Map(table.axes.map((a) => [a.id, a.text]));
  return (
    <Card as="section" className="report-block measures-section mb-4" aria-labelledby="measures-title" data-testid="measures-section">
      <Card.Header className="bg-white d-flex justify-content-between align-items-center">
        <CollapsibleHeading id="measures" open={open} onToggle={() => setOpen(!open)} printsOpen>
          <FormattedMessage id="RESULTS.MEASURES.TITLE" />
        </CollapsibleHeading>
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
            <div className="measures-box p-2 p-md-3">
              <Table size="sm" bordered className="mb-0 measures-table align-middle" data-testid="measures-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <FormattedMessage id="RESULTS.MEASURES.ROW" />
                    </th>
                    <th scope="col" className="text-end">
                      <FormattedMessage id="RESULTS.MEASURES.POINTS_COLUMN" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="RESULTS.MEASURES.PERCENT_COLUMN" />
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row, i) => (
                    <MeasuresRowView key={`${row.kind}-${i}`} row={row} axisText={(row.axisId && axisTexts.get(row.axisId)) ?? null} />
                  ))}
                  {/* In the body, not a tfoot: print repeats a tfoot on every page. */}
                  <MeasuresRowView row={table.total} axisText={null} />
                </tbody>
              </Table>
            </div>
          )}
        </div>
      </Collapse>
    </Card>
  );
}
