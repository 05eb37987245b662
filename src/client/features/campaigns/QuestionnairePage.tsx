import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Button, Card, Form, ProgressBar, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { campaignsActions, type QuestionnaireFilters } from './campaignsSlice.js';
import { selectCanSubmit, selectProgress, selectQuestionnaire, selectQuestionnaireFilterOptions, selectVisibleGroups } from './campaignsSelectors.js';
import { AnswerPicker } from './AnswerPicker.js';
import { FilterDropdown } from '../../components/FilterDropdown.js';
import { RemoteState } from '../../components/RemoteState.js';

function Filters() {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const { filters } = useAppSelector(selectQuestionnaire);
  const options = useAppSelector(selectQuestionnaireFilterOptions);
  const change = (patch: Partial<QuestionnaireFilters>) => dispatch(campaignsActions.questionnaireFiltersChanged(patch));
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
      <FilterDropdown id="filter-axis" label={t('QUESTIONNAIRE.FILTER_AXIS')} options={options.axes} multiple searchable value={filters.axes} onChange={(v) => change({ axes: v as number[] })} />
      <FilterDropdown id="filter-policy" label={t('QUESTIONNAIRE.FILTER_POLICY')} options={options.policies} multiple searchable value={filters.policies} onChange={(v) => change({ policies: v as number[] })} />
      <FilterDropdown id="filter-measure" label={t('QUESTIONNAIRE.FILTER_MEASURE')} options={options.measures} multiple searchable value={filters.measures} onChange={(v) => change({ measures: v as number[] })} />
      <FilterDropdown
        id="filter-answered"
        label={t('QUESTIONNAIRE.FILTER_ANSWERED')}
        options={[
          { value: 'answered', label: t('QUESTIONNAIRE.ANSWERED') },
          { value: 'unanswered', label: t('QUESTIONNAIRE.UNANSWERED') },
        ]}
        multiple
        value={filters.answered}
        onChange={(v) => change({ answered: v as QuestionnaireFilters['answered'] })}
      />
      <Form.Group controlId="questionnaire-search" style={{ minWidth: '16rem' }}>
        <Form.Label className="small mb-1">
          <FormattedMessage id="QUESTIONNAIRE.SEARCH" />
        </Form.Label>
        <Form.Control type="search" value={filters.search} onChange={(e) => change({ search: e.target.value })} />
      </Form.Group>
    </div>
  );
}

/** The questionnaire: indicators by axis, policy and measure, filters, progress 'n de total' and 'Enviar Encuesta'. */
export default function QuestionnairePage() {
  const { campaignId } = useParams();
  const id = Number(campaignId);
  const dispatch = useAppDispatch();
  const questionnaire = useAppSelector(selectQuestionnaire);
  const groups = useAppSelector(selectVisibleGroups);
  const progress = useAppSelector(selectProgress);
  const canSubmit = useAppSelector(selectCanSubmit);
  const submitting = useAppSelector((state) => state.campaigns.submit.status === 'loading');
  useEffect(() => {
    if (Number.isInteger(id) && id > 0) dispatch(campaignsActions.questionnaireRequested(id));
  }, [dispatch, id]);
  const campaign = questionnaire.campaign;
  const sent = campaign?.status === 'sent';

  return (
    <RemoteState status={questionnaire.status} empty={!campaign} emptyMessage="CAMPAIGNS.EMPTY">
      {campaign && (
        <section aria-labelledby="questionnaire-title">
          <div className="questionnaire-header bg-white border rounded p-3 mb-3 sticky-top" style={{ top: '3.6rem', zIndex: 10 }}>
            <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
              <h2 id="questionnaire-title" className="h5 mb-0">
                {campaign.entity} · {campaign.text}
              </h2>
              <Button onClick={() => dispatch(campaignsActions.submitRequested(campaign.id))} disabled={!canSubmit || submitting}>
                {submitting && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
                <FormattedMessage id="QUESTIONNAIRE.SUBMIT" />
              </Button>
            </div>
            <div className="d-flex align-items-center gap-2 mt-2">
              <ProgressBar now={progress.total ? (100 * progress.answered) / progress.total : 0} className="flex-grow-1" aria-hidden="true" />
              <span className="small text-nowrap" data-testid="progress">
                <FormattedMessage id="QUESTIONNAIRE.PROGRESS" values={progress} />
              </span>
            </div>
          </div>
          {sent && (
            <Alert variant="info">
              <FormattedMessage id="QUESTIONNAIRE.SENT_NOTICE" />
            </Alert>
          )}
          <Filters />
          {groups.length === 0 && (
            <p className="text-body-secondary text-center py-4" data-testid="empty-state">
              <FormattedMessage id="QUESTIONNAIRE.NO_MATCH" />
            </p>
          )}
          {groups.map((axis) => (
            <section key={axis.axisId} className="mb-4" aria-label={axis.axisText}>
              <h3 className="h5 text-primary-emphasis border-bottom pb-1">{axis.axisText}</h3>
              {axis.policies.map((policy) => (
                <div key={policy.policyId} className="mb-3">
                  <h4 className="h6 text-uppercase text-body-secondary mt-3">{policy.policyText}</h4>
                  {policy.measures.map((measure) => (
                    <div key={measure.measureId}>
                      <p className="small fw-semibold mb-2">{measure.measureText}</p>
                      {measure.indicators.map((indicator) => (
                        <Card key={indicator.id} className="mb-3">
                          <Card.Body>
                            <Card.Title as="p" className="fw-semibold mb-3">
                              {indicator.text}
                            </Card.Title>
                            <div className="d-grid gap-3">
                              {indicator.subindicators.map((sub) => (
                                <AnswerPicker
                                  key={sub.id}
                                  subindicator={sub}
                                  readOnly={sent}
                                  saveStatus={questionnaire.saving[sub.id]}
                                  onSave={(answer) => dispatch(campaignsActions.answerSaveRequested({ campaignId: campaign.id, question: sub.id, answer }))}
                                />
                              ))}
                            </div>
                          </Card.Body>
                        </Card>
                      ))}
                    </div>
                  ))}
                </div>
              ))}
            </section>
          ))}
        </section>
      )}
    </RemoteState>
  );
}
