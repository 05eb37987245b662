import type { SizeBand } from './api/results.js';

/**
 * Figures and bands in words, as the client and the server's pages write them alike (each with its language's
 * formatter: react-intl in the client, @formatjs/intl on the server).
 */

/** What a missing figure shows (a territory without participants). */
export const DASH = '—';

/** What formatting needs of a language's formatter. */
export interface NumberFormatter {
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
}

/** A message id (and its values) to its text. */
export type Translate = (id: string, values?: Record<string, string | number>) => string;

const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

/** A fraction 0..1 as a percentage with one decimal: 0.4532 -> '45,3%' (spec: display rounded to 1 decimal). */
export function formatPercent(intl: NumberFormatter, fraction: number | null | undefined): string {
  return fraction == null ? DASH : `${intl.formatNumber(fraction * 100, oneDecimal)}%`;
}

/**
 * A size band in words, from its bounds: 'Entidades de hasta 5.000 habitantes' (from 1), 'Entidades de 5.001 a
 * 20.000 habitantes', 'Entidades de más de 100.000 habitantes' (no upper bound: more than its minimum less one).
 */
export function sizeBandName(t: Translate, { minPopulation: min, maxPopulation: max }: SizeBand): string {
  if (max === null) return min <= 1 ? t('RESULTS.SIZE_BAND.ANY') : t('RESULTS.SIZE_BAND.OVER', { min: min - 1 });
  return min <= 1 ? t('RESULTS.SIZE_BAND.UP_TO', { max }) : t('RESULTS.SIZE_BAND.BETWEEN', { min, max });
}
