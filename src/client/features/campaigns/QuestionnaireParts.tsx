import { useEffect, useState, type ReactNode } from 'react';
import { Button, ProgressBar } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { selectQuestionnaireTeam } from '../team/teamSelectors.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import type { CampaignStatus, IndicatorGroup } from '../../../shared/api/campaigns.js';
import { campaignsActions } from './campaignsSlice.js';
import { initialQuestionnaireFilters } from './campaignsView.js';
import { selectAnswerable, selectCorrecting, selectQuestionChangeable } from '../campaignCycle/campaignCycleSelectors.js';
import {
  choiceOnScreen,
  notApplicableOnScreen,
  selectCanSubmit,
  selectProgress,
  selectQuestionnaire,
  selectQuestionnaireFilters,
  selectSubmitBlockers,
  type AxisGroup,
} from './campaignsSelectors.js';
import { QuestionNotes } from './QuestionNotes.js';
import { ReviewNote } from './ReviewNote.js';
import { AnswerPicker } from './AnswerPicker.js';
import { AnswerLastChange, StaleAnswerNotice } from './AnswerChanges.js';
import { CampaignLink } from './CampaignLink.js';
import { campaignLabelMessage } from '../../i18n/labels.js';
import { AnswerObjections } from '../objections/Objections.js';
import { selectObjectionEvidence } from '../objections/objectionsSelectors.js';
import { madridDate } from '../../../shared/dates.js';
import { ObjectionEvidenceEditor } from './EvidenceEditor.js';
import { AxisFrame, IndicatorFrame } from './QuestionnaireFrame.js';

/** Scrolls to a question and puts the keyboard on its first choice. */
function focusQuestion(question: number) {
  const fieldset = document.getElementById(`question-${question}`);
  fieldset?.scrollIntoView({ block: 'center' });
  fieldset?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
}

/**
 * 'Ir a la primera sin contestar': shows the first question without an answer, clearing the filters when they hide
 * it, and puts the keyboard on it once it is drawn.
 */
function useJumpToQuestion() {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectQuestionnaireFilters);
  const [target, setTarget] = useState<{ question: number; filtersCleared: boolean } | null>(null);
  useEffect(() => {
    if (target === null) return;
    if (document.getElementById(`question-${target.question}`)) {
      focusQuestion(target.question);
      setTarget(null);
    } else if (!target.filtersCleared) {
      dispatch(campaignsActions.questionnaireFiltersChanged(initialQuestionnaireFilters));
      setTarget({ ...target, filtersCleared: true });
    } else {
      setTarget(null);
    }
  }, [dispatch, target, filters]);
  return (question: number) => setTarget({ question, filtersCleared: false });
}

/** Why 'Enviar Encuesta' waits: how many questions have no answer yet, and a way to the first of them. */
function MissingAnswers({ missing, first }: { missing: number; first: number | null }) {
  const jump = useJumpToQuestion();
  return (
    <p id="questionnaire-missing" className="small mb-3 d-flex flex-wrap align-items-baseline gap-2" data-testid="missing-answers">
      <span>
        <FormattedMessage id="QUESTIONNAIRE.MISSING" values={{ count: missing }} />
      </span>
      {first !== null && (
        <Button variant="link" size="sm" className="p-0 align-baseline text-primary-emphasis" onClick={() => jump(first)}>
          <FormattedMessage id="QUESTIONNAIRE.JUMP_TO_UNANSWERED" />
        </Button>
      )}
    </p>
  );
}

/** What else 'Enviar Encuesta' waits for: answers without their required evidence, copied answers to confirm, and a way to the first. */
function SubmitBlockers({ withoutEvidence, unconfirmed, first }: { withoutEvidence: number; unconfirmed: number; first: number }) {
  const jump = useJumpToQuestion();
  return (
    <p id="questionnaire-blockers" className="small mb-3 d-flex flex-wrap align-items-baseline gap-2" data-testid="submit-blockers">
      {withoutEvidence > 0 && (
        <span>
          <FormattedMessage id="QUESTIONNAIRE.WITHOUT_EVIDENCE" values={{ count: withoutEvidence }} />
        </span>
      )}
      {unconfirmed > 0 && (
        <span>
          <FormattedMessage id="QUESTIONNAIRE.UNCONFIRMED" values={{ count: unconfirmed }} />
        </span>
      )}
      <Button variant="link" size="sm" className="p-0 align-baseline text-primary-emphasis" onClick={() => jump(first)}>
        <FormattedMessage id="QUESTIONNAIRE.JUMP_TO_FIRST" />
      </Button>
    </p>
  );
}

