import { useEffect, useState } from 'react';
import { Button, Form, ProgressBar, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { selectAxisProgress } from '../campaigns/campaignsSelectors.js';
import { partKey, teamActions } from './teamSlice.js';
import { memberName as nameOf, selectQuestionnaireTeam } from './teamSelectors.js';

type AxisProgress = ReturnType<typeof selectAxisProgress>[number];

/**
 * 'Reparto del cuestionario', under the questionnaire's header: each axis with who answers it and how far it is
 * ('Eje 2 · Marta · 12 de 20'), and under it the policies given to someone else. Those who manage the team choose
 * the member of each axis and, with 'Repartir por políticas', of each policy apart (while the campaign may change);
 * the others read it. Loads the campaign's assignments and its entity's team.
 */
export function AxisAssignments({ campaignId, entityId, editable }: { campaignId: number; entityId: number; editable: boolean }) {
  const dispatch = useAppDispatch();
  const axes = useAppSelector(selectAxisProgress);
  const team = useAppSelector(selectQuestionnaireTeam);
  useEffect(() => {
    dispatch(teamActions.assignmentsRequested(campaignId));
    dispatch(teamActions.membersRequested(entityId));
  }, [dispatch, campaignId, entityId]);
  if (!team.loaded || axes.length === 0) return null;
  return (
    <section className="border rounded bg-white p-3 mb-3" aria-labelledby="axis-assignments-title" data-testid="axis-assignments">
      <h3 id="axis-assignments-title" className="h6">
        <FormattedMessage id="TEAM.ASSIGN.TITLE" />
      </h3>
      <ul className="list-unstyled mb-0">
        {axes.map((axis) => (
          // Keyed by campaign too: whether its policies show is this campaign's.
          <AxisRow key={`${campaignId}:${axis.axisId}`} axis={axis} campaignId={campaignId} assignable={team.manages && editable} />
        ))}
      </ul>
    </section>
  );
}

/**
 * One axis and its policies assigned apart. Those who may assign open 'Repartir por políticas' to choose a member
 * for every policy (open from the start when some policy is assigned apart); closed, and for the others, only the
 * policies assigned apart show.
 */
function AxisRow({ axis, campaignId, assignable }: { axis: AxisProgress; campaignId: number; assignable: boolean }) {
  const intl = useIntl();
  const team = useAppSelector(selectQuestionnaireTeam);
  const apart = axis.policies.filter((p) => team.assignedTo(axis.axisId, p.policyId));
  const [open, setOpen] = useState(apart.length > 0);
  const policies = assignable && open ? axis.policies : apart;
  const axisAssignee = team.assignedTo(axis.axisId);
  const listId = `axis-policies-${axis.axisId}`;
  const nameId = `axis-name-${axis.axisId}`;
  return (
    <li className="py-1 border-bottom" data-testid="axis-assignment">
      <PartRow
        nameId={nameId}
        text={axis.axisText}
        progress={axis}
        choice={{ campaignId, axisId: axis.axisId }}
        assignable={assignable}
        label={intl.formatMessage({ id: 'TEAM.ASSIGN.LABEL' }, { axis: axis.axisText })}
        nobody={intl.formatMessage({ id: 'TEAM.ASSIGN.NOBODY' })}
      />
      {assignable && axis.policies.length > 1 && (
        <Button variant="link" size="sm" className="p-0" aria-expanded={open} aria-controls={listId} aria-describedby={nameId} onClick={() => setOpen(!open)}>
          <FormattedMessage id={open ? 'TEAM.ASSIGN.HIDE_POLICIES' : 'TEAM.ASSIGN.BY_POLICY'} />
        </Button>
      )}
      {/* Always there for the button's aria-controls, hidden when empty. */}
      <ul id={listId} className="list-unstyled ms-3 mb-0" aria-label={axis.axisText} hidden={policies.length === 0}>
        {policies.map((policy) => (
          <li key={policy.policyId} data-testid="policy-assignment">
            <PartRow
              text={policy.policyText}
              progress={policy}
              choice={{ campaignId, axisId: axis.axisId, policyId: policy.policyId }}
              assignable={assignable}
              label={intl.formatMessage({ id: 'TEAM.ASSIGN.POLICY_LABEL' }, { policy: policy.policyText })}
              nobody={
                axisAssignee
                  ? intl.formatMessage({ id: 'TEAM.ASSIGN.AS_AXIS_OF' }, { name: nameOf(axisAssignee) })
                  : intl.formatMessage({ id: 'TEAM.ASSIGN.AS_AXIS' })
              }
            />
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * One axis or policy: its name, who answers it (a choice for those who may assign; `nobody` names the empty choice)
 * and how far it is.
 */
function PartRow({
  nameId,
  text,
  progress,
  choice,
  assignable,
  label,
  nobody,
}: {
  /** The id of the name's element, for what refers to it. */
  nameId?: string;
  text: string;
  progress: { answered: number; total: number };
  choice: { campaignId: number; axisId: number; policyId?: number };
  assignable: boolean;
  label: string;
  nobody: string;
}) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const team = useAppSelector(selectQuestionnaireTeam);
  const assignee = team.assignedTo(choice.axisId, choice.policyId);
  const busy = team.assigning.includes(partKey(choice.axisId, choice.policyId));
  const selectId = `assignee-${partKey(choice.axisId, choice.policyId).replace(':', '-')}`;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 py-1">
      <span id={nameId} className={choice.policyId === undefined ? 'fw-semibold flex-grow-1' : 'small flex-grow-1'} style={{ minWidth: '12rem' }}>
        {text}
      </span>
      {assignable ? (
        <>
          <Form.Label htmlFor={selectId} className="visually-hidden">
            {label}
          </Form.Label>
          <Form.Select
            id={selectId}
            size="sm"
            style={{ width: 'auto', maxWidth: '100%' }}
            value={assignee?.userId ?? ''}
            disabled={busy}
            onChange={(event) => {
              const value = event.currentTarget.value;
              dispatch(teamActions.assignAsked({ ...choice, userId: value === '' ? null : Number(value) }));
            }}
          >
            <option value="">{nobody}</option>
            {team.members.map((member) => (
              <option key={member.userId} value={member.userId}>
                {nameOf(member)}
              </option>
            ))}
          </Form.Select>
          {busy && (
            <Spinner animation="border" size="sm" role="status">
              <span className="visually-hidden">{intl.formatMessage({ id: 'APP.LOADING' })}</span>
            </Spinner>
          )}
        </>
      ) : (
        <span className={assignee ? '' : 'text-body-secondary'}>{assignee ? nameOf(assignee) : nobody}</span>
      )}
      <span className="d-flex align-items-center gap-2 small text-nowrap" style={{ minWidth: '9rem' }}>
        <ProgressBar now={progress.total ? (100 * progress.answered) / progress.total : 0} style={{ width: '4rem', height: '0.5rem' }} aria-hidden="true" />
        <FormattedMessage id="QUESTIONNAIRE.PROGRESS" values={{ answered: progress.answered, total: progress.total }} />
      </span>
    </div>
  );
}
