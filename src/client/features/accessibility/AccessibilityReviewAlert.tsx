import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { PATHS } from '../../app/paths.js';
import { formatCalendarDay } from '../../lib/dates.js';
import { madridDate } from '../../../shared/dates.js';
import { accessibilityActions } from './accessibilitySlice.js';
import { selectOverdueReview } from './accessibilitySelectors.js';

/** The status page's reminder to an administrator: the accessibility statement's last review is over 12 months old, or there was none. */
export function AccessibilityReviewAlert() {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const overdue = useAppSelector((state) => selectOverdueReview(state, madridDate(new Date())));
  useEffect(() => {
    dispatch(accessibilityActions.statementRequested());
  }, [dispatch]);
  if (!overdue) return null;
  return (
    <Alert variant="warning" data-testid="accessibility-review-overdue">
      {overdue.reviewedOn ? (
        <FormattedMessage id="STATUS.ACCESSIBILITY_REVIEW.OVERDUE" values={{ date: formatCalendarDay(intl, overdue.reviewedOn) }} />
      ) : (
        <FormattedMessage id="STATUS.ACCESSIBILITY_REVIEW.NEVER" />
      )}{' '}
      <Link to={PATHS.accessibility} className="alert-link">
        <FormattedMessage id="STATUS.ACCESSIBILITY_REVIEW.LINK" />
      </Link>
    </Alert>
  );
}
