import { foldText } from '../../shared/text.js';

/** How a filter dropdown orders its options: by name, or (entity search) by closeness to the search text. */
export type SearchMode = 'alphabetical' | 'editDistance';

/** Spec section 9: a dropdown shows 5 options collapsed and at most 10 search results. */
export const DROPDOWN_COLLAPSED_OPTIONS = 5;
export const DROPDOWN_SEARCH_RESULTS = 10;

/** Whether `text` contains `query`, ignoring accents, case and extra spaces; an empty query matches everything. */
export function matchesSearch(text: string, query: string): boolean {
  return foldText(text).includes(foldText(query));
}

/** The Levenshtein distance: the fewest single-character insertions, deletions or substitutions from a to b. */
export function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length];
}

/** Removes a trailing " - (Province)" from an entity name: "Alzira - (Valencia/València)" -> "Alzira". */
export function stripProvinceSuffix(text: string): string {
  return text.replace(/\s+-\s+\([^()]*\)\s*$/, '');
}

// Same order as localeCompare(b, 'es', { sensitivity: 'base' }), without building a collator per comparison:
// entity lists have thousands of names, and each localeCompare with a locale costs as much as a small render
// (the results page's province map sorted its 52 provinces in 37 ms while Lighthouse traced it). Built at the
// first comparison, not when the app's modules are evaluated: building it takes 10 to 15 ms.
let spanish: Intl.Collator | undefined;

/** Spanish alphabetical order of two texts, ignoring accents and case: the one order of names in the client. */
export function compareSpanish(a: string, b: string): number {
  spanish ??= new Intl.Collator('es', { sensitivity: 'base' });
  return spanish.compare(a, b);
}

/** Spanish alphabetical order of options by their labels. */
export function compareAlphabetically(a: { label: string }, b: { label: string }): number {
  return compareSpanish(a.label, b.label);
}

/** Orders options by edit distance between the folded query and each folded name without its province. */
export function rankByEditDistance<T extends { label: string }>(options: readonly T[], query: string): T[] {
  const folded = foldText(query);
  const ranked = options.map((option) => ({ option, distance: levenshtein(folded, foldText(stripProvinceSuffix(option.label))) }));
  ranked.sort((a, b) => a.distance - b.distance || compareAlphabetically(a.option, b.option));
  return ranked.map(({ option }) => option);
}

/**
 * The options a filter dropdown lists for a search text: those containing it (accent- and case-insensitive),
 * ordered alphabetically, or by edit distance in 'editDistance' mode when there is a query, and cut to `limit`.
 */
export function filterOptions<T extends { label: string }>(
  options: readonly T[],
  query: string,
  { mode = 'alphabetical', limit = Infinity }: { mode?: SearchMode; limit?: number } = {},
): T[] {
  const matches = options.filter((option) => matchesSearch(option.label, query));
  const sorted = mode === 'editDistance' && foldText(query) !== '' ? rankByEditDistance(matches, query) : matches.sort(compareAlphabetically);
  return sorted.slice(0, limit);
}
