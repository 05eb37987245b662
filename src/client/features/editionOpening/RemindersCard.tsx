import { useState, type ReactNode } from 'react';
import { useShownYear } from '../campaigns/StatusEdition.js';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch, useAppSelector, useDispatchOnMount } from '../../app/hooks.js';
import { TitledCard } from '../../components/TitledCard.js';
import { Loading } from '../../components/Loading.js';
import { Download } from '../../components/icons.js';
import type { Reminders } from '../../../shared/api/editionOpening.js';
import { editionOpeningActions } from './editionOpeningSlice.js';
import { selectPendingCounts, selectReminders, selectReminding } from './editionOpeningSelectors.js';
import { MailResult } from './MailResult.js';

/** The entities not started or not finished, folded. */
function PendingEntities({ entities }: { entities: Reminders['entities'] }) {
  if (entities.length === 0) return null;
  return (
    <details className="mb-2">
      <summary className="small">
        <FormattedMessage id="REMINDERS.LIST" values={{ count: entities.length }} />
      </summary>
      <ul className="small mb-0 mt-1">
        {entities.map((e) => (
          <li key={e.entityId}>
            {e.entity} ({e.province}) · <FormattedMessage id={e.status === 'none' ? 'DEADLINE.STATUS_NONE' : `CAMPAIGNS.STATUS.${e.status}`} /> ·{' '}
            <FormattedMessage id="REMINDERS.USERS" values={{ count: e.users }} />
          </li>
        ))}
      </ul>
    </details>
  );
}

/** 'Enviar recordatorio' with a confirmation, its progress and result. */
function SendReminders({ users }: { users: number }) {
  const dispatch = useAppDispatch();
  const reminding = useAppSelector(selectReminding);
  const [confirming, setConfirming] = useState(false);
  if (reminding.status === 'loading') {
    return (
      <div role="status">
        <Spinner animation="border" size="sm" className="me-2" />
        <FormattedMessage id="REMINDERS.PROGRESS" />
      </div>
    );
  }
  return (
    <>
      {confirming ? (
        <Alert variant="info" className="mb-0">
          <p className="mb-2">
            <FormattedMessage id="REMINDERS.CONFIRM_TEXT" values={{ count: users }} />
          </p>
          <div className="d-flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => {
                setConfirming(false);
                dispatch(editionOpeningActions.remindRequested());
              }}
            >
              <FormattedMessage id="REMINDERS.CONFIRM" />
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={() => setConfirming(false)}>
              <FormattedMessage id="COMMON.CANCEL" />
            </Button>
          </div>
        </Alert>
      ) : (
        <Button
          size="sm"
          disabled={users === 0}
          onClick={() => {
            dispatch(editionOpeningActions.remindDismissed());
            setConfirming(true);
          }}
        >
          <FormattedMessage id="REMINDERS.SEND" />
        </Button>
      )}
      {reminding.result && (
        <Alert variant="success" className="mt-2 mb-0" role="status">
          <MailResult summary={reminding.result} />
        </Alert>
      )}
    </>
  );
}

/** Without SMTP_URL: how to configure it, and the users' addresses as CSV to write to them by other means. */
function NoSmtp({ users }: { users: number }) {
  const dispatch = useAppDispatch();
  return (
    <Alert variant="secondary" className="mb-0" data-testid="smtp-missing">
      <p className="mb-2">
        <FormattedMessage id="REMINDERS.NO_SMTP" values={{ code: (text: ReactNode[]) => <code className="text-dark">{text}</code> }} />
      </p>
      <Button size="sm" variant="light" className="border" disabled={users === 0} onClick={() => dispatch(editionOpeningActions.emailsCsvRequested())}>
        <Download aria-hidden="true" className="me-1" />
        <FormattedMessage id="REMINDERS.CSV_BUTTON" />
      </Button>
    </Alert>
  );
}

/** 'Recordatorios' (ADMIN, FEC): who has not started or finished the current edition, and an e-mail to their users. */
export function RemindersCard() {
  const shownYear = useShownYear();
  const { status, data } = useAppSelector(selectReminders);
  const counts = useAppSelector(selectPendingCounts);
  useDispatchOnMount(editionOpeningActions.remindersRequested);
  return (
    <TitledCard title="REMINDERS.CARD_TITLE" values={{ edition: shownYear }} className="h-100" testId="reminders">
      {!data ? (
        status === 'loading' && <Loading />
      ) : (
        <>
          <p className="mb-1">
            <FormattedMessage
              id="REMINDERS.SUMMARY"
              values={{ edition: String(data.edition), notStarted: counts.notStarted, unfinished: counts.unfinished, users: counts.users }}
            />
          </p>
          <PendingEntities entities={data.entities} />
          {data.smtpConfigured ? <SendReminders users={counts.users} /> : <NoSmtp users={counts.users} />}
        </>
      )}
    </TitledCard>
  );
}
