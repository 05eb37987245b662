/**
 * Users' requests to have their personal data erased (POST auth/me/erasure), until an administrator carries one
 * out (POST users/erase), which removes the account and with it the request. A new table only: every row is kept.
 */
export default /* sql */ `
CREATE TABLE erasure_requests (
  user_id      integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  reason       text CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 2000),
  requested_at timestamptz NOT NULL DEFAULT now()
);
`;