/**
 * The sticky header: entity and campaign, 'Enviar Encuesta' (once sent, 'Ver Resultados'), the progress 'n de total';
 * under it, while questions are left without an answer, how many and a way to the first.
 */
export function QuestionnaireHeader({ campaign }: { campaign: { id: number; entity: string; campaignNumber: number; status: CampaignStatus } }) {
  const dispatch = useAppDispatch();
  const progress = useAppSelector(selectProgress);
  const canSubmit = useAppSelector(selectCanSubmit);
  const answerable = useAppSelector(selectAnswerable);
  const blockers = useAppSelector(selectSubmitBlockers);
  const missing = progress.total - progress.answered;
  const correcting = useAppSelector(selectCorrecting);
  const open = answerable;
  const explainMissing = open && missing > 0;
  const explainBlockers = open && (blockers.withoutEvidence.length > 0 || blockers.unconfirmed.length > 0);
  const ask = () => dispatch(campaignsActions.submitAsked({ id: campaign.id, entity: campaign.entity, year: campaign.campaignNumber }));
  // A collaborator answers; the entity's responsible members sign and send.
  const { signs } = useAppSelector(selectQuestionnaireTeam);
  return (
    <>
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
          {campaign.status === 'sent' && !correcting ? (
            <CampaignLink id={campaign.id} status="sent" />
          ) : !signs ? (
            <span className="small text-body-secondary text-end questionnaire-sent-by" data-testid="sent-by-responsable">
              <FormattedMessage id="TEAM.SENT_BY_RESPONSABLE" />
            </span>
          ) : (
            <Button
              onClick={ask}
              disabled={!canSubmit}
              aria-describedby={[explainMissing && 'questionnaire-missing', explainBlockers && 'questionnaire-blockers'].filter(Boolean).join(' ') || undefined}
            >
              <FormattedMessage id={correcting ? 'QUESTIONNAIRE.REVIEW.SUBMIT_CORRECTIONS' : 'QUESTIONNAIRE.SUBMIT'} />
            </Button>
          )}
        </div>
        <div className="d-flex align-items-center gap-2 mt-2">
          <ProgressBar now={progress.total ? (100 * progress.answered) / progress.total : 0} className="flex-grow-1" aria-hidden="true" />
          <span className="small text-nowrap" data-testid="progress">
            <FormattedMessage id="QUESTIONNAIRE.PROGRESS" values={{ answered: progress.answered, total: progress.total }} />
          </span>
        </div>
      </div>
      {/* Below the sticky header, not in it: on a phone the header stays short. */}
      {explainMissing && <MissingAnswers missing={missing} first={progress.firstUnanswered} />}
      {explainBlockers && (
        <SubmitBlockers
          withoutEvidence={blockers.withoutEvidence.length}
          unconfirmed={blockers.unconfirmed.length}
          first={(blockers.withoutEvidence[0] ?? blockers.unconfirmed[0]).id}
        />
      )}
    </>
  );
}

/** Whether a sent campaign's answers may be objected to now, and until when (objectionWindow); null before it is sent. */
export type ObjectionsWindow = { open: boolean; over: boolean; until: string | null } | null;

/**
 * One indicator's card: its text and a picker per sub-indicator (read-only once the campaign is sent), with what the
 * reviewer said and, once sent, the answer's objections, and the evidence editor of an answer whose open objection
 * may still be backed. Another member's part (`othersPart`, for a collaborator) reads only: its objections show,
 * without a new one or evidence to add.
 */
