import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { ActiveLevel, MeasuresFigures, MeasuresRow, ReportBlock } from './reportModel.js';
import { campaignLabelMessage } from '../../i18n/labels.js';

/** A message id (and its values) to its text: intl.formatMessage on screen, messageFor(language) in the CSV export. */
export type Translate = (id: string, values?: Record<string, string | number>) => string;

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
    /** A level in legends, headings, series and CSV headers: a territory's mean says how many entities make it, 'Valencia (n = 2)'. */
    levelLabel: (level: Pick<ActiveLevel, 'label' | 'n'>) => (level.n === null ? level.label : t('RESULTS.LEVEL_WITH_SIZE', { name: level.label, n: level.n })),
    /** 'Campaña 2026' in the language. */
    campaign: (year: number) => t(campaignLabelMessage(year).id, campaignLabelMessage(year).values),
  };
}
export type ReportText = ReturnType<typeof reportText>;

/** reportText in the interface's language, for components. */
export function useReportText(): ReportText {
  const intl = useIntl();
  return useMemo(() => reportText((id, values) => intl.formatMessage({ id }, values)), [intl]);
}

/** The shown levels with their n in their labels ('Valencia (n = 2)'), for charts, tables and legends. */
export function useLabelledLevels(levels: readonly ActiveLevel[]): ActiveLevel[] {
  const text = useReportText();
  return useMemo(() => levels.map((l) => ({ ...l, label: text.levelLabel(l) })), [levels, text]);
}
