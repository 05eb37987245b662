import { Form } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { FilterDropdown } from '../../components/FilterDropdown.js';
import { FoldOnPhone } from '../../components/FoldOnPhone.js';
import { reportFiltersActions } from '../reportFilters/reportFiltersSlice.js';
import { resultsActions } from './resultsSlice.js';
import { selectCampaignOptions, selectReportFilters, selectResultAbout, selectResults, selectSelectedEntityId } from './resultsSelectors.js';
import { EntitySelector } from './EntitySelector.js';
import { ReportActions } from './ReportActions.js';
import { LEVELS, TERRITORY_OF_LEVEL } from './reportModel.js';
import { useReportText } from './reportText.js';
import { campaignLabel } from '../../i18n/labels.js';

/** One checkbox of the report's options (a message id as its label). */
export function OptionCheck({ id, label, checked, onToggle, inline }: { id: string; label: string; checked: boolean; onToggle: () => void; inline?: boolean }) {
  return <Form.Check inline={inline} id={id} type="checkbox" checked={checked} onChange={onToggle} label={<FormattedMessage id={label} />} />;
}

/** 'Comparar solo con los participantes de la campaña' (on by default): one option for the results and the comparisons. */
export function CompareParticipantsCheck({ id, inline }: { id: string; inline?: boolean }) {
  const dispatch = useAppDispatch();
  const checked = useAppSelector((state) => selectReportFilters(state).compareWithParticipants);
  return (
    <OptionCheck
      id={id}
      inline={inline}
      label="RESULTS.CONTROLS.COMPARE_PARTICIPANTS"
      checked={checked}
      onToggle={() => dispatch(reportFiltersActions.compareWithParticipantsToggled())}
    />
  );
}

/** The entity and campaign selectors (not on a shared link): choosing a campaign opens /results/{id}. */
function CampaignSelectors() {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const { campaignId } = useAppSelector(selectResults);
  const campaigns = useAppSelector(selectCampaignOptions);
  const campaignOptions = campaigns.map((c) => ({ value: c.value, label: campaignLabel(intl, c.year) }));
  const entityId = useAppSelector(selectSelectedEntityId);
  const chosenCampaign = campaignOptions.some((c) => c.value === campaignId) ? campaignId : null;
  return (
    <div className="report-selectors d-flex flex-wrap gap-2 align-items-end">
      <EntitySelector id="results-entity" value={entityId} onChange={(id) => dispatch(resultsActions.entitySelected(id))} />
      <FilterDropdown
        id="results-campaign"
        label={intl.formatMessage({ id: 'RESULTS.CONTROLS.CAMPAIGN' })}
        placeholder={intl.formatMessage({ id: 'RESULTS.CONTROLS.CHOOSE' })}
        options={campaignOptions}
        value={chosenCampaign}
        disabled={campaignOptions.length === 0}
        onChange={(id) => dispatch(resultsActions.campaignChosen(id))}
      />
    </div>
  );
}

/** Territory checkboxes, the two options, print, share and the '¿Cómo se calcula?' help. */
export function ReportControls({ shared }: { shared: boolean }) {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectReportFilters);
  const { campaignId, result } = useAppSelector(selectResults);
  const text = useReportText();
  const about = useAppSelector(selectResultAbout);
  const data = result.data;
  // Each territory's name beside its checkbox, once the result is in: the band in words.
  const nameOf = (level: (typeof LEVELS)[number]) =>
    data && (level === 'sizeBand' ? text.levelName({ label: '', band: data.sizeBand }) : data.territoryTexts[level]);
  return (
    <div className="report-controls card card-body mb-3 d-print-none">
      <div className="d-flex flex-wrap gap-3 justify-content-between align-items-end">
        {shared ? <span /> : <CampaignSelectors />}
        {/* On a phone, folded under 'Opciones del informe': the first figure comes within the first screen. */}
        <FoldOnPhone id="report-options" label="RESULTS.CONTROLS.REPORT_OPTIONS">
          <ReportActions campaignId={campaignId} target="urlResults" about={about} />
          {/* One row each, so that the territories' names arriving with the result do not push the options down. */}
          <div className="d-flex flex-column gap-2 w-100">
            <fieldset>
              <legend className="form-label fs-6 mb-1">
                <FormattedMessage id="RESULTS.CONTROLS.TERRITORIES" />
              </legend>
              {/* A grid with a line kept for each territory's name, which arrives with the result: nothing moves then. */}
              <div className="territory-checks">
                {LEVELS.map((level) => {
                  const territory = TERRITORY_OF_LEVEL[level];
                  const name = nameOf(level);
                  return (
                    <Form.Check
                      key={territory}
                      id={`territory-${territory}`}
                      type="checkbox"
                      checked={filters.territory[territory]}
                      onChange={() => dispatch(reportFiltersActions.territoryToggled(territory))}
                      label={
                        <>
                          <FormattedMessage id={`RESULTS.LEVEL.${territory}`} />
                          <span className="territory-name" title={name ?? undefined}>
                            {name ? ` (${name})` : ''}
                          </span>
                        </>
                      }
                    />
                  );
                })}
              </div>
            </fieldset>
            <fieldset>
              <legend className="form-label fs-6 mb-1">
                <FormattedMessage id="RESULTS.CONTROLS.OPTIONS" />
              </legend>
              <OptionCheck
                id="option-include-answers"
                inline
                label="RESULTS.CONTROLS.INCLUDE_ANSWERS"
                checked={filters.includeAnswers}
                onToggle={() => dispatch(reportFiltersActions.includeAnswersToggled())}
              />
              <CompareParticipantsCheck id="option-compare-participants" inline />
            </fieldset>
          </div>
        </FoldOnPhone>
      </div>
    </div>
  );
}
