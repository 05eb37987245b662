import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { Form, Table } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector, useDispatchOnMount } from '../../app/hooks.js';
import { PageHeader } from '../../components/PageHeader.js';
import { RemoteState } from '../../components/RemoteState.js';
import { ColumnHeadings, ListCell } from '../../components/ListPage.js';
import { SubmitButton } from '../../components/SubmitButton.js';
import { LabelledGroup } from '../../components/LabelledGroup.js';
import { RowAction } from '../admin/RowAction.js';
import { PasswordDialog } from '../admin/users/PasswordDialog.js';
import { idFromDigits } from '../../../shared/ids.js';
import { EMAIL_PATTERN, MEMBER_ROLES, type MemberRole } from '../../../shared/constants.js';
import type { Member } from '../../../shared/api/team.js';
import { teamActions } from './teamSlice.js';
import { selectTeam } from './teamSelectors.js';

const EMAIL = new RegExp(EMAIL_PATTERN);
/** The e-mail's box takes the room left beside the role, and no less than this. */
const EMAIL_WIDTH = { minWidth: '14rem' };

/** 'Invitar a un compañero': an e-mail and a role; a new account's temporary password shows once in a dialog. */
function InviteForm({ entityId }: { entityId: number }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { inviting, invited } = useAppSelector(selectTeam);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('colaborador');
  const [tried, setTried] = useState(false);
  const valid = EMAIL.test(email.trim());
  // Invited: the form is ready for the next colleague.
  useEffect(() => {
    if (invited) {
      setEmail('');
      setTried(false);
    }
  }, [invited]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (valid) dispatch(teamActions.inviteAsked({ entityId, email: email.trim(), role }));
  };
  return (
    <Form noValidate onSubmit={submit} className="border rounded bg-white p-3 mb-4" aria-labelledby="team-invite-title">
      <h3 id="team-invite-title" className="h6">
        <FormattedMessage id="TEAM.INVITE.TITLE" />
      </h3>
      <div className="d-flex flex-wrap align-items-start gap-2">
        <LabelledGroup controlId="team-invite-email" label="TEAM.INVITE.EMAIL" labelClassName="small mb-1" className="flex-grow-1" style={EMAIL_WIDTH}>
          <Form.Control
            type="email"
            autoComplete="off"
            value={email}
            isInvalid={tried && !valid}
            aria-describedby="team-invite-help"
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Form.Control.Feedback type="invalid">
            <FormattedMessage id="TEAM.INVITE.INVALID_EMAIL" />
          </Form.Control.Feedback>
        </LabelledGroup>
        <LabelledGroup controlId="team-invite-role" label="TEAM.INVITE.ROLE" labelClassName="small mb-1">
          <Form.Select value={role} onChange={(event) => setRole(event.currentTarget.value as MemberRole)}>
            {MEMBER_ROLES.map((r) => (
              <option key={r} value={r}>
                {intl.formatMessage({ id: `TEAM.ROLE.${r}` })}
              </option>
            ))}
          </Form.Select>
        </LabelledGroup>
        <div className="align-self-end">
          <SubmitButton busy={inviting}>
            <FormattedMessage id="TEAM.INVITE.SUBMIT" />
          </SubmitButton>
        </div>
      </div>
      <p id="team-invite-help" className="small text-body-secondary mb-0 mt-2">
        <FormattedMessage id="TEAM.INVITE.HELP" />
      </p>
    </Form>
  );
}

