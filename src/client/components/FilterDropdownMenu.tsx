import { Button, Dropdown, Form } from 'react-bootstrap';
import type { FilterValue, IndexedOption } from './filterDropdownState.js';

/** The menu's text in the active language. */
export type FilterTexts = (key: string, values?: Record<string, number>) => string;

/** Multiple choice: a checkbox per option, ticking the draft (applied when the menu closes); its label fills the row, so the whole row ticks. */
export function MultipleOptions<V extends FilterValue>({
  id,
  visible,
  draft,
  onToggle,
}: {
  id: string;
  visible: IndexedOption<V>[];
  draft: readonly V[];
  onToggle: (value: V) => void;
}) {
  return visible.map((option) => (
    <Form.Check key={option.index} id={`${id}-option-${option.index}`}>
      <Form.Check.Input checked={draft.includes(option.value)} onChange={() => onToggle(option.value)} />
      <Form.Check.Label className="d-block" style={{ cursor: 'pointer' }}>
        {option.label}
      </Form.Check.Label>
    </Form.Check>
  ));
}

/** Single choice: a menu item per option; a click chooses it and closes the menu. */
export function SingleOptions<V extends FilterValue>({
  visible,
  selected,
  onChoose,
}: {
  visible: IndexedOption<V>[];
  selected: V | undefined;
  onChoose: (value: V) => void;
}) {
  return visible.map((option) => (
    <Dropdown.Item
      key={option.index}
      as="button"
      type="button"
      active={option.value === selected}
      aria-current={option.value === selected || undefined}
      onClick={() => onChoose(option.value)}
    >
      {option.label}
    </Dropdown.Item>
  ));
}

/** The search box at the top of the menu. */
export function MenuSearch({ query, onQuery, t }: { query: string; onQuery: (query: string) => void; t: FilterTexts }) {
  return (
    <Form.Control
      type="text"
      role="searchbox"
      size="sm"
      className="mb-2"
      autoComplete="off"
      aria-label={t('SEARCH_PLACEHOLDER')}
      placeholder={t('SEARCH_PLACEHOLDER')}
      value={query}
      onChange={(event) => onQuery(event.target.value)}
    />
  );
}

/** 'Mostrar más' / 'Mostrar menos' under a long list. */
export function ShowMoreButton({ id, expanded, onToggle, t }: { id: string; expanded: boolean; onToggle: () => void; t: FilterTexts }) {
  return (
    <Button variant="link" size="sm" className="px-1" aria-expanded={expanded} aria-controls={`${id}-options`} onClick={onToggle}>
      {t(expanded ? 'SHOW_LESS' : 'SHOW_MORE')}
    </Button>
  );
}

/** 'Aplicar' at the foot of a multiple choice: closes the menu, which applies the draft. */
export function ApplyButton({ onApply, t }: { onApply: () => void; t: FilterTexts }) {
  return (
    <div className="d-flex justify-content-end border-top pt-2 mt-2">
      <Button size="sm" onClick={onApply}>
        {t('APPLY')}
      </Button>
    </div>
  );
}
