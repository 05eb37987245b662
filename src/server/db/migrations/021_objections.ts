/**
 * Objections to provisional results (docs/api.md, "Objections"):
 * - `editions.provisional_published_at`: when ADMIN first published the edition's provisional results;
 *   `editions.objections_until`: the last day (Madrid's calendar) an entity may object. Both null until then.
 * - `objections`: an entity's objection to one answer's review, with who wrote it and when; `open` until a
 *   reviewer accepts it (the answer goes back to the entity to correct) or refuses it, with the reason the entity
 *   reads. At most one open objection per campaign and answer. Removing a campaign removes its objections.
 * Every row of every table is kept; no edition is published yet.
 */
export default /* sql */ `
ALTER TABLE editions
  ADD COLUMN provisional_published_at timestamptz,
  ADD COLUMN objections_until date,
  ADD CHECK ((provisional_published_at IS NULL) = (objections_until IS NULL));

CREATE TABLE objections (
  id              serial PRIMARY KEY,
  campaign_id     integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  subindicator_id integer NOT NULL REFERENCES subindicators(id),
  text            text NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
  author_id       integer REFERENCES users(id) ON DELETE SET NULL,
  author_email    text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  status          text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'refused')),
  reason          text CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 2000),
  resolved_by     text,
  resolved_at     timestamptz,
  CHECK ((status = 'open') = (resolved_at IS NULL) AND (status = 'open') = (reason IS NULL))
);

CREATE UNIQUE INDEX objections_one_open_idx ON objections (campaign_id, subindicator_id) WHERE status = 'open';
CREATE INDEX objections_campaign_idx ON objections (campaign_id);
`;
