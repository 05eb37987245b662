import type { Queryable } from '../client.js';
import type { PersonalData } from '../../../shared/api/auth.js';
import { isoSql } from './answerHistory.js';

/**
 * Every place a user's e-mail is copied beside an event, so that the record outlives the account (table, column,
 * and the column with the user's id where there is one). An erasure puts the pseudonym in each; a new column that
 * copies an e-mail must be added here (the erasure test searches every text column of the database for the address).
 */
const EMAIL_COPIES: readonly { table: string; email: string; id?: string }[] = [
  { table: 'audit_log', email: 'actor_email', id: 'actor_id' },
  { table: 'answer_history', email: 'user_email', id: 'user_id' },
  { table: 'review_marks', email: 'reviewer_email', id: 'reviewer_id' },
  { table: 'objections', email: 'author_email', id: 'author_id' },
  { table: 'objections', email: 'resolved_by' },
  { table: 'campaign_receipts', email: 'signer_email', id: 'signer_id' },
  { table: 'deadline_extensions', email: 'actor_email', id: 'actor_id' },
  { table: 'campaign_reopenings', email: 'actor_email', id: 'actor_id' },
];

/** A text as a literal inside a PostgreSQL regular expression. */
const regexLiteral = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Replaces the user's e-mail by the pseudonym wherever it was copied: the columns above (by the user's id, or by the
 * address without case), and inside the activity log's details (a failed sign-in names the address it was tried
 * with, a removal the address removed). The rows stay, with their dates and ids: the log keeps what happened.
 */
export async function pseudonymiseEmail(q: Queryable, userId: number, email: string, pseudonym: string): Promise<void> {
  for (const copy of EMAIL_COPIES) {
    const byId = copy.id ? ` OR ${copy.id} = $3` : '';
    await q.query(
      `UPDATE ${copy.table} SET ${copy.email} = $2 WHERE lower(${copy.email}) = lower($1)${byId}`,
      copy.id ? [email, pseudonym, userId] : [email, pseudonym],
    );
  }
  await q.query(
    `UPDATE audit_log SET details = regexp_replace(details::text, $1, $2, 'gi')::jsonb
      WHERE details IS NOT NULL AND strpos(lower(details::text), lower($3)) > 0`,
    [regexLiteral(email), pseudonym, email],
  );
  // An accessibility complaint is the person's own words under their address: it goes (an answer was due within a month).
  await q.query('DELETE FROM accessibility_complaints WHERE lower(email) = lower($1)', [email]);
  // The sign-in throttle's bucket is named after the address (loginThrottle.ts).
  await q.query('DELETE FROM login_throttle WHERE bucket = $1', [`account:${email.trim().toLowerCase()}`]);
}

/** Files (or renews) the user's request to have their data erased; answers when (ISO 8601). */
export async function upsertErasureRequest(q: Queryable, userId: number, reason: string | null): Promise<string> {
  const [row] = await q.query<{ at: string }>(
    `INSERT INTO erasure_requests (user_id, reason) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET reason = EXCLUDED.reason, requested_at = now()
     RETURNING ${isoSql('requested_at')} AS at`,
    [userId, reason],
  );
  return row.at;
}

/** Everything the database holds of one user, as `GET auth/me/export` gives it; undefined when the user is gone. */
export async function personalDataOf(q: Queryable, userId: number): Promise<PersonalData | undefined> {
  const [account] = await q.query<PersonalData['account']>(
    `SELECT u.id, u.email, u.name, u.language, ${isoSql('u.created_at')} AS "createdAt", ${isoSql('u.password_changed_at')} AS "passwordChangedAt",
            (SELECT ${isoSql('r.requested_at')} FROM erasure_requests r WHERE r.user_id = u.id) AS "erasureRequestedAt"
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  if (!account) return undefined;
  const memberships = await q.query<PersonalData['memberships'][number]>(
    `SELECT e.id AS "entityId", e.name AS "entityName", ue.role FROM user_entities ue JOIN entities e ON e.id = ue.entity_id
      WHERE ue.user_id = $1 ORDER BY e.name`,
    [userId],
  );
  const answers = await q.query<PersonalData['answers'][number]>(
    `SELECT h.campaign_id AS "campaignId", s.code AS question, h.kind, h.value, ${isoSql('h.at')} AS at
       FROM answer_history h JOIN subindicators s ON s.id = h.subindicator_id
      WHERE h.user_id = $1 ORDER BY h.at, h.id`,
    [userId],
  );
  const evidence = await q.query<PersonalData['evidence'][number]>(
    `SELECT v.campaign_id AS "campaignId", s.code AS question, v.kind, v.url, v.title, v.file_name AS "fileName", v.size::integer AS size, ${isoSql('v.added_at')} AS "addedAt"
       FROM evidence v JOIN subindicators s ON s.id = v.subindicator_id
      WHERE v.added_by = $1 ORDER BY v.added_at, v.id`,
    [userId],
  );
  const reviewMarks = await q.query<PersonalData['reviewMarks'][number]>(
    `SELECT m.campaign_id AS "campaignId", s.code AS question, m.verdict, m.comment, ${isoSql('m.marked_at')} AS "markedAt"
       FROM review_marks m JOIN subindicators s ON s.id = m.subindicator_id
      WHERE m.reviewer_id = $1 ORDER BY m.marked_at`,
    [userId],
  );
  const objections = await q.query<PersonalData['objections'][number]>(
    `SELECT o.campaign_id AS "campaignId", s.code AS question, o.text, o.status, ${isoSql('o.created_at')} AS "createdAt"
       FROM objections o JOIN subindicators s ON s.id = o.subindicator_id
      WHERE o.author_id = $1 ORDER BY o.created_at`,
    [userId],
  );
  const receipts = await q.query<PersonalData['receipts'][number]>(
    `SELECT campaign_id AS "campaignId", code, ${isoSql('sent_at')} AS "sentAt" FROM campaign_receipts WHERE signer_id = $1 ORDER BY sent_at`,
    [userId],
  );
  const activity = await q.query<PersonalData['activity'][number]>(
    `SELECT ${isoSql('at')} AS at, action, target_type AS "targetType", target_id AS "targetId", details FROM audit_log
      WHERE actor_id = $1 OR (actor_id IS NULL AND lower(details->>'email') = lower($2)) ORDER BY audit_log.at, id`,
    [userId, account.email],
  );
  const complaints = await q.query<PersonalData['complaints'][number]>(
    `SELECT text, ${isoSql('received_at')} AS "receivedAt" FROM accessibility_complaints WHERE lower(email) = lower($1) ORDER BY received_at, id`,
    [account.email],
  );
  return { account, memberships, answers, evidence, reviewMarks, objections, receipts, activity, complaints };
}