/** One member: e-mail, name, role (a choice for those who manage the team), the axes and policies assigned and 'Quitar'. */
function MemberRow({ member, entityId }: { member: Member; entityId: number }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { manages, changing, selfId, partNames } = useAppSelector(selectTeam);
  const name = (names: Record<number, string>, id: number) => names[id] ?? `#${id}`;
  // A policy assigned apart with its axis, as the e-mails name it ('Energía y clima · Alumbrado').
  const parts = [
    ...member.assigned.map((id) => name(partNames.axes, id)),
    ...member.assignedPolicies.map((p) => `${name(partNames.axes, p.axisId)} · ${name(partNames.policies, p.policyId)}`),
  ];
  return (
    <tr data-testid="team-member">
      <ListCell label="TEAM.COLUMN.EMAIL" className="text-break">
        {member.email}
        {member.userId === selfId && (
          <span className="text-body-secondary">
            {' '}
            <FormattedMessage id="TEAM.YOU" />
          </span>
        )}
      </ListCell>
      <ListCell label="TEAM.COLUMN.NAME">{member.name || '—'}</ListCell>
      <ListCell label="TEAM.COLUMN.ROLE">
        {manages ? (
          <Form.Select
            size="sm"
            value={member.role}
            disabled={changing === member.userId}
            aria-label={intl.formatMessage({ id: 'TEAM.ROLE_OF' }, { email: member.email })}
            onChange={(event) => dispatch(teamActions.roleAsked({ entityId, userId: member.userId, role: event.currentTarget.value as MemberRole }))}
          >
            {MEMBER_ROLES.map((r) => (
              <option key={r} value={r}>
                {intl.formatMessage({ id: `TEAM.ROLE.${r}` })}
              </option>
            ))}
          </Form.Select>
        ) : (
          <FormattedMessage id={`TEAM.ROLE.${member.role}`} />
        )}
      </ListCell>
      <ListCell label="TEAM.COLUMN.AXES">{parts.length > 0 ? parts.join(', ') : <FormattedMessage id="TEAM.NO_AXES" />}</ListCell>
      {manages && (
        <ListCell label="TEAM.COLUMN.ACTIONS" actions>
          <RowAction
            label="TEAM.REMOVE.BUTTON"
            subject={member.email}
            danger
            onClick={() => dispatch(teamActions.removeAsked({ entityId, userId: member.userId, email: member.email }))}
          />
        </ListCell>
      )}
    </tr>
  );
}

/**
 * 'Equipo': the people who answer for an entity. Every member sees it; its responsible members, ADMIN and FEC invite
 * colleagues, change their roles and take them out (the server refuses the rest). Which axis each member answers is
 * set on the questionnaire.
 */
export default function TeamPage() {
  const dispatch = useAppDispatch();
  const { entityId: param } = useParams();
  const entityId = idFromDigits(param ?? '');
  const location = useLocation();
  const team = useAppSelector(selectTeam);
  const user = useAppSelector((state) => state.auth.user);
  // The entity's name: the user's own entity, or the one the administrator came from.
  const entityName = user?.entities.find((e) => e.id === entityId)?.name ?? (location.state as { entity?: string } | null)?.entity ?? null;
  useEffect(() => {
    if (entityId !== null) dispatch(teamActions.membersRequested(entityId));
  }, [dispatch, entityId]);
  useDispatchOnMount(teamActions.partNamesRequested);
  const members = team.entityId === entityId ? (team.members ?? []) : [];
  const status = entityId === null ? 'failed' : team.loading || team.entityId !== entityId ? 'loading' : team.failed ? 'failed' : 'succeeded';

  return (
    <section aria-labelledby="team-title">
      <PageHeader id="team-title" title="TEAM.TITLE" />
      {entityName && <p className="lead mb-2">{entityName}</p>}
      <p className="text-body-secondary">
        <FormattedMessage id="TEAM.HELP" />
      </p>
      {team.manages && entityId !== null && <InviteForm entityId={entityId} />}
      <RemoteState status={status} empty={members.length === 0} emptyMessage="TEAM.EMPTY">
        <Table responsive className="bg-white align-middle list-table">
          <thead>
            <tr>
              <ColumnHeadings
                messages={['TEAM.COLUMN.EMAIL', 'TEAM.COLUMN.NAME', 'TEAM.COLUMN.ROLE', 'TEAM.COLUMN.AXES', ...(team.manages ? ['TEAM.COLUMN.ACTIONS'] : [])]}
              />
            </tr>
          </thead>
          <tbody>{entityId !== null && members.map((member) => <MemberRow key={member.userId} member={member} entityId={entityId} />)}</tbody>
        </Table>
      </RemoteState>
      <PasswordDialog />
    </section>
  );
}
