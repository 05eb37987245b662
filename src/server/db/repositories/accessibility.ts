import type { Queryable } from '../client.js';
import { ROLES } from '../../../shared/roles.js';
import type { Language } from '../../../shared/constants.js';
import type { AccessibilityStatement, Complaint, StatementContents } from '../../../shared/api/accessibility.js';
import { COMPLAINTS_LISTED } from '../../../shared/accessibility.js';
import { isoSql } from './answerHistory.js';
import { deleteOlderThan } from './audit.js';

const STATEMENT_COLUMNS = `conformance, exceptions, to_char(reviewed_on, 'YYYY-MM-DD') AS "reviewedOn", ${isoSql('updated_at')} AS "updatedAt"`;

/** The statement's one row (migration 032 writes it). */
export async function readStatement(q: Queryable): Promise<AccessibilityStatement> {
  const [row] = await q.query<AccessibilityStatement>(`SELECT ${STATEMENT_COLUMNS} FROM accessibility_statement`);
  return row;
}

export async function writeStatement(q: Queryable, contents: StatementContents): Promise<AccessibilityStatement> {
  const [row] = await q.query<AccessibilityStatement>(
    `UPDATE accessibility_statement SET conformance = $1, exceptions = $2, reviewed_on = $3::date, updated_at = now() RETURNING ${STATEMENT_COLUMNS}`,
    [contents.conformance, contents.exceptions, contents.reviewedOn],
  );
  return row;
}

export async function insertComplaint(q: Queryable, complaint: { email: string; text: string }): Promise<{ id: number; receivedAt: string }> {
  const [row] = await q.query<{ id: number; receivedAt: string }>(
    `INSERT INTO accessibility_complaints (email, text) VALUES ($1, $2) RETURNING id, ${isoSql('received_at')} AS "receivedAt"`,
    [complaint.email, complaint.text],
  );
  return row;
}

/** The newest complaints, at most COMPLAINTS_LISTED (older ones stay, until their retention ends). */
export async function listComplaints(q: Queryable): Promise<Complaint[]> {
  return q.query<Complaint>(
    `SELECT id, email, text, ${isoSql('received_at')} AS "receivedAt" FROM accessibility_complaints ORDER BY received_at DESC, id DESC LIMIT ${COMPLAINTS_LISTED}`,
  );
}

/** How many complaints arrived in the last hour, from anyone. */
export async function complaintsInLastHour(q: Queryable): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>("SELECT count(*)::integer AS n FROM accessibility_complaints WHERE received_at > now() - interval '1 hour'");
  return n;
}

/** Removes the complaints older than `days` days (as the activity log's retention does); answers how many went. */
export const purgeComplaints = (q: Queryable, days: number): Promise<number> => deleteOlderThan(q, 'accessibility_complaints', days);

/** The administrators to tell of a complaint: their address and language. */
export async function administrators(q: Queryable): Promise<{ email: string; language: Language }[]> {
  return q.query<{ email: string; language: Language }>('SELECT email, language FROM users WHERE role = $1 ORDER BY id', [ROLES.ADMIN]);
}
