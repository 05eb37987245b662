import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Form } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatShortMadridDay } from '../../lib/dates.js';
import { useAppDispatch, useAppSelector, useNotFoundWhen } from '../../app/hooks.js';
import { campaignIdParam } from '../../app/paths.js';
import { campaignsActions } from './campaignsSlice.js';
import { selectQuestionnaire, selectQuestionnaireGroups, selectQuestionsInAnotherLanguage, selectVisibleGroups } from './campaignsSelectors.js';
import { QuestionnaireFilters } from './QuestionnaireFilters.js';
import { AxisSection, QuestionnaireHeader } from './QuestionnaireParts.js';
import { UnsavedAnswersGuard } from './UnsavedAnswersGuard.js';
import { PrefillOffer } from './PrefillOffer.js';
import { RemoteState } from '../../components/RemoteState.js';
import { EmptyState } from '../../components/StatusMessage.js';
import { QuestionnaireDeadline } from '../campaignCycle/QuestionnaireDeadline.js';
import { selectAnswerable } from '../campaignCycle/campaignCycleSelectors.js';
import { objectionWindow, selectMayAnswer } from '../objections/objectionsSelectors.js';
import { ObjectionsNotice, useCampaignObjections } from '../objections/Objections.js';
import { AxisAssignments } from '../team/AxisAssignments.js';
import { axisAccess, selectQuestionnaireTeam } from '../team/teamSelectors.js';
import { NotMineNotice } from '../team/NotMineNotice.js';

/** The questionnaire: indicators by axis, policy and measure, filters, progress 'n de total' and 'Enviar Encuesta'; leaving with unsaved choices asks first. */
export default function QuestionnairePage() {
  const { campaignId } = useParams();
  const id = campaignIdParam(campaignId);
  useNotFoundWhen(id === null);
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const questionnaire = useAppSelector(selectQuestionnaire);
  const groups = useAppSelector(selectVisibleGroups);
  useEffect(() => {
    if (id !== null) dispatch(campaignsActions.questionnaireRequested(id));
  }, [dispatch, id]);
  const campaign = questionnaire.campaign;
  const sent = campaign?.status === 'sent';
  const answerable = useAppSelector(selectAnswerable);
  const questionsInAnotherLanguage = useAppSelector(selectQuestionsInAnotherLanguage);
  // A sent campaign's objections: its own, and whether it may object now.
  useCampaignObjections(campaign);
  // Those who may answer the campaign object to its review (its entity's members, ADMIN); FEC reads them only.
  const mayObject = useAppSelector(selectMayAnswer);
  const period = sent ? objectionWindow(campaign, new Date()) : null;
  const objections = period && { ...period, open: period.open && mayObject };
  // A collaborator changes only the axes and policies assigned to them, and may show only those ('Mis preguntas').
  const team = useAppSelector(selectQuestionnaireTeam);
  // Whose each part is, said of whole axes: a filter hiding the user's own policies does not make the axis another's.
  const wholeAxes = useAppSelector(selectQuestionnaireGroups);
  const [onlyMine, setOnlyMine] = useState(false);
  const shown =
    team.collaborator && onlyMine
      ? groups
          .map((axis) => ({ ...axis, policies: axis.policies.filter((p) => team.isMine(axis.axisId, p.policyId)) }))
          .filter((axis) => axis.policies.length > 0)
      : groups;

  return (
    <RemoteState status={questionnaire.status} empty={!campaign} emptyMessage="CAMPAIGNS.EMPTY">
      {campaign && (
        <section aria-labelledby="questionnaire-title">
          <UnsavedAnswersGuard />
          <QuestionnaireHeader campaign={campaign} />
          {questionsInAnotherLanguage && (
            <Alert variant="secondary" className="small" data-testid="questions-language">
              <FormattedMessage id="QUESTIONNAIRE.QUESTIONS_IN_SPANISH" />
            </Alert>
          )}
          {campaign.reopening && (
            <Alert variant="warning" data-testid="reopened-notice">
              <FormattedMessage
                id="QUESTIONNAIRE.REOPENED"
                values={{ date: formatShortMadridDay(intl, campaign.reopening.at), reason: campaign.reopening.reason }}
              />
            </Alert>
          )}
          {campaign.reviewStatus === 'changesRequested' ? (
            <Alert variant="warning" data-testid="corrections-notice">
              <p className="fw-semibold mb-1">
                <FormattedMessage id="QUESTIONNAIRE.REVIEW.CHANGES_REQUESTED" />
              </p>
              <p className="mb-1 text-pre-wrap">«{campaign.reviewMessage}»</p>
              <p className="mb-0 small">
                <FormattedMessage id="QUESTIONNAIRE.REVIEW.ONLY_FLAGGED" />
              </p>
            </Alert>
          ) : (
            sent && (
              <Alert variant="info">
                <FormattedMessage id="QUESTIONNAIRE.SENT_NOTICE" />
              </Alert>
            )
          )}
          {campaign.reviewStatus === 'validated' && campaign.validatedAt && (
            <Alert variant="success" data-testid="validated-notice">
              <FormattedMessage id="QUESTIONNAIRE.REVIEW.VALIDATED" values={{ date: formatShortMadridDay(intl, campaign.validatedAt) }} />
            </Alert>
          )}
          {objections?.until && <ObjectionsNotice {...objections} until={objections.until} />}
          <QuestionnaireDeadline sent={sent} />
          {answerable && !sent && team.signs && <PrefillOffer campaign={campaign} />}
          <AxisAssignments campaignId={campaign.id} entityId={campaign.entityId} editable={answerable && !sent} />
          <QuestionnaireFilters />
          {team.collaborator && (
            <Form.Check
              type="switch"
              id="only-mine"
              className="mb-3"
              label={intl.formatMessage({ id: 'TEAM.ONLY_MINE' })}
              checked={onlyMine}
              onChange={(event) => setOnlyMine(event.currentTarget.checked)}
            />
          )}
          {shown.length === 0 && <EmptyState message={team.collaborator && onlyMine && groups.length > 0 ? 'TEAM.NONE_MINE' : 'QUESTIONNAIRE.NO_MATCH'} />}
          {shown.map((axis) => {
            const access = axisAccess(wholeAxes.find((whole) => whole.axisId === axis.axisId) ?? axis, team);
            return (
              <AxisSection
                key={axis.axisId}
                axis={axis}
                campaignId={campaign.id}
                readOnly={!answerable}
                objections={objections}
                othersAxis={access.axis !== null}
                notice={access.axis && <NotMineNotice part="axis" {...access.axis} />}
                policyAccess={(policyId) => {
                  const notMine = access.policies.get(policyId);
                  return notMine ? { othersPart: true, notice: <NotMineNotice part="policy" {...notMine} /> } : { othersPart: false };
                }}
              />
            );
          })}
        </section>
      )}
    </RemoteState>
  );
}
