/**
 * A campaign's policies assigned to members (services/team.ts): within an axis assigned to one member, or to nobody,
 * a policy may be given to another. Whoever is assigned a question's policy answers it; without one, whoever is
 * assigned its axis (`campaign_assignments`); without either, the responsible members. One member per policy of an
 * axis; leaving the entity drops the member's policies as it drops their axes. A new table only: every row is kept.
 */
export default /* sql */ `
CREATE TABLE campaign_policy_assignments (
  campaign_id integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  axis_id     integer NOT NULL REFERENCES categories(id),
  policy_id   integer NOT NULL REFERENCES categories(id),
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  assigned_by integer REFERENCES users(id) ON DELETE SET NULL,
  assigned_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (campaign_id, axis_id, policy_id)
);
CREATE INDEX campaign_policy_assignments_user_idx ON campaign_policy_assignments (user_id);
`;
