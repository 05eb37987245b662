import { useEffect } from 'react';
import { Form, ProgressBar, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { selectAxisProgress } from '../campaigns/campaignsSelectors.js';
import { teamActions } from './teamSlice.js';
import { selectQuestionnaireTeam } from './teamSelectors.js';

/** A member as the assignment names them: their name, else their e-mail. */
const nameOf = (member: { name: string; email: string }) => member.name || member.email;

/**
 * 'Reparto del cuestionario', under the questionnaire's header: each axis with who answers it and how far it is
 * ('Eje 2 · Marta · 12 de 20'). Those who manage the team choose the member of each axis (while the campaign may
 * change); the others read it. Loads the campaign's assignments and its entity's team.
 */
export function AxisAssignments({ campaignId, entityId, editable }: { campaignId: number; entityId: number; editable: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const axes = useAppSelector(selectAxisProgress);
  const team = useAppSelector(selectQuestionnaireTeam);
  useEffect(() => {
    dispatch(teamActions.assignmentsRequested(campaignId));
    dispatch(teamActions.membersRequested(entityId));
  }, [dispatch, campaignId, entityId]);
  if (!team.loaded || axes.length === 0) return null;
  const unassigned = intl.formatMessage({ id: 'TEAM.ASSIGN.NOBODY' });
  return (
    <section className="border rounded bg-white p-3 mb-3" aria-labelledby="axis-assignments-title" data-testid="axis-assignments">
      <h3 id="axis-assignments-title" className="h6">
        <FormattedMessage id="TEAM.ASSIGN.TITLE" />
      </h3>
      <ul className="list-unstyled mb-0">
        {axes.map((axis) => {
          const assignee = team.byAxis.get(axis.axisId);
          const who = assignee ? nameOf(assignee) : unassigned;
          const selectId = `axis-assignee-${axis.axisId}`;
          return (
            <li key={axis.axisId} className="d-flex flex-wrap align-items-center gap-2 py-1 border-bottom" data-testid="axis-assignment">
              <span className="fw-semibold flex-grow-1" style={{ minWidth: '12rem' }}>
                {axis.axisText}
              </span>
              {team.manages && editable ? (
                <>
                  <Form.Label htmlFor={selectId} className="visually-hidden">
                    <FormattedMessage id="TEAM.ASSIGN.LABEL" values={{ axis: axis.axisText }} />
                  </Form.Label>
                  <Form.Select
                    id={selectId}
                    size="sm"
                    style={{ width: 'auto', maxWidth: '100%' }}
                    value={assignee?.userId ?? ''}
                    disabled={team.assigning === axis.axisId}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      dispatch(teamActions.assignAsked({ campaignId, axisId: axis.axisId, userId: value === '' ? null : Number(value) }));
                    }}
                  >
                    <option value="">{unassigned}</option>
                    {team.members.map((member) => (
                      <option key={member.userId} value={member.userId}>
                        {nameOf(member)}
                      </option>
                    ))}
                  </Form.Select>
                  {team.assigning === axis.axisId && (
                    <Spinner animation="border" size="sm" role="status">
                      <span className="visually-hidden">{intl.formatMessage({ id: 'APP.LOADING' })}</span>
                    </Spinner>
                  )}
                </>
              ) : (
                <span className={assignee ? '' : 'text-body-secondary'}>{who}</span>
              )}
              <span className="d-flex align-items-center gap-2 small text-nowrap" style={{ minWidth: '9rem' }}>
                <ProgressBar now={axis.total ? (100 * axis.answered) / axis.total : 0} style={{ width: '4rem', height: '0.5rem' }} aria-hidden="true" />
                <FormattedMessage id="QUESTIONNAIRE.PROGRESS" values={{ answered: axis.answered, total: axis.total }} />
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
