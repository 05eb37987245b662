/**
 * An edition's deadline, per-entity extensions of it, and the history of reopened campaigns.
 *
 * - editions.opens_on / closes_on: Europe/Madrid calendar dates; the edition is open from 00:00 Madrid time of
 *   opens_on through the end of closes_on (services/campaigns/deadlines.ts). Null means no limit on that side,
 *   so every edition that existed before this migration stays open.
 * - deadline_extensions: a later closing date for one entity in one edition, with its reason (ADMIN only).
 * - campaign_reopenings: each time an ADMIN took a sent campaign back to draft, when, who and why. The actor is
 *   copied (id and e-mail) like the audit trail, so the history outlives the account.
 */
export default /* sql */ `
ALTER TABLE editions ADD COLUMN opens_on date;
ALTER TABLE editions ADD COLUMN closes_on date;
ALTER TABLE editions ADD CONSTRAINT editions_deadline_order CHECK (opens_on IS NULL OR closes_on IS NULL OR closes_on >= opens_on);

CREATE TABLE deadline_extensions (
  entity_id   integer NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
  edition_id  integer NOT NULL REFERENCES editions(id) ON DELETE CASCADE,
  closes_on   date NOT NULL,
  reason      text NOT NULL,
  actor_id    integer,
  actor_email text,
  at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (entity_id, edition_id)
);

CREATE TABLE campaign_reopenings (
  id          bigserial PRIMARY KEY,
  campaign_id integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  at          timestamptz NOT NULL DEFAULT now(),
  actor_id    integer,
  actor_email text,
  reason      text NOT NULL
);
CREATE INDEX campaign_reopenings_campaign_idx ON campaign_reopenings(campaign_id, at);
`;
