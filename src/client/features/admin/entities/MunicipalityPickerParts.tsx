import { FormattedMessage, useIntl } from 'react-intl';
import type { MunicipalityOption } from './entitiesSelectors.js';

/** The listbox under the combobox: the matches, each with its province and a tick when chosen. */
export function MunicipalityListbox(props: {
  id: string;
  open: boolean;
  results: readonly MunicipalityOption[];
  active: number;
  value: readonly string[];
  optionId: (munId: string) => string;
  onToggle: (munId: string) => void;
}) {
  const { id, open, results, active, value, optionId, onToggle } = props;
  const intl = useIntl();
  return (
    <ul
      id={id}
      role="listbox"
      aria-multiselectable="true"
      aria-label={intl.formatMessage({ id: 'ENTITIES.CREATE.MUNICIPALITIES' })}
      className={`dropdown-menu w-100${open ? ' show' : ''}`}
    >
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
            onClick={() => onToggle(m.munId)}
          >
            <span>
              {value.includes(m.munId) && <span aria-hidden="true">✓ </span>}
              {m.name}
            </span>{' '}
            <span className={index === active ? '' : 'text-body-secondary'}>{m.province}</span>
          </li>
        ))}
    </ul>
  );
}

/** The chosen municipalities as badges, each with a button that takes it out. */
export function ChosenMunicipalities({
  value,
  byId,
  onRemove,
}: {
  value: readonly string[];
  byId: ReadonlyMap<string, MunicipalityOption>;
  onRemove: (munId: string) => void;
}) {
  const intl = useIntl();
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0" aria-label={intl.formatMessage({ id: 'ENTITIES.CREATE.SELECTED' }, { count: value.length })}>
      {value.map((munId) => {
        const m = byId.get(munId);
        const name = m ? `${m.name} (${m.province})` : munId;
        return (
          <li key={munId} className="badge text-bg-light border d-inline-flex align-items-center gap-2 fw-normal fs-6">
            {name}
            <button
              type="button"
              className="btn-close"
              style={{ fontSize: '0.6rem' }}
              aria-label={intl.formatMessage({ id: 'ENTITIES.CREATE.REMOVE_MUNICIPALITY' }, { name })}
              onClick={() => onRemove(munId)}
            />
          </li>
        );
      })}
    </ul>
  );
}
