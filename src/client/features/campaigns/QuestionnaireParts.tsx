import { Button, Card, ProgressBar } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import type { CampaignStatus, IndicatorGroup } from '../../../shared/api/campaigns.js';
import { campaignsActions } from './campaignsSlice.js';
import { choiceOnScreen, selectCanSubmit, selectProgress, selectQuestionnaire, type AxisGroup } from './campaignsSelectors.js';
import { AnswerPicker } from './AnswerPicker.js';
import { CampaignLink } from './CampaignLink.js';
import { campaignLabelMessage } from '../../i18n/labels.js';

/** The sticky header: entity and campaign, 'Enviar Encuesta' (once sent, 'Ver Resultados') and the progress 'n de total'. */
export function QuestionnaireHeader({ campaign }: { campaign: { id: number; entity: string; campaignNumber: number; status: CampaignStatus } }) {
  const dispatch = useAppDispatch();
  const progress = useAppSelector(selectProgress);
  const canSubmit = useAppSelector(selectCanSubmit);
  const ask = () => dispatch(campaignsActions.submitAsked({ id: campaign.id, entity: campaign.entity, year: campaign.campaignNumber }));
  return (
    <div className="questionnaire-header bg-white border rounded p-3 mb-3 sticky-top" style={{ top: '3.6rem', zIndex: 10 }}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 id="questionnaire-title" className="h5 mb-0">
          {/* On a phone the entity's name gives way (cut with an ellipsis) and the campaign's year always shows. */}
          <span className="questionnaire-entity">{campaign.entity}</span>
          <span className="questionnaire-campaign">
            {' · '}
            <FormattedMessage {...campaignLabelMessage(campaign.campaignNumber)} />
          </span>
        </h2>
        {campaign.status === 'sent' ? (
          <CampaignLink id={campaign.id} status="sent" />
        ) : (
          <Button onClick={ask} disabled={!canSubmit}>
            <FormattedMessage id="QUESTIONNAIRE.SUBMIT" />
          </Button>
        )}
      </div>
      <div className="d-flex align-items-center gap-2 mt-2">
        <ProgressBar now={progress.total ? (100 * progress.answered) / progress.total : 0} className="flex-grow-1" aria-hidden="true" />
        <span className="small text-nowrap" data-testid="progress">
          <FormattedMessage id="QUESTIONNAIRE.PROGRESS" values={progress} />
        </span>
      </div>
    </div>
  );
}

/** One indicator's card: its text and a picker per sub-indicator (read-only once the campaign is sent). */
function IndicatorCard({ campaignId, indicator, readOnly }: { campaignId: number; indicator: IndicatorGroup; readOnly: boolean }) {
  const dispatch = useAppDispatch();
  const { saving, drafts } = useAppSelector(selectQuestionnaire);
  return (
    <Card className="mb-3">
      <Card.Body>
        <Card.Title as="p" className="fw-semibold mb-3">
          {indicator.text}
        </Card.Title>
        <div className="d-grid gap-3">
          {indicator.subindicators.map((sub) => (
            <AnswerPicker
              key={sub.id}
              subindicator={sub}
              readOnly={readOnly}
              choice={choiceOnScreen(drafts, sub)}
              unsaved={sub.id in drafts}
              saveStatus={saving[sub.id]}
              onChoose={(choice) => dispatch(campaignsActions.answerChosen({ question: sub.id, choice }))}
              onSave={(answer) => dispatch(campaignsActions.answerSaveRequested({ campaignId, question: sub.id, answer }))}
            />
          ))}
        </div>
      </Card.Body>
    </Card>
  );
}

/** One axis of the questionnaire: its policies, their measures and the measures' indicators. */
export function AxisSection({ axis, campaignId, readOnly }: { axis: AxisGroup; campaignId: number; readOnly: boolean }) {
  return (
    <section className="mb-4" aria-label={axis.axisText}>
      <h3 className="h5 text-primary-emphasis border-bottom pb-1">{axis.axisText}</h3>
      {axis.policies.map((policy) => (
        <div key={policy.policyId} className="mb-3">
          <h4 className="h6 text-uppercase text-body-secondary mt-3">{policy.policyText}</h4>
          {policy.measures.map((measure) => (
            <div key={measure.measureId}>
              <p className="small fw-semibold mb-2">{measure.measureText}</p>
              {measure.indicators.map((indicator) => (
                <IndicatorCard key={indicator.id} campaignId={campaignId} indicator={indicator} readOnly={readOnly} />
              ))}
            </div>
          ))}
        </div>
      ))}
    </section>
  );
}
