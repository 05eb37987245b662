import { useField } from 'formik';
import { Form, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { FilterDropdown, type FilterOption } from '../../../components/FilterDropdown.js';
import { FieldError } from '../FieldError.js';
import { ROLES, type Role } from '../../../../shared/roles.js';

/** The role select: only the roles the creator may give, with a 'Selecciona un rol' choice when there are several. */
export function RoleField({ roles }: { roles: readonly { role: Role; value: number }[] }) {
  const intl = useIntl();
  const [field, meta, helpers] = useField<number | ''>('role');
  const invalid = meta.touched && !!meta.error;
  return (
    <Form.Group className="mb-3" controlId="user-role">
      <Form.Label>
        <FormattedMessage id="USERS.CREATE.ROLE" />
      </Form.Label>
      <Form.Select
        name={field.name}
        value={field.value}
        onChange={(e) => void helpers.setValue(e.target.value === '' ? '' : Number(e.target.value))}
        onBlur={field.onBlur}
        isInvalid={invalid}
        aria-describedby="user-role-error"
      >
        {roles.length !== 1 && <option value="">{intl.formatMessage({ id: 'USERS.CREATE.ROLE_PLACEHOLDER' })}</option>}
        {roles.map(({ role, value }) => (
          <option key={role} value={value}>
            {intl.formatMessage({ id: `ROLES.${role}` })}
          </option>
        ))}
      </Form.Select>
      <FieldError id="user-role-error" error={invalid ? meta.error : undefined} />
    </Form.Group>
  );
}

/** The entities multi-select (searched by closeness, as the new-campaign dialog), with the chosen names below. */
export function EntitiesField({ options, loading }: { options: readonly FilterOption<number>[]; loading: boolean }) {
  const intl = useIntl();
  const [field, meta, helpers] = useField<number[]>('entities');
  const [role] = useField<number | ''>('role');
  const invalid = meta.touched && !!meta.error;
  const chosen = options.filter((o) => field.value.includes(o.value));
  const optional = role.value !== '' && role.value !== ROLES.USER;
  return (
    <div className="mb-3">
      {loading ? (
        <Spinner animation="border" size="sm" role="status" aria-label={intl.formatMessage({ id: 'APP.LOADING' })} />
      ) : (
        <FilterDropdown
          id="user-entities"
          label={intl.formatMessage({ id: 'USERS.CREATE.ENTITIES' })}
          options={options}
          multiple
          searchable
          searchMode="editDistance"
          placeholder={intl.formatMessage({ id: 'USERS.CREATE.ENTITIES_PLACEHOLDER' })}
          value={field.value}
          onChange={(value) => {
            void helpers.setValue(value);
            void helpers.setTouched(true, false);
          }}
        />
      )}
      {chosen.length > 0 && (
        <ul className="list-unstyled small mt-2 mb-0" aria-label={intl.formatMessage({ id: 'USERS.CREATE.CHOSEN_ENTITIES' })}>
          {chosen.map((o) => (
            <li key={o.value}>{o.label}</li>
          ))}
        </ul>
      )}
      {optional && (
        <p className="form-text mb-0">
          <FormattedMessage id="USERS.CREATE.ENTITIES_OPTIONAL" />
        </p>
      )}
      <FieldError id="user-entities-error" error={invalid ? meta.error : undefined} />
    </div>
  );
}
