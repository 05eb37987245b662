import type { ReactElement } from 'react';
import { Dropdown, Form } from 'react-bootstrap';
import { useIntl } from 'react-intl';
import type { SearchMode } from '../lib/search.js';
import { filterSummary, onMenuKeyDown, useDropdownState, useListedOptions, type FilterOption, type FilterValue } from './filterDropdownState.js';
import { ApplyButton, MenuSearch, MultipleOptions, ShowMoreButton, SingleOptions } from './FilterDropdownMenu.js';

export type { FilterOption, FilterValue };

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

// One signature per mode: TypeScript infers V (and types onChange) through each, not through the union.
/** A labelled filter dropdown (spec "Filter dropdowns"): single or multiple choice, search, 'Mostrar más'. */
export function FilterDropdown<V extends FilterValue>(props: MultipleProps<V>): ReactElement;
export function FilterDropdown<V extends FilterValue>(props: SingleProps<V>): ReactElement;
export function FilterDropdown<V extends FilterValue>(props: FilterDropdownProps<V>): ReactElement {
  const { id, label, options, searchable = false, searchMode = 'alphabetical', placeholder, disabled } = props;
  const multiple = props.multiple === true;
  const intl = useIntl();
  const t = (key: string, values?: Record<string, number>) => intl.formatMessage({ id: `FILTER.${key}` }, values);
  const selected: readonly V[] = props.multiple ? props.value : props.value == null ? [] : [props.value];
  const state = useDropdownState<V>({
    multiple,
    selected,
    onChosen: (value) => !props.multiple && props.onChange(value),
    onApplied: (value) => props.multiple && props.onChange(value),
  });
  const list = useListedOptions(options, state.show, searchable, searchMode);
  const allSelected = options.length > 0 && options.every((o) => state.draft.includes(o.value));
  const summary = filterSummary(options, selected, multiple, { placeholder, all: t('ALL'), selected: (count) => t('SELECTED', { count }) });
  const open = () => {
    list.reset();
    state.open();
  };

  return (
    <Dropdown
      show={state.show}
      onToggle={(next) => (next ? open() : state.close())}
      autoClose={multiple ? 'outside' : true}
      onBlur={state.closeOnFocusLeaving}
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
      {/* Focusable (tabIndex -1): a press on an option's text or the menu's padding keeps the focus inside, so
          the focus-leaving rule does not close the menu before the click ticks the option. */}
      <Dropdown.Menu
        ref={state.menuRef}
        tabIndex={-1}
        onKeyDown={onMenuKeyDown}
        className="p-2"
        style={{ minWidth: '16rem', maxHeight: '24rem', overflowY: 'auto' }}
      >
        {state.show && (
          <>
            {searchable && <MenuSearch query={list.query} onQuery={list.setQuery} t={t} />}
            {props.multiple && props.selectAll && (
              <Form.Check
                id={`${id}-all`}
                className="mb-1 fw-semibold"
                label={t('SELECT_ALL')}
                checked={allSelected}
                onChange={() => state.setDraft(allSelected ? [] : options.map((o) => o.value))}
              />
            )}
            <div id={`${id}-options`} role="group" aria-labelledby={`${id}-label`}>
              {list.visible.length === 0 && <p className="text-body-secondary small mb-0 px-1">{t('NO_RESULTS')}</p>}
              {multiple ? (
                <MultipleOptions id={id} visible={list.visible} draft={state.draft} onToggle={state.toggleValue} />
              ) : (
                <SingleOptions visible={list.visible} selected={selected[0]} onChoose={state.choose} />
              )}
            </div>
            {list.collapsible && <ShowMoreButton id={id} expanded={list.expanded} onToggle={() => list.setExpanded((e) => !e)} t={t} />}
            {multiple && <ApplyButton onApply={state.close} t={t} />}
          </>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}
