import { useEffect } from 'react';
import { useIntl } from 'react-intl';
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
