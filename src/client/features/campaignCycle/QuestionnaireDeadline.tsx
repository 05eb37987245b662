import { Alert } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks.js';
import { formatCalendarDay } from '../../lib/dates.js';
import { selectCampaignDeadline } from './campaignCycleSelectors.js';

/** The questionnaire's dates: 'Plazo cerrado el 31 de marzo de 2027' (read-only), when it opens, or the days left. */
export function QuestionnaireDeadline({ sent }: { sent: boolean }) {
  const intl = useIntl();
  const deadline = useAppSelector(selectCampaignDeadline);
  if (!deadline || sent) return null;
  if (deadline.state === 'closed' && deadline.closesOn) {
    return (
      <Alert variant="warning" data-testid="deadline-notice">
        <Alert.Heading as="p" className="h6 mb-1">
          <FormattedMessage id="DEADLINE.CLOSED" values={{ date: formatCalendarDay(intl, deadline.closesOn) }} />
        </Alert.Heading>
        <FormattedMessage id="DEADLINE.CLOSED_DETAIL" />
      </Alert>
    );
  }
  if (deadline.state === 'notOpen' && deadline.opensOn) {
    return (
      <Alert variant="info" data-testid="deadline-notice">
        <FormattedMessage id="DEADLINE.NOT_OPEN" values={{ date: formatCalendarDay(intl, deadline.opensOn) }} />
      </Alert>
    );
  }
  if (deadline.closesOn === null || deadline.daysLeft === null) return null;
  return (
    <p className="small text-body-secondary" data-testid="deadline-notice">
      <FormattedMessage id="DEADLINE.OPEN_UNTIL" values={{ date: formatCalendarDay(intl, deadline.closesOn), days: deadline.daysLeft }} />
      {deadline.extended && (
        <>
          {' '}
          <FormattedMessage id="DEADLINE.EXTENDED" />
        </>
      )}
    </p>
  );
}
