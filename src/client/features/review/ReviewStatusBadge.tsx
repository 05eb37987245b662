import { FormattedMessage } from 'react-intl';
import type { ReviewStatus } from '../../../shared/api/campaigns.js';

// Outlined, so that beside a campaign's status ('Ongoing' yellow, 'Completa' green) the review reads as another thing.
const BADGE: Record<ReviewStatus, string> = {
  none: 'bg-body text-body-secondary border',
  pending: 'bg-body text-warning-emphasis border border-warning',
  changesRequested: 'bg-body text-info-emphasis border border-info',
  validated: 'bg-body text-success-emphasis border border-success',
};

/** Where a campaign's review stands, as a badge: 'Pendiente', 'Correcciones pedidas', 'Validada'. */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return (
    <span className={`badge ${BADGE[status]}`} data-testid="review-status">
      <FormattedMessage id={`REVIEW.STATUS.${status}`} />
    </span>
  );
}
