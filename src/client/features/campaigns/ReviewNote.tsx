import { FormattedMessage } from 'react-intl';
import type { Subindicator } from '../../../shared/api/campaigns.js';

/**
 * What the reviewer said of an answer, as the entity reads it (the server sends a mark to the entity once corrections
 * are asked or the campaign is validated): what to correct, or a comment beside an answer found correct.
 */
export function ReviewNote({ sub }: { sub: Subindicator }) {
  const review = sub.review;
  if (!review || (review.verdict === 'ok' && review.comment === null)) return null;
  return review.verdict === 'fix' ? (
    <div className="alert alert-warning small py-2 px-3 mt-2 mb-0 text-pre-wrap" data-testid={`review-note-${sub.id}`}>
      <span className="fw-semibold">
        <FormattedMessage id="QUESTIONNAIRE.REVIEW.FIX" />:
      </span>{' '}
      {review.comment}
    </div>
  ) : (
    <p className="small text-body-secondary mt-2 mb-0 text-pre-wrap" data-testid={`review-note-${sub.id}`}>
      <FormattedMessage id="QUESTIONNAIRE.REVIEW.OK" />: {review.comment}
    </p>
  );
}
