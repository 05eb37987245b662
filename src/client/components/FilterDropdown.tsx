import { useEffect, useMemo, useRef, useState, type FocusEvent, type ReactElement } from 'react';
import { Button, Dropdown, Form } from 'react-bootstrap';
import { useIntl } from 'react-intl';
import { DROPDOWN_COLLAPSED_OPTIONS, DROPDOWN_SEARCH_RESULTS, filterOptions, type SearchMode } from '../lib/search.js';

export type FilterValue = string | number;
export interface FilterOption<V extends FilterValue = FilterValue> {
  value: V;
  label: string;
}

interface CommonProps<V extends FilterValue> {
  /** Unique in the page; the ids of the toggle, the search box and the options derive from it. */
  id: string;
  /** The visible label, also the toggle's accessible name. */
  label: string;
  options: readonly FilterOption<V>[];
  searchable?: boolean;
  /** 'editDistance' for entity search: matches closest to the text first. Otherwise alphabetical. */
  searchMode?: SearchMode;
  /** Toggle text when nothing is selected; 'Todos' by default. */
  placeholder?: string;
  disabled?: boolean;
}
interface SingleProps<V extends FilterValue> extends CommonProps<V> {
  multiple?: false;
  value?: V | null;
  /** Called when the user clicks an option other than the current one. */
  onChange: (value: V) => void;
  selectAll?: never;
}
interface MultipleProps<V extends FilterValue> extends CommonProps<V> {
  multiple: true;
  value: readonly V[];
  /** Called once with the draft when the dropdown closes or on 'Aplicar', if the selection changed. */
  onChange: (value: V[]) => void;
  /** Adds a 'Seleccionar todo' checkbox. */
  selectAll?: boolean;
}
export type FilterDropdownProps<V extends FilterValue = FilterValue> = SingleProps<V> | MultipleProps<V>;

const sameSelection = (a: readonly FilterValue[], b: readonly FilterValue[]) => a.length === b.length && a.every((v) => b.includes(v));

