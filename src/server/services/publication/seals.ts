/**
 * Seals, pure: whether an edition's thresholds can be set as given, and a seal's badge. Granting them is one
 * statement in the final publication's transaction (db/repositories/publication.ts grantSeals).
 */
import type { SealThreshold } from '../../../shared/api/publication.js';
import type { SealRow } from '../../db/repositories/publication.js';
import { escapeHtml } from './html.js';

/** Why thresholds cannot be set as given (each band once), or null. */
export function sealThresholdsProblem(thresholds: readonly SealThreshold[]): string | null {
  const bands = thresholds.map((t) => t.maxPopulation);
  if (new Set(bands).size !== bands.length) return 'each population band once';
  // As percentages are shown and compared (shown_percentage): 0.855 is 85.5 %; 0.8555 would show as one and count as another.
  const inTenths = (fraction: number) => Math.abs(fraction * 1000 - Math.round(fraction * 1000)) < 1e-6;
  return thresholds.every((t) => inTenths(t.minPercentage)) ? null : 'each percentage in tenths of a percent';
}

/** Thresholds by population, the band with no upper bound last (as stored and read). */
export const sortedThresholds = (thresholds: readonly SealThreshold[]): SealThreshold[] =>
  [...thresholds].sort((a, b) => (a.maxPopulation ?? Infinity) - (b.maxPopulation ?? Infinity));

const xml = escapeHtml;

/** At most n characters of a name, ending in '…' when cut (never in the middle of a character pair). */
function shortened(name: string, n: number): string {
  const characters = [...name];
  return characters.length <= n ? name : `${characters.slice(0, n - 1).join('')}…`;
}

/** A percentage (fraction 0..1) as Spain writes it, to one decimal: '87,3 %'. */
const spanishPercent = (fraction: number) =>
  `${new Intl.NumberFormat('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(fraction * 100)} %`;

/** The seal's badge, an SVG of its own (no script, no external reference): 'Sello 2026', the entity, its percentage. */
export function sealBadgeSvg(seal: Pick<SealRow, 'year' | 'entity' | 'percentage'>): string {
  const title = `Sello ${seal.year}`;
  const entity = xml(shortened(seal.entity, 34));
  const label = `${title}: ${xml(seal.entity)}, ${spanishPercent(seal.percentage)}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="260" height="96" viewBox="0 0 260 96" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    '<rect x="1" y="1" width="258" height="94" rx="12" fill="#0b5ed7" stroke="#084298" stroke-width="2"/>',
    `<text x="130" y="34" text-anchor="middle" font-family="Verdana, Arial, sans-serif" font-size="20" font-weight="bold" fill="#ffffff">${title}</text>`,
    `<text x="130" y="58" text-anchor="middle" font-family="Verdana, Arial, sans-serif" font-size="12" fill="#ffffff">${entity}</text>`,
    `<text x="130" y="80" text-anchor="middle" font-family="Verdana, Arial, sans-serif" font-size="14" fill="#ffffff">${spanishPercent(seal.percentage)}</text>`,
    '</svg>',
  ].join('');
}
