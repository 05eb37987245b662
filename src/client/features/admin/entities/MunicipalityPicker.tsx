import { Form, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { FieldError } from '../FieldError.js';
import type { MunicipalityOption } from './entitiesSelectors.js';
import { useMunicipalityCombobox } from './municipalityCombobox.js';
import { ChosenMunicipalities, MunicipalityListbox } from './MunicipalityPickerParts.js';

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
  const combobox = useMunicipalityCombobox(options, value, onChange);
  const listId = `${id}-listbox`;
  const optionId = (munId: string) => `${id}-option-${munId}`;

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
          value={combobox.query}
          onChange={(event) => combobox.type(event.target.value)}
          onKeyDown={combobox.onKeyDown}
          onBlur={() => {
            combobox.clear();
            onBlur?.();
          }}
          isInvalid={!!error}
          aria-autocomplete="list"
          aria-expanded={combobox.open}
          aria-controls={listId}
          aria-activedescendant={combobox.activeResult ? optionId(combobox.activeResult.munId) : undefined}
          aria-describedby={`${id}-hint ${id}-error`}
        />
        {loading && (
          <Spinner
            animation="border"
            size="sm"
            className="position-absolute top-50 end-0 translate-middle"
            role="status"
            aria-label={intl.formatMessage({ id: 'APP.LOADING' })}
          />
        )}
        <MunicipalityListbox
          id={listId}
          open={combobox.open}
          results={combobox.results}
          active={combobox.active}
          value={value}
          optionId={optionId}
          onToggle={combobox.toggle}
        />
      </div>
      <Form.Text id={`${id}-hint`}>
        <FormattedMessage id="ENTITIES.CREATE.MUNICIPALITY_HINT" />
      </Form.Text>
      <FieldError id={`${id}-error`} error={error} />
      <ChosenMunicipalities value={value} byId={byId} onRemove={combobox.toggle} />
    </Form.Group>
  );
}