// One signature per mode: TypeScript infers V (and types onChange) through each, not through the union.
/** A labelled filter dropdown (spec "Filter dropdowns"): single or multiple choice, search, 'Mostrar más'. */
export function FilterDropdown<V extends FilterValue>(props: MultipleProps<V>): ReactElement;
export function FilterDropdown<V extends FilterValue>(props: SingleProps<V>): ReactElement;
export function FilterDropdown<V extends FilterValue>(props: FilterDropdownProps<V>): ReactElement {
  const { id, label, options, multiple, searchable, searchMode = 'alphabetical', placeholder, disabled } = props;
  const intl = useIntl();
  const t = (key: string, values?: Record<string, number>) => intl.formatMessage({ id: `FILTER.${key}` }, values);
  const selected: readonly V[] = props.multiple ? props.value : props.value == null ? [] : [props.value];
  const [show, setShow] = useState(false);
  const [draft, setDraft] = useState<V[]>([]);
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState(false);
  // Escape, outside clicks and Tab can each report the close; the ref makes the draft apply once.
  const openRef = useRef(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const indexed = useMemo(() => options.map((option, index) => ({ ...option, index })), [options]);

  useEffect(() => {
    if (show) menuRef.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, [show]);

  const open = () => {
    openRef.current = true;
    setDraft([...selected]);
    setQuery('');
    setExpanded(false);
    setShow(true);
  };
  const close = () => {
    if (!openRef.current) return;
    openRef.current = false;
    setShow(false);
    if (props.multiple && !sameSelection(draft, props.value)) props.onChange(draft);
  };
  const choose = (value: V) => {
    close();
    if (!props.multiple && value !== props.value) props.onChange(value);
  };
  const closeOnFocusLeaving = (event: FocusEvent) => {
    if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) close();
  };

  const searching = searchable === true && query.trim() !== '';
  const listed = useMemo(() => {
    if (!show) return [];
    return searching ? filterOptions(indexed, query, { mode: searchMode, limit: DROPDOWN_SEARCH_RESULTS }) : filterOptions(indexed, '', { mode: searchMode });
  }, [show, searching, indexed, query, searchMode]);
  const collapsible = !searching && listed.length > DROPDOWN_COLLAPSED_OPTIONS;
  const visible = collapsible && !expanded ? listed.slice(0, DROPDOWN_COLLAPSED_OPTIONS) : listed;
  const allSelected = options.length > 0 && options.every((o) => draft.includes(o.value));
  const toggleValue = (value: V) => setDraft((d) => (d.includes(value) ? d.filter((v) => v !== value) : [...d, value]));

  const summary = (() => {
    if (!multiple) return options.find((o) => o.value === selected[0])?.label ?? placeholder ?? t('ALL');
    if (selected.length === 0) return placeholder ?? t('ALL');
    if (options.length > 0 && options.every((o) => selected.includes(o.value))) return t('ALL');
    return t('SELECTED', { count: selected.length });
  })();

  return (
    <Dropdown
      show={show}
      onToggle={(next) => (next ? open() : close())}
      autoClose={multiple ? 'outside' : true}
      onBlur={closeOnFocusLeaving}
      className="filter-dropdown"
    >
      {/* Not a <label for>: a click on it would count as an outside click and then reopen the menu. */}
      <div id={`${id}-label`} className="form-label small mb-1">
        {label}
      </div>
      <Dropdown.Toggle
        id={`${id}-toggle`}
        variant="outline-secondary"
        disabled={disabled}
        // The name holds the visible text too (label, then the choice), as speech input and WCAG 2.5.3 need.
        aria-labelledby={`${id}-label ${id}-summary`}
        className="d-flex align-items-center justify-content-between gap-2 w-100 text-start filter-dropdown-toggle"
        style={{ minWidth: '12rem' }}
      >
        <span id={`${id}-summary`} className="text-truncate">
          {summary}
        </span>
      </Dropdown.Toggle>
      <Dropdown.Menu ref={menuRef} className="p-2" style={{ minWidth: '16rem', maxHeight: '24rem', overflowY: 'auto' }}>
        {show && (
          <>
            {searchable && (
              <Form.Control
                type="text"
                role="searchbox"
                size="sm"
                className="mb-2"
                autoComplete="off"
                aria-label={t('SEARCH_PLACEHOLDER')}
                placeholder={t('SEARCH_PLACEHOLDER')}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            )}
            {multiple && props.selectAll && (
              <Form.Check
                id={`${id}-all`}
                className="mb-1 fw-semibold"
                label={t('SELECT_ALL')}
                checked={allSelected}
                onChange={() => setDraft(allSelected ? [] : options.map((o) => o.value))}
              />
            )}
            <div id={`${id}-options`} role="group" aria-labelledby={`${id}-label`}>
              {visible.length === 0 && <p className="text-body-secondary small mb-0 px-1">{t('NO_RESULTS')}</p>}
              {visible.map((option) =>
                multiple ? (
                  <Form.Check
                    key={option.index}
                    id={`${id}-option-${option.index}`}
                    label={option.label}
                    checked={draft.includes(option.value)}
                    onChange={() => toggleValue(option.value)}
                  />
                ) : (
                  <Dropdown.Item
                    key={option.index}
                    as="button"
                    type="button"
                    active={option.value === selected[0]}
                    aria-current={option.value === selected[0] || undefined}
                    onClick={() => choose(option.value)}
                  >
                    {option.label}
                  </Dropdown.Item>
                ),
              )}
            </div>
            {collapsible && (
              <Button variant="link" size="sm" className="px-1" aria-expanded={expanded} aria-controls={`${id}-options`} onClick={() => setExpanded((e) => !e)}>
                {t(expanded ? 'SHOW_LESS' : 'SHOW_MORE')}
              </Button>
            )}
            {multiple && (
              <div className="d-flex justify-content-end border-top pt-2 mt-2">
                <Button size="sm" onClick={close}>
                  {t('APPLY')}
                </Button>
              </div>
            )}
          </>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}
