import { useDeferredValue, useMemo, useState, type KeyboardEvent } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { FieldError } from '../FieldError.js';
import { MUNICIPALITY_MIN_QUERY, searchMunicipalities } from './municipalitySearch.js';
import type { MunicipalityOption } from './entitiesSelectors.js';
import { foldText } from '../../../../shared/text.js';

export interface MunicipalityPickerProps {
  id: string;
  /** Every municipality, pre-folded (selectMunicipalityIndex). */
  options: readonly MunicipalityOption[];
  byId: ReadonlyMap<string, MunicipalityOption>;
  value: readonly string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  loading?: boolean;
  /** A validation message id, shown when set. */
  error?: string;
}

/**
 * A multi-select over Spain's municipalities (ARIA combobox with a listbox): it searches from 3 characters and
 * lists at most 10, each with its province; the chosen ones show below with a button to take each out.
 * Arrow keys move through the list, Enter picks or drops, Escape closes.
 */
export function MunicipalityPicker({ id, options, byId, value, onChange, onBlur, loading, error }: MunicipalityPickerProps) {
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const deferredQuery = useDeferredValue(query);
  const results = useMemo(() => searchMunicipalities(options, deferredQuery), [options, deferredQuery]);
  const searching = foldText(query).length >= MUNICIPALITY_MIN_QUERY;
  const open = searching;
  const listId = `${id}-listbox`;
  const optionId = (munId: string) => `${id}-option-${munId}`;

  const toggle = (munId: string) => {
    onChange(value.includes(munId) ? value.filter((v) => v !== munId) : [...value, munId]);
    setQuery('');
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

  return (
    <Form.Group className="mb-3 municipality-picker" controlId={id}>
      <Form.Label>
        <FormattedMessage id="ENTITIES.CREATE.MUNICIPALITIES" />
      </Form.Label>
      <div className="position-relative">
        <Form.Control
          type="text"
          role="combobox"
          autoComplete="off"
          disabled={loading}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setQuery('');
            onBlur?.();
          }}
          isInvalid={!!error}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && results.length > 0 ? optionId(results[Math.min(active, results.length - 1)].munId) : undefined}
          aria-describedby={`${id}-hint ${id}-error`}
        />
        {loading && <Spinner animation="border" size="sm" className="position-absolute top-50 end-0 translate-middle" role="status" aria-label={intl.formatMessage({ id: 'APP.LOADING' })} />}
        <ul id={listId} role="listbox" aria-multiselectable="true" aria-label={intl.formatMessage({ id: 'ENTITIES.CREATE.MUNICIPALITIES' })} className={`dropdown-menu w-100${open ? ' show' : ''}`}>
          {open && results.length === 0 && (
            <li className="dropdown-item-text text-body-secondary small">
              <FormattedMessage id="ENTITIES.CREATE.NO_MATCH" />
            </li>
          )}
          {open &&
            results.map((m, index) => (
              <li
                key={m.munId}
                id={optionId(m.munId)}
                role="option"
                aria-selected={value.includes(m.munId)}
                className={`dropdown-item d-flex justify-content-between gap-3${index === active ? ' active' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => toggle(m.munId)}
              >
                <span>
                  {value.includes(m.munId) && <span aria-hidden="true">✓ </span>}
                  {m.name}
                </span>{' '}
                <span className={index === active ? '' : 'text-body-secondary'}>{m.province}</span>
              </li>
            ))}
        </ul>
      </div>
      <Form.Text id={`${id}-hint`}>
        <FormattedMessage id="ENTITIES.CREATE.MUNICIPALITY_HINT" />
      </Form.Text>
      <FieldError id={`${id}-error`} error={error} />
      <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0" aria-label={intl.formatMessage({ id: 'ENTITIES.CREATE.SELECTED' }, { count: value.length })}>
        {value.map((munId) => {
          const m = byId.get(munId);
          const name = m ? `${m.name} (${m.province})` : munId;
          return (
            <li key={munId} className="badge text-bg-light border d-inline-flex align-items-center gap-2 fw-normal fs-6">
              {name}
              <button type="button" className="btn-close" style={{ fontSize: '0.6rem' }} aria-label={intl.formatMessage({ id: 'ENTITIES.CREATE.REMOVE_MUNICIPALITY' }, { name })} onClick={() => toggle(munId)} />
            </li>
          );
        })}
      </ul>
    </Form.Group>
  );
}
