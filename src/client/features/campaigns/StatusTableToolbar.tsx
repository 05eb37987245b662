import { Button, Form } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks.js';
import { FilterDropdown } from '../../components/FilterDropdown.js';
import { SearchBox } from '../../components/SearchBox.js';
import type { CampaignStatus } from '../../../shared/api/campaigns.js';
import { CommunityFilter } from './CampaignTableToolbar.js';
import { selectStatusEditions } from './campaignsSelectors.js';
import { STATUS_PAGE_SIZES, STATUS_SORT_KEYS, type StatusSortKey, type StatusView } from './campaignsView.js';

const STATUSES: readonly CampaignStatus[] = ['created', 'draft', 'sent'];

/** Each sortable column's heading. */
export const SORT_COLUMN_MESSAGES: Record<StatusSortKey, string> = {
  entity: 'CAMPAIGNS.COLUMN.ENTITY',
  province: 'CAMPAIGNS.COLUMN.PROVINCE',
  community: 'CAMPAIGNS.COLUMN.COMMUNITY',
  edition: 'CAMPAIGNS.COLUMN.EDITION',
  status: 'CAMPAIGNS.COLUMN.STATUS',
  startDate: 'CAMPAIGNS.COLUMN.FIRST_ANSWER',
  endDate: 'CAMPAIGNS.COLUMN.SENT_DATE',
  deadline: 'CAMPAIGNS.COLUMN.DEADLINE',
};

type Change = (patch: Partial<StatusView>) => void;

/** A sortable column's heading: a button that sorts by it, and flips the direction when it already does. */
export function SortHeading({ column, view, onChange }: { column: StatusSortKey; view: StatusView; onChange: Change }) {
  const active = view.sortBy === column;
  return (
    <th scope="col" className="sort-heading" aria-sort={active ? (view.sortDescending ? 'descending' : 'ascending') : 'none'}>
      <Button
        variant="link"
        className="p-0 text-decoration-none fw-semibold text-start"
        onClick={() => onChange(active ? { sortDescending: !view.sortDescending } : { sortBy: column, sortDescending: false })}
      >
        {/* 'Ordenar por …' for a screen reader, so that the button is not taken for the filter of the same name. */}
        <span className="visually-hidden">
          <FormattedMessage id="CAMPAIGNS.SORT_BY" />{' '}
        </span>
        <FormattedMessage id={SORT_COLUMN_MESSAGES[column]} /> <span aria-hidden="true">{active ? (view.sortDescending ? '▼' : '▲') : '↕'}</span>
      </Button>
    </th>
  );
}

/** The edition the whole status page shows (pie, map, table): its campaigns' years, newest first. */
export function EditionSelector({ onChange }: { onChange: Change }) {
  const { editions, chosen } = useAppSelector(selectStatusEditions);
  if (!chosen) return null;
  return (
    <Form.Group controlId="status-edition">
      <Form.Label className="small mb-1">
        <FormattedMessage id="CAMPAIGNS.FILTER_EDITION" />
      </Form.Label>
      <Form.Select value={chosen.editionId} onChange={(e) => onChange({ edition: Number(e.target.value) })}>
        {editions.map((e) => (
          <option key={e.editionId} value={e.editionId}>
            {e.year}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/**
 * The status table's toolbar: the edition shown, search by entity, community and status filters, the page size,
 * and (on a phone, where the headings are hidden) the sort.
 */
export function StatusTableToolbar({ view, onChange }: { view: StatusView; onChange: Change }) {
  const intl = useIntl();
  return (
    <div className="d-flex flex-wrap gap-2 mb-3 align-items-end status-toolbar">
      <EditionSelector onChange={onChange} />
      <SearchBox id="status-search" label="CAMPAIGNS.SEARCH_ENTITY" className="flex-grow-1" value={view.search} onChange={(search) => onChange({ search })} />
      <CommunityFilter id="status-community" value={view.communities} onChange={(communities) => onChange({ communities })} />
      <FilterDropdown
        id="status-status"
        label={intl.formatMessage({ id: 'CAMPAIGNS.FILTER_STATUS' })}
        options={STATUSES.map((s) => ({ value: s, label: intl.formatMessage({ id: `CAMPAIGNS.STATUS.${s}` }) }))}
        multiple
        value={view.statuses}
        onChange={(statuses) => onChange({ statuses: statuses as CampaignStatus[] })}
      />
      <Form.Group controlId="status-page-size">
        <Form.Label className="small mb-1">
          <FormattedMessage id="CAMPAIGNS.PAGE_SIZE" />
        </Form.Label>
        <Form.Select value={view.pageSize} onChange={(e) => onChange({ pageSize: Number(e.target.value) })}>
          {STATUS_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="status-sort" className="d-md-none">
        <Form.Label className="small mb-1">
          <FormattedMessage id="CAMPAIGNS.SORT_BY" />
        </Form.Label>
        <div className="d-flex gap-1">
          <Form.Select value={view.sortBy} onChange={(e) => onChange({ sortBy: e.target.value as StatusSortKey })}>
            {STATUS_SORT_KEYS.map((k) => (
              <option key={k} value={k}>
                {intl.formatMessage({ id: SORT_COLUMN_MESSAGES[k] })}
              </option>
            ))}
          </Form.Select>
          <Button
            variant="outline-secondary"
            onClick={() => onChange({ sortDescending: !view.sortDescending })}
            aria-label={intl.formatMessage({ id: view.sortDescending ? 'CAMPAIGNS.SORT_DESCENDING' : 'CAMPAIGNS.SORT_ASCENDING' })}
          >
            <span aria-hidden="true">{view.sortDescending ? '▼' : '▲'}</span>
          </Button>
        </div>
      </Form.Group>
    </div>
  );
}
