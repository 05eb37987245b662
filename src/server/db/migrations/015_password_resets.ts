/**
 * Forgotten passwords: a single-use reset link sent by e-mail. Only the token's SHA-256 is kept; a link lives one
 * hour and is used once. Nothing existing changes.
 */
export default /* sql */ `
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user ON password_resets (user_id);
`;
