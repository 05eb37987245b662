import { useEffect } from 'react';
import { Form } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { useIntl } from 'react-intl';
import type { TableView } from '../../lib/tableView.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { FilterDropdown } from '../../components/FilterDropdown.js';
import { referenceActions } from '../reference/referenceSlice.js';
import { selectCommunities } from './campaignsSelectors.js';

/** Multi-choice filter by autonomous community, loading the communities once. */
export function CommunityFilter({ id, value, onChange }: { id: string; value: string[]; onChange: (value: string[]) => void }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const communities = useAppSelector(selectCommunities);
  useEffect(() => {
    dispatch(referenceActions.communitiesRequested());
  }, [dispatch]);
  return (
    <FilterDropdown
      id={id}
      label={intl.formatMessage({ id: 'CAMPAIGNS.FILTER_COMMUNITY' })}
      options={communities.items.map((c) => ({ value: c.ccaaId, label: c.name }))}
      multiple
      searchable
      selectAll
      value={value}
      onChange={(selected) => onChange(selected as string[])}
    />
  );
}

/** The search-by-entity box and the community filter above a campaign table. */
export function CampaignTableToolbar({ id, view, onChange }: { id: string; view: TableView; onChange: (patch: Partial<TableView>) => void }) {
  return (
    <div className="d-flex flex-wrap gap-2 mb-3 align-items-end">
      <Form.Group controlId={`${id}-search`} className="flex-grow-1" style={{ maxWidth: '22rem' }}>
        <Form.Label className="small mb-1">
          <FormattedMessage id="CAMPAIGNS.SEARCH_ENTITY" />
        </Form.Label>
        <Form.Control type="search" value={view.search} onChange={(e) => onChange({ search: e.target.value })} />
      </Form.Group>
      <CommunityFilter id={`${id}-community`} value={view.communities} onChange={(communities) => onChange({ communities })} />
    </div>
  );
}
