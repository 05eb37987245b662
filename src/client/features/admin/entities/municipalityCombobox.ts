import { useDeferredValue, useMemo, useState, type KeyboardEvent } from 'react';
import { MUNICIPALITY_MIN_QUERY, searchMunicipalities } from './municipalitySearch.js';
import type { MunicipalityOption } from './entitiesSelectors.js';
import { foldText } from '../../../../shared/text.js';

/**
 * The combobox's text and its list: open from 3 characters, the highlighted option, and the keys (arrows
 * move, Enter picks or drops, Escape closes). `toggle` picks or drops a municipality and clears the text.
 */
export function useMunicipalityCombobox(options: readonly MunicipalityOption[], value: readonly string[], onChange: (value: string[]) => void) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const deferredQuery = useDeferredValue(query);
  const results = useMemo(() => searchMunicipalities(options, deferredQuery), [options, deferredQuery]);
  const open = foldText(query).length >= MUNICIPALITY_MIN_QUERY;
  const activeResult = open && results.length > 0 ? results[Math.min(active, results.length - 1)] : undefined;

  const toggle = (munId: string) => {
    onChange(value.includes(munId) ? value.filter((v) => v !== munId) : [...value, munId]);
    setQuery('');
  };
  const type = (text: string) => {
    setQuery(text);
    setActive(0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') setQuery('');
    if (!open || results.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      toggle(results[Math.min(active, results.length - 1)].munId);
    }
  };
  return { query, type, clear: () => setQuery(''), open, results, active, activeResult, toggle, onKeyDown };
}
