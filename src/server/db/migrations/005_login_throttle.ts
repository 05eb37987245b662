/**
 * Login throttling per account and per device (services/loginThrottle.ts), kept in the database so that every
 * instance behind a load balancer sees the same counts. A bucket is 'account:<normalised e-mail>', whether or
 * not a user has that e-mail (so throttling tells nothing about which e-mails exist), or 'device:<id>' for a
 * device cookie. `failures` counts the attempts let through since the last success, counted when they are let
 * through (before the password is checked), so that parallel guesses cannot all pass before the first is
 * counted; a success deletes the row. `audited_until` is the end of the last wait whose refusals are in the
 * audit log: one auth.login_throttled row per wait, however many attempts it refuses. Rows unused for a day are
 * deleted a few at a time by later attempts.
 */
export default /* sql */ `
CREATE TABLE login_throttle (
  bucket          text PRIMARY KEY,
  failures        integer NOT NULL,
  blocked_until   timestamptz NOT NULL,
  last_attempt_at timestamptz NOT NULL,
  audited_until   timestamptz NOT NULL DEFAULT 'epoch'
);
CREATE INDEX login_throttle_last_attempt_idx ON login_throttle (last_attempt_at);
`;