function IndicatorCard({
  indicator,
  campaignId,
  readOnly,
  othersPart,
  objections: objectionsWindow,
}: {
  indicator: IndicatorGroup;
  campaignId: number;
  readOnly: boolean;
  othersPart: boolean;
  objections: ObjectionsWindow;
}) {
  const objections = othersPart && objectionsWindow ? { ...objectionsWindow, open: false } : objectionsWindow;
  const dispatch = useAppDispatch();
  const q = useAppSelector(selectQuestionnaire);
  const changeable = useAppSelector(selectQuestionChangeable);
  const today = madridDate(new Date());
  const backing = useAppSelector((state) => selectObjectionEvidence(state, today));
  const { saving, drafts, notes, stale } = q;
  return (
    <IndicatorFrame text={indicator.text}>
      {indicator.subindicators.map((sub) => (
        <AnswerPicker
          key={sub.id}
          subindicator={sub}
          readOnly={readOnly || othersPart || !changeable(sub)}
          evidenceInChildren={!othersPart && backing.has(sub.id)}
          choice={choiceOnScreen(drafts, sub)}
          unsaved={sub.id in drafts || sub.id in notes}
          notApplicable={notApplicableOnScreen(q, sub) !== null}
          saveStatus={saving[sub.id]}
          onChoose={(choice) => dispatch(campaignsActions.answerChosen({ question: sub.id, choice }))}
          onSaveNow={() => dispatch(campaignsActions.answersSaveNow())}
          // A save refused as stale asks under the question instead of offering to retry.
          onRetry={sub.id in stale ? undefined : () => dispatch(campaignsActions.answerRetryRequested(sub.id))}
        >
          <StaleAnswerNotice sub={sub} />
          <ReviewNote sub={sub} />
          <QuestionNotes sub={sub} campaignId={campaignId} readOnly={readOnly || othersPart || !changeable(sub)} />
          <AnswerLastChange sub={sub} campaignId={campaignId} />
          {objections && (
            <AnswerObjections campaignId={campaignId} question={sub} {...objections}>
              {!othersPart && backing.has(sub.id) && <ObjectionEvidenceEditor sub={sub} campaignId={campaignId} backing={backing.get(sub.id)!} />}
            </AnswerObjections>
          )}
        </AnswerPicker>
      ))}
    </IndicatorFrame>
  );
}

/** One axis of the questionnaire: its policies, their measures and the measures' indicators. */
export function AxisSection({
  axis,
  campaignId,
  readOnly,
  objections,
  notice,
  othersAxis = false,
  policyAccess,
}: {
  axis: AxisGroup;
  campaignId: number;
  readOnly: boolean;
  objections: ObjectionsWindow;
  /** A line under the axis's heading (whose it is, for a collaborator who may not change it). */
  notice?: ReactNode;
  /** Whether the whole axis is another member's (for a collaborator): it reads only. */
  othersAxis?: boolean;
  /** Per policy, for a collaborator: whether it is another member's (it reads only), and a line under its heading saying whose it is. */
  policyAccess?: (policyId: number) => { othersPart: boolean; notice?: ReactNode };
}) {
  return (
    <AxisFrame axisText={axis.axisText} heading="h3" className="mb-4">
      {notice}
      {axis.policies.map((policy) => {
        const access = policyAccess?.(policy.policyId);
        return (
          <div key={policy.policyId} className="mb-3">
            <h4 className="h6 text-uppercase text-body-secondary mt-3">{policy.policyText}</h4>
            {access?.notice}
            {policy.measures.map((measure) => (
              <div key={measure.measureId}>
                <p className="small fw-semibold mb-2">{measure.measureText}</p>
                {measure.indicators.map((indicator) => (
                  <IndicatorCard
                    key={indicator.id}
                    indicator={indicator}
                    campaignId={campaignId}
                    readOnly={readOnly}
                    othersPart={othersAxis || access?.othersPart === true}
                    objections={objections}
                  />
                ))}
              </div>
            ))}
          </div>
        );
      })}
    </AxisFrame>
  );
}
