import { foldText } from '../../../../shared/text.js';
import { DROPDOWN_SEARCH_RESULTS } from '../../../lib/search.js';
import type { MunicipalityOption } from './entitiesSelectors.js';

/** The municipality search starts at 3 characters (spec: 'Escribe al menos 3 caracteres...'). */
export const MUNICIPALITY_MIN_QUERY = 3;

const WORD_START = /[\s\-'(/]/;

/**
 * Municipalities whose folded name contains the folded query, best first: names that start with it, then
 * names with a word that starts with it, then the rest, each in Spanish order; at most `limit`. One pass
 * over the pre-folded keys, so typing stays instant over Spain's 8,000+ municipalities.
 */
export function searchMunicipalities(options: readonly MunicipalityOption[], query: string, limit = DROPDOWN_SEARCH_RESULTS): MunicipalityOption[] {
  const folded = foldText(query);
  if (folded.length < MUNICIPALITY_MIN_QUERY) return [];
  const tiers: MunicipalityOption[][] = [[], [], []];
  for (const option of options) {
    const at = option.key.indexOf(folded);
    if (at < 0) continue;
    const tier = at === 0 ? 0 : WORD_START.test(option.key[at - 1]) ? 1 : 2;
    // Options come in order, so a full tier above the others can stop growing.
    if (tiers[tier].length < limit) tiers[tier].push(option);
  }
  return tiers.flat().slice(0, limit);
}
