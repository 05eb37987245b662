import { Button, Form } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import { FilterDropdown } from '../../../components/FilterDropdown.js';
import { auditActions } from './auditSlice.js';
import { AUDIT_ACTION_OPTIONS, selectAuditActorOptions, selectAuditEntityOptions, selectAuditFilters, selectAuditRangeInvalid } from './auditSelectors.js';

/** 'Todos' in a single-choice filter: the value that clears it. */
const ANY = 0;
const ANY_ACTION = '';

/** The log's filters: user, entity, action and the Madrid dates from and to; each change reloads the first page. */
export function AuditFilters() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectAuditFilters);
  const rangeInvalid = useAppSelector(selectAuditRangeInvalid);
  const any = intl.formatMessage({ id: 'AUDIT.FILTER.ANY' });
  const actors = [{ value: ANY, label: any }, ...useAppSelector(selectAuditActorOptions)];
  const entities = [{ value: ANY, label: any }, ...useAppSelector(selectAuditEntityOptions)];
  const actions = [{ value: ANY_ACTION, label: any }, ...AUDIT_ACTION_OPTIONS.map((a) => ({ value: a.value, label: intl.formatMessage({ id: a.message }) }))];
  const change = (patch: Parameters<typeof auditActions.filtersChanged>[0]) => dispatch(auditActions.filtersChanged(patch));
  const date = (field: 'from' | 'to', label: string) => (
    <Form.Group controlId={`audit-${field}`} className="audit-date">
      <Form.Label className="small mb-1">
        <FormattedMessage id={label} />
      </Form.Label>
      <Form.Control type="date" value={filters[field] ?? ''} isInvalid={rangeInvalid} onChange={(e) => change({ [field]: e.target.value || null })} />
    </Form.Group>
  );
  return (
    <form
      role="search"
      aria-label={intl.formatMessage({ id: 'AUDIT.FILTERS' })}
      className="d-flex flex-wrap align-items-end gap-2 mb-3"
      onSubmit={(e) => e.preventDefault()}
    >
      <FilterDropdown
        id="audit-actor"
        label={intl.formatMessage({ id: 'AUDIT.FILTER.ACTOR' })}
        options={actors}
        value={filters.actor ?? ANY}
        searchable
        onChange={(v) => change({ actor: v === ANY ? null : v })}
      />
      <FilterDropdown
        id="audit-entity"
        label={intl.formatMessage({ id: 'AUDIT.FILTER.ENTITY' })}
        options={entities}
        value={filters.entity ?? ANY}
        searchable
        searchMode="editDistance"
        onChange={(v) => change({ entity: v === ANY ? null : v })}
      />
      <FilterDropdown
        id="audit-action"
        label={intl.formatMessage({ id: 'AUDIT.FILTER.ACTION' })}
        options={actions}
        value={filters.action ?? ANY_ACTION}
        searchable
        onChange={(v) => change({ action: v || null })}
      />
      {date('from', 'AUDIT.FILTER.FROM')}
      {date('to', 'AUDIT.FILTER.TO')}
      <Button variant="outline-secondary" onClick={() => dispatch(auditActions.filtersCleared())}>
        <FormattedMessage id="AUDIT.FILTER.CLEAR" />
      </Button>
      {rangeInvalid && (
        <p className="text-danger small w-100 mb-0" role="alert">
          <FormattedMessage id="AUDIT.FILTER.INVALID_RANGE" />
        </p>
      )}
    </form>
  );
}
