/**
 * The team that answers for an entity (docs/api.md, "Team"):
 * - `user_entities.role`: 'responsable' (invites and removes colleagues, assigns the questionnaire's axes, signs and
 *   sends) or 'colaborador' (answers what is assigned to them). Every membership there was becomes 'responsable':
 *   whoever answered for an entity until now keeps doing all they did.
 * - `campaign_assignments`: which member answers each axis of a campaign (one member per axis; none: the
 *   responsible members answer it). Leaving the entity drops the member's assignments (services/team.ts).
 * - `answer_history`: every change to an answer, its comment, its "No aplica" and its evidence, with who made it
 *   (id and e-mail as then) and when, newest last. An answer's `version` is the id of its latest change of the
 *   answer, comment or "No aplica" (0 before any), which a save names to refuse overwriting a change it has not seen.
 * - `campaign_receipts`: each signed submission's receipt: a random code anyone may verify, the moment, the signer
 *   and the SHA-256 of the answers as sent (services/campaigns/receipts.ts writes the text hashed).
 * Only a column with a default and new tables: every row is kept.
 */
export default /* sql */ `
ALTER TABLE user_entities
  ADD COLUMN role text NOT NULL DEFAULT 'responsable' CHECK (role IN ('responsable', 'colaborador'));

CREATE TABLE campaign_assignments (
  campaign_id integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  axis_id     integer NOT NULL REFERENCES categories(id),
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  assigned_by integer REFERENCES users(id) ON DELETE SET NULL,
  assigned_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (campaign_id, axis_id)
);
CREATE INDEX campaign_assignments_user_idx ON campaign_assignments (user_id);

CREATE TABLE answer_history (
  id              bigserial PRIMARY KEY,
  campaign_id     integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  subindicator_id integer NOT NULL REFERENCES subindicators(id),
  kind            text NOT NULL CHECK (kind IN ('answer', 'comment', 'notApplicable', 'evidenceAdded', 'evidenceRemoved')),
  value           jsonb,
  user_id         integer REFERENCES users(id) ON DELETE SET NULL,
  user_email      text NOT NULL,
  at              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX answer_history_question_idx ON answer_history (campaign_id, subindicator_id, id);

CREATE TABLE campaign_receipts (
  code         text PRIMARY KEY CHECK (code ~ '^[0-9a-f]{32}$'),
  campaign_id  integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  sha256       text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  sent_at      timestamptz NOT NULL,
  signer_id    integer REFERENCES users(id) ON DELETE SET NULL,
  signer_email text NOT NULL
);
CREATE INDEX campaign_receipts_campaign_idx ON campaign_receipts (campaign_id, sent_at DESC);
`;
