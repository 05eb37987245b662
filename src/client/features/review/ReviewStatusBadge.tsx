import { FormattedMessage } from 'react-intl';
import type { ReviewStatus } from '../../../shared/api/campaigns.js';

const BADGE: Record<ReviewStatus, string> = {
  none: 'text-bg-light border',
  pending: 'text-bg-warning',
  changesRequested: 'text-bg-info',
  validated: 'text-bg-success',
};

/** Where a campaign's review stands, as a badge: 'Pendiente', 'Correcciones pedidas', 'Validada'. */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return (
    <span className={`badge ${BADGE[status]}`} data-testid="review-status">
      <FormattedMessage id={`REVIEW.STATUS.${status}`} />
    </span>
  );
}
