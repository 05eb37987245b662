import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { campaignsActions, type QuestionnaireFilters as Filters } from './campaignsSlice.js';
import { selectQuestionnaireFilterOptions, selectQuestionnaireFilters } from './campaignsSelectors.js';
import { FilterDropdown } from '../../components/FilterDropdown.js';
import { SearchBox } from '../../components/SearchBox.js';

/** The questionnaire's filters: axis, policy, measure, answered or not, and a text search. */
export function QuestionnaireFilters() {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const filters = useAppSelector(selectQuestionnaireFilters);
  const options = useAppSelector(selectQuestionnaireFilterOptions);
  const change = (patch: Partial<Filters>) => dispatch(campaignsActions.questionnaireFiltersChanged(patch));
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
      <FilterDropdown
        id="filter-axis"
        label={t('QUESTIONNAIRE.FILTER_AXIS')}
        options={options.axes}
        multiple
        searchable
        value={filters.axes}
        onChange={(v) => change({ axes: v as number[] })}
      />
      <FilterDropdown
        id="filter-policy"
        label={t('QUESTIONNAIRE.FILTER_POLICY')}
        options={options.policies}
        multiple
        searchable
        value={filters.policies}
        onChange={(v) => change({ policies: v as number[] })}
      />
      <FilterDropdown
        id="filter-measure"
        label={t('QUESTIONNAIRE.FILTER_MEASURE')}
        options={options.measures}
        multiple
        searchable
        value={filters.measures}
        onChange={(v) => change({ measures: v as number[] })}
      />
      <FilterDropdown
        id="filter-answered"
        label={t('QUESTIONNAIRE.FILTER_ANSWERED')}
        options={[
          { value: 'answered', label: t('QUESTIONNAIRE.ANSWERED') },
          { value: 'unanswered', label: t('QUESTIONNAIRE.UNANSWERED') },
        ]}
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
