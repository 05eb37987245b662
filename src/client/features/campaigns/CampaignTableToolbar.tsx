import { useIntl } from 'react-intl';
import type { TableView } from '../../lib/tableView.js';
import { useAppSelector, useDispatchOnMount } from '../../app/hooks.js';
import { FilterDropdown } from '../../components/FilterDropdown.js';
import { SearchBox } from '../../components/SearchBox.js';
import { referenceActions } from '../reference/referenceSlice.js';
import { selectCommunities } from './campaignsSelectors.js';

/** Multi-choice filter by autonomous community, loading the communities once. */
export function CommunityFilter({ id, value, onChange }: { id: string; value: string[]; onChange: (value: string[]) => void }) {
  const intl = useIntl();
  const communities = useAppSelector(selectCommunities);
  useDispatchOnMount(referenceActions.communitiesRequested);
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
      <SearchBox id={`${id}-search`} label="CAMPAIGNS.SEARCH_ENTITY" className="flex-grow-1" value={view.search} onChange={(search) => onChange({ search })} />
      <CommunityFilter id={`${id}-community`} value={view.communities} onChange={(communities) => onChange({ communities })} />
    </div>
  );
}
