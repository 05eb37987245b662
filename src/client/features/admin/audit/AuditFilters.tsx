import { Button, Form } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import { FilterDropdown, type FilterOption, type FilterValue } from '../../../components/FilterDropdown.js';
import type { SearchMode } from '../../../lib/search.js';
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
  const actors = useAppSelector(selectAuditActorOptions);
  const entities = useAppSelector(selectAuditEntityOptions);
  const actions = AUDIT_ACTION_OPTIONS.map((a) => ({ value: a.value, label: intl.formatMessage({ id: a.message }) }));
  const change = (patch: Parameters<typeof auditActions.filtersChanged>[0]) => dispatch(auditActions.filtersChanged(patch));
  /** A single-choice filter headed by 'Todos', the value (`none`) that clears it. */
  const choice = <V extends FilterValue>(field: 'actor' | 'entity' | 'action', label: string, none: V, options: FilterOption<V>[], searchMode?: SearchMode) => (
    <FilterDropdown
      id={`audit-${field}`}
      label={intl.formatMessage({ id: label })}
      options={[{ value: none, label: any }, ...options]}
      value={(filters[field] as V | null) ?? none}
      searchable
      searchMode={searchMode}
      onChange={(v) => change({ [field]: v === none ? null : v })}
    />
  );
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
      {choice('actor', 'AUDIT.FILTER.ACTOR', ANY, actors)}
      {choice('entity', 'AUDIT.FILTER.ENTITY', ANY, entities, 'editDistance')}
      {choice('action', 'AUDIT.FILTER.ACTION', ANY_ACTION, actions)}
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
