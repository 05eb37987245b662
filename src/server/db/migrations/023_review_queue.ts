/**
 * The review queue read off indexes (db/repositories/review.ts listReviewQueue): an edition's sent campaigns in the
 * order they were sent, so that a page of the queue reads its fifty rows and stops; and by review status, so that
 * the counts read the index alone. They replace migration 019's index by status and date, which did not start with
 * the edition. Only indexes change: every row is kept.
 */
export default /* sql */ `
CREATE INDEX campaigns_sent_queue_idx ON campaigns (edition_id, end_date, id) WHERE status = 'sent';
CREATE INDEX campaigns_sent_review_idx ON campaigns (edition_id, review_status) WHERE status = 'sent';
DROP INDEX campaigns_review_queue_idx;
`;
