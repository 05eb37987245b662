import { Badge } from 'react-bootstrap';
import { useShownYear } from '../campaigns/StatusEdition.js';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector, useDispatchOnMount } from '../../app/hooks.js';
import { TitledCard } from '../../components/TitledCard.js';
import { Loading } from '../../components/Loading.js';
import { formatCalendarDay } from '../../lib/dates.js';
import type { EditionDeadline } from '../../../shared/api/campaignCycle.js';
import { campaignCycleActions } from './campaignCycleSlice.js';
import { selectEditionDeadline } from './campaignCycleSelectors.js';
import { DeadlineForm, ExtensionForm } from './DeadlineForms.js';

/** 'Quedan 12 días' / 'Plazo cerrado' / 'Se abre el ...' / 'Sin plazo'. */
function DeadlineSummary({ deadline }: { deadline: EditionDeadline }) {
  const intl = useIntl();
  if (deadline.state === 'closed')
    return (
      <Badge bg="danger">
        <FormattedMessage id="DEADLINE.CLOSED_SHORT" />
      </Badge>
    );
  if (deadline.state === 'notOpen' && deadline.opensOn)
    return (
      <Badge bg="secondary">
        <FormattedMessage id="DEADLINE.NOT_OPEN_SHORT" values={{ date: formatCalendarDay(intl, deadline.opensOn) }} />
      </Badge>
    );
  if (deadline.daysLeft === null)
    return (
      <Badge bg="secondary">
        <FormattedMessage id="DEADLINE.NO_LIMIT" />
      </Badge>
    );
  return (
    <Badge bg="primary">
      <FormattedMessage id="DEADLINE.DAYS_LEFT" values={{ days: deadline.daysLeft }} />
    </Badge>
  );
}

/** The late entities: campaigns not sent (or none) after their closing date. */
function LateEntities({ late }: { late: EditionDeadline['late'] }) {
  if (late.length === 0) return null;
  return (
    <details className="mt-2" data-testid="late-entities">
      <summary className="small">
        <FormattedMessage id="DEADLINE.LATE_TITLE" values={{ count: late.length }} />
      </summary>
      <ul className="small mb-0 mt-1">
        {late.map((l) => (
          <li key={l.entityId}>
            {l.entity} · <FormattedMessage id={l.status === 'none' ? 'DEADLINE.STATUS_NONE' : `CAMPAIGNS.STATUS.${l.status}`} />
          </li>
        ))}
      </ul>
    </details>
  );
}

/** 'Plazo de la edición' on the status page: dates and days left for ADMIN and FEC, the forms to change them for ADMIN. */
export function EditionDeadlineCard({ canChange }: { canChange: boolean }) {
  const shownYear = useShownYear();
  const intl = useIntl();
  const { status, deadline } = useAppSelector(selectEditionDeadline);
  useDispatchOnMount(campaignCycleActions.editionDeadlineRequested);
  return (
    <TitledCard title="DEADLINE.CARD_TITLE" values={{ edition: shownYear }} className="mb-3" testId="edition-deadline">
      {!deadline ? (
        status === 'loading' && <Loading />
      ) : (
        <>
          <p className="mb-1 d-flex flex-wrap align-items-center gap-2">
            <span>
              <FormattedMessage id="DEADLINE.EDITION" values={{ edition: String(deadline.campaignNumber) }} />
              {/* Without any date the badge beside it says 'Sin plazo'; dashes for both ('— – —') said nothing more. */}
              {(deadline.opensOn || deadline.closesOn) && (
                <>
                  {': '}
                  {deadline.opensOn ? formatCalendarDay(intl, deadline.opensOn) : '—'} – {deadline.closesOn ? formatCalendarDay(intl, deadline.closesOn) : '—'}
                </>
              )}
            </span>
            <DeadlineSummary deadline={deadline} />
          </p>
          <LateEntities late={deadline.late} />
          {canChange && (
            <div className="d-grid gap-3 mt-3">
              <DeadlineForm deadline={deadline} />
              <ExtensionForm />
            </div>
          )}
        </>
      )}
    </TitledCard>
  );
}
