import { useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { DROPDOWN_COLLAPSED_OPTIONS, DROPDOWN_SEARCH_RESULTS, filterOptions, type SearchMode } from '../lib/search.js';

export type FilterValue = string | number;
export interface FilterOption<V extends FilterValue = FilterValue> {
  value: V;
  label: string;
}
/** An option with its place in the caller's list: the key and id of its row. */
export type IndexedOption<V extends FilterValue> = FilterOption<V> & { index: number };

const sameSelection = (a: readonly FilterValue[], b: readonly FilterValue[]) => a.length === b.length && a.every((v) => b.includes(v));

/** What the dropdown's state hook needs from its props. */
export interface DropdownStateInput<V extends FilterValue> {
  multiple: boolean;
  /** The applied selection (one value or none for single choice). */
  selected: readonly V[];
  /** Single choice: a click on another option. Multiple choice: the draft, when the menu closes changed. */
  onChosen: (value: V) => void;
  onApplied: (value: V[]) => void;
}

/**
 * Open/closed, the draft of a multiple choice and its apply-once-on-close rule. Escape, outside clicks
 * and Tab can each report the close; the ref makes the draft apply once.
 */
export function useDropdownState<V extends FilterValue>({ multiple, selected, onChosen, onApplied }: DropdownStateInput<V>) {
  const [show, setShow] = useState(false);
  const [draft, setDraft] = useState<V[]>([]);
  const openRef = useRef(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (show) menuRef.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, [show]);

  const open = () => {
    openRef.current = true;
    setDraft([...selected]);
    setShow(true);
  };
  const close = () => {
    if (!openRef.current) return;
    openRef.current = false;
    setShow(false);
    if (multiple && !sameSelection(draft, selected)) onApplied(draft);
  };
  const choose = (value: V) => {
    close();
    if (!multiple && value !== selected[0]) onChosen(value);
  };
  const closeOnFocusLeaving = (event: FocusEvent) => {
    if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) close();
  };
  const toggleValue = (value: V) => setDraft((d) => (d.includes(value) ? d.filter((v) => v !== value) : [...d, value]));
  return { show, draft, setDraft, menuRef, open, close, choose, closeOnFocusLeaving, toggleValue };
}

/**
 * The menu's keys beside the native ones (Space ticks a checkbox, Tab walks): Enter ticks a checkbox too,
 * the arrows move between the checkboxes, and down from the search box to the first option.
 */
export function onMenuKeyDown(event: KeyboardEvent<HTMLElement>) {
  const target = event.target;
  if (!(target instanceof HTMLInputElement)) return;
  const boxes = [...event.currentTarget.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
  const at = boxes.indexOf(target);
  const searchBox = target.getAttribute('role') === 'searchbox';
  if (at >= 0 && event.key === 'Enter') {
    event.preventDefault();
    target.click();
    return;
  }
  let next: HTMLElement | null | undefined;
  if (searchBox && event.key === 'ArrowDown') next = event.currentTarget.querySelector<HTMLElement>('input[type="checkbox"], .dropdown-item');
  else if (at >= 0 && event.key === 'ArrowDown') next = boxes[Math.min(at + 1, boxes.length - 1)];
  else if (at >= 0 && event.key === 'ArrowUp') next = at > 0 ? boxes[at - 1] : event.currentTarget.querySelector<HTMLElement>('[role="searchbox"]');
  else return;
  event.preventDefault();
  next?.focus();
}

/** The options on screen: the search's best matches, or all of them sorted, cut to the first few until 'Mostrar más'. */
export function useListedOptions<V extends FilterValue>(options: readonly FilterOption<V>[], show: boolean, searchable: boolean, searchMode: SearchMode) {
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState(false);
  const indexed = useMemo(() => options.map((option, index) => ({ ...option, index })), [options]);
  const searching = searchable && query.trim() !== '';
  const listed = useMemo(() => {
    if (!show) return [];
    return searching ? filterOptions(indexed, query, { mode: searchMode, limit: DROPDOWN_SEARCH_RESULTS }) : filterOptions(indexed, '', { mode: searchMode });
  }, [show, searching, indexed, query, searchMode]);
  const collapsible = !searching && listed.length > DROPDOWN_COLLAPSED_OPTIONS;
  const visible: IndexedOption<V>[] = collapsible && !expanded ? listed.slice(0, DROPDOWN_COLLAPSED_OPTIONS) : listed;
  /** A fresh menu: no search, collapsed. */
  const reset = () => {
    setQuery('');
    setExpanded(false);
  };
  return { query, setQuery, expanded, setExpanded, collapsible, visible, reset };
}

/** The toggle's text: the chosen option, 'Todos', or 'n seleccionados'. */
export function filterSummary<V extends FilterValue>(
  options: readonly FilterOption<V>[],
  selected: readonly V[],
  multiple: boolean,
  texts: { placeholder?: string; all: string; selected: (count: number) => string },
): string {
  if (!multiple) return options.find((o) => o.value === selected[0])?.label ?? texts.placeholder ?? texts.all;
  if (selected.length === 0) return texts.placeholder ?? texts.all;
  if (options.length > 0 && options.every((o) => selected.includes(o.value))) return texts.all;
  return texts.selected(selected.length);
}
