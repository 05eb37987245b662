/** Folds text for comparison: no accents, lower case, single spaces ("  Ávila " -> "avila"). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
}
