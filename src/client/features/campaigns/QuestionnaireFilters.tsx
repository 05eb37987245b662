import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { campaignsActions, type QuestionnaireFilters as Filters } from './campaignsSlice.js';
import { selectQuestionnaireFilterOptions, selectQuestionnaireFilters } from './campaignsSelectors.js';
import { FilterDropdown } from '../../components/FilterDropdown.js';
import { SearchBox } from '../../components/SearchBox.js';
import { ANSWER_FILTERS } from './campaignsView.js';

/** The catalogue's levels the questionnaire filters by, each a multiple choice with search. */
const CATALOGUE_FILTERS = [
  { field: 'axes', id: 'filter-axis', label: 'QUESTIONNAIRE.FILTER_AXIS' },
  { field: 'policies', id: 'filter-policy', label: 'QUESTIONNAIRE.FILTER_POLICY' },
  { field: 'measures', id: 'filter-measure', label: 'QUESTIONNAIRE.FILTER_MEASURE' },
] as const;

/** The questionnaire's filters: axis, policy, measure, answered or not (or lacking evidence, or to confirm), and a text search. */
export function QuestionnaireFilters() {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const filters = useAppSelector(selectQuestionnaireFilters);
  const options = useAppSelector(selectQuestionnaireFilterOptions);
  const change = (patch: Partial<Filters>) => dispatch(campaignsActions.questionnaireFiltersChanged(patch));
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
      {CATALOGUE_FILTERS.map(({ field, id, label }) => (
        <FilterDropdown
          key={field}
          id={id}
          label={t(label)}
          options={options[field]}
          multiple
          searchable
          value={filters[field]}
          onChange={(v) => change({ [field]: v })}
        />
      ))}
      <FilterDropdown
        id="filter-answered"
        label={t('QUESTIONNAIRE.FILTER_ANSWERED')}
        options={ANSWER_FILTERS.map((value) => ({ value, label: t(`QUESTIONNAIRE.ANSWER_FILTER.${value}`) }))}
        multiple
        value={filters.answered}
        onChange={(v) => change({ answered: v as Filters['answered'] })}
      />
      <SearchBox
        id="questionnaire-search"
        label="QUESTIONNAIRE.SEARCH"
        style={{ minWidth: '16rem' }}
        value={filters.search}
        onChange={(search) => change({ search })}
      />
    </div>
  );
}
