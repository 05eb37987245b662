import { useIntl } from 'react-intl';
import type { MeasuresFigures, MeasuresRow, ReportBlock } from './reportModel.js';

/** A message id to its text: intl.formatMessage on screen, messageFor(language) in the CSV export. */
export type Translate = (id: string) => string;

/**
 * The interface's words the report model leaves out, in one language: the one place where a block, a TOTAL
 * row or a measures row gets its label, for the screen and the CSV alike.
 */
export function reportText(t: Translate) {
  return {
    /** An axis block is named after its axis; the global block is 'Resultado global'. */
    blockTitle: (block: ReportBlock) => block.axisText ?? t('RESULTS.GLOBAL.TITLE'),
    /** The last row of a comparison table. */
    blockTotal: t('RESULTS.TABLE.TOTAL'),
    /** A policy or measure by its name; the last row 'Total general'. */
    measuresRowText: (row: MeasuresRow | MeasuresFigures) => ('text' in row ? row.text : t('RESULTS.MEASURES.TOTAL')),
  };
}
export type ReportText = ReturnType<typeof reportText>;

/** reportText in the interface's language, for components. */
export function useReportText(): ReportText {
  const intl = useIntl();
  return reportText((id) => intl.formatMessage({ id }));
}
