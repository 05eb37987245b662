/**
 * A reviewer's check of each sent campaign (docs/api.md, "Review"):
 * - `campaigns.review_status`: where the review of the campaign's latest sending stands: `pending` (awaiting
 *   review), `changesRequested` (back with the entity for the sub-indicators marked `fix`) or `validated`. It is
 *   read only while the campaign is sent (the API says `none` otherwise), and a sending or a reopening sets it back
 *   to `pending`. Campaigns sent before this version await review.
 * - `review_message`: what the reviewer wrote asking for corrections; `validated_at` and `validated_by` (an e-mail,
 *   kept if the account goes): the validation.
 * - `review_marks`: per campaign and sub-indicator, the reviewer's verdict (`ok` or `fix`, a `fix` with the comment
 *   the entity reads), who gave it and when. A reopening removes them; removing a campaign removes them.
 */
export default /* sql */ `
ALTER TABLE campaigns
  ADD COLUMN review_status text NOT NULL DEFAULT 'pending' CHECK (review_status IN ('pending', 'changesRequested', 'validated')),
  ADD COLUMN review_message text CHECK (review_message IS NULL OR length(review_message) BETWEEN 1 AND 2000),
  ADD COLUMN validated_at timestamptz,
  ADD COLUMN validated_by text;

CREATE INDEX campaigns_review_queue_idx ON campaigns (review_status, end_date) WHERE status = 'sent';

CREATE TABLE review_marks (
  campaign_id     integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  subindicator_id integer NOT NULL REFERENCES subindicators(id),
  verdict         text NOT NULL CHECK (verdict IN ('ok', 'fix')),
  comment         text CHECK (comment IS NULL OR length(comment) BETWEEN 1 AND 2000),
  reviewer_id     integer REFERENCES users(id) ON DELETE SET NULL,
  reviewer_email  text NOT NULL,
  marked_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (campaign_id, subindicator_id),
  CHECK (verdict = 'ok' OR comment IS NOT NULL)
);
`;
