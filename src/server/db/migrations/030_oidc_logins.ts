/**
 * Sign-ins under way at the OpenID provider (services/auth/oidc.ts): the app's request (its client, PKCE challenge
 * and state) and the server's own state, nonce and PKCE verifier for the provider, until the provider sends the
 * browser back (or 10 minutes pass). In the database, so that whichever instance takes the callback finds it; the
 * state is kept as its SHA-256 only. And the identity at the provider (its `sub`) each account first signed in with:
 * from then on only that identity signs in to the account, whatever e-mail another one shows. New tables only: every
 * row is kept.
 */
export default /* sql */ `
CREATE TABLE oidc_logins (
  state_hash     text PRIMARY KEY,
  nonce          text NOT NULL,
  code_verifier  text NOT NULL,
  client_id      text NOT NULL,
  app_state      text NOT NULL,
  code_challenge text NOT NULL,
  expires_at     timestamptz NOT NULL
);
CREATE INDEX oidc_logins_expires_at ON oidc_logins (expires_at);

CREATE TABLE oidc_identities (
  user_id   integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  issuer    text NOT NULL,
  subject   text NOT NULL,
  linked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, issuer),
  UNIQUE (issuer, subject)
);
`;
