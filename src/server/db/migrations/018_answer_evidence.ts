/**
 * What an entity puts behind each answer (docs/api.md, "Answers, evidence and No aplica"):
 * - `answer_notes`: per campaign and sub-indicator, the entity's comment, its "No aplica" reason (the question is
 *   then out of the scores: docs/scoring.md) and whether the answer was copied from the previous edition and
 *   awaits confirmation (`prefilled`). A question answered "No aplica" has no row in `answers`.
 * - `evidence`: links and files behind an answer, with who added them and when; a file's bytes are in
 *   `evidence_chunks`, in pieces, so that an upload and a download stream through the server without holding a
 *   whole file. Removing a campaign (and so an entity) removes all of it.
 */
export default /* sql */ `
CREATE TABLE answer_notes (
  campaign_id           integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  subindicator_id       integer NOT NULL REFERENCES subindicators(id),
  comment               text CHECK (comment IS NULL OR length(comment) BETWEEN 1 AND 2000),
  not_applicable_reason text CHECK (not_applicable_reason IS NULL OR length(not_applicable_reason) BETWEEN 1 AND 500),
  prefilled             boolean NOT NULL DEFAULT false,
  updated_at            timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (campaign_id, subindicator_id)
);

CREATE TABLE evidence (
  id              serial PRIMARY KEY,
  campaign_id     integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  subindicator_id integer NOT NULL REFERENCES subindicators(id),
  kind            text NOT NULL CHECK (kind IN ('link', 'file')),
  url             text CHECK (url IS NULL OR length(url) BETWEEN 1 AND 2000),
  title           text CHECK (title IS NULL OR length(title) BETWEEN 1 AND 200),
  file_name       text CHECK (file_name IS NULL OR length(file_name) BETWEEN 1 AND 255),
  content_type    text,
  size            bigint CHECK (size IS NULL OR size >= 0),
  added_by        integer REFERENCES users(id) ON DELETE SET NULL,
  added_at        timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'link' AND url IS NOT NULL AND file_name IS NULL)
      OR (kind = 'file' AND url IS NULL AND file_name IS NOT NULL AND content_type IS NOT NULL AND size IS NOT NULL))
);
CREATE INDEX evidence_campaign_idx ON evidence(campaign_id, subindicator_id);

CREATE TABLE evidence_chunks (
  evidence_id integer NOT NULL REFERENCES evidence(id) ON DELETE CASCADE,
  position    integer NOT NULL CHECK (position >= 0),
  data        bytea NOT NULL,
  PRIMARY KEY (evidence_id, position)
);
`;
