import { useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks.js';
import { FilterDropdown } from '../../components/FilterDropdown.js';
import { selectEntityOptions } from './resultsSelectors.js';

/** The report pages' entity selector: the entities the caller may read, searched by closeness to the text. */
export function EntitySelector({ id, value, onChange }: { id: string; value: number | null; onChange: (entityId: number) => void }) {
  const intl = useIntl();
  const loading = useAppSelector((state) => state.results.options.status === 'loading');
  const options = useAppSelector(selectEntityOptions);
  return (
    <div className="entity-selector">
      <FilterDropdown
        id={id}
        label={intl.formatMessage({ id: 'RESULTS.CONTROLS.ENTITY' })}
        placeholder={intl.formatMessage({ id: loading ? 'APP.LOADING' : 'RESULTS.CONTROLS.CHOOSE' })}
        options={options}
        value={value}
        searchable
        searchMode="editDistance"
        disabled={options.length === 0}
        onChange={onChange}
      />
    </div>
  );
}
