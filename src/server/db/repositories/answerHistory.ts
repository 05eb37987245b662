import { namedStatement, type Queryable } from '../client.js';
import type { AnswerChange, AnswerHistoryEntry, AnswerHistoryKind, AnswerHistoryValue, AnswerVersion } from '../../../shared/api/campaigns.js';

/**
 * Every change to an answer, its comment, its "No aplica" and its evidence, with who made it and when (migration 027,
 * answer_history; docs/api.md, "History and stale saves"). An answer's version is the id of its latest change of
 * the answer, comment or "No aplica" (0 before any). Written by the calls that change an answer, in the transaction
 * that holds the campaign's lock, so that an answer's changes are recorded in the order they were made.
 */

/** The kinds that make an answer's version (evidence does not: it never overwrites what someone else wrote). */
const VERSION_KINDS = "('answer', 'comment', 'notApplicable')";

/** A timestamptz as ISO 8601 in UTC with milliseconds, as Date.toISOString writes it, whatever the session's time zone. */
/** A timestamp column as ISO 8601 text in UTC, as the API writes dates. */
export const isoSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A campaign's answers' versions as one JSON object, sub-indicator id -> AnswerVersion, for the sub-indicators with a
 * history (null when none has): read with the campaign by campaigns/get, in the same statement.
 */
export const ANSWER_VERSIONS_JSON = (campaignId: string) =>
  `(SELECT json_object_agg(v.subindicator_id, json_build_object(
       'version', v.version, 'lastChange', json_build_object('userEmail', l.user_email, 'at', ${isoSql('l.at')})))
     FROM (SELECT subindicator_id, coalesce(max(id) FILTER (WHERE kind IN ${VERSION_KINDS}), 0) AS version, max(id) AS last_id
             FROM answer_history WHERE campaign_id = ${campaignId} GROUP BY subindicator_id) v
     JOIN answer_history l ON l.id = v.last_id)`;
export type AnswerVersionsJson = Record<string, AnswerVersion> | null;

/** ANSWER_VERSIONS_JSON read back: sub-indicator id -> version (sub-indicators without history absent). */
export const answerVersionsMap = (json: AnswerVersionsJson): Map<number, AnswerVersion> =>
  new Map(Object.entries(json ?? {}).map(([sub, version]) => [Number(sub), version]));

/** One answer as stored before a save changes it: what it holds, whether it awaits confirmation, its version and who made that version. */
export interface StoredAnswer {
  answer: number[] | null;
  comment: string | null;
  notApplicableReason: string | null;
  /** Copied from the previous edition and not confirmed yet. */
  prefilled: boolean;
  version: number;
  /** Who made the change `version` names, and when; null at version 0. */
  versionChange: AnswerChange | null;
}

// One statement: saveAnswer's whole read, run once the campaign is locked (a save that waited for the lock reads
// what the one before it wrote: each statement of a READ COMMITTED transaction sees what was committed before it).
const STORED_ANSWER = namedStatement(
  'stored_answer_with_version',
  `SELECT a.response_ids AS answer, n.comment, n.not_applicable_reason, coalesce(n.prefilled, false) AS prefilled,
          coalesce(h.id, 0)::float8 AS version, h.user_email, h.at
     FROM (VALUES ($1::int, $2::int)) AS k(campaign_id, subindicator_id)
     LEFT JOIN answers a ON a.campaign_id = k.campaign_id AND a.subindicator_id = k.subindicator_id
     LEFT JOIN answer_notes n ON n.campaign_id = k.campaign_id AND n.subindicator_id = k.subindicator_id
     LEFT JOIN LATERAL (SELECT id, user_email, at FROM answer_history
                         WHERE campaign_id = k.campaign_id AND subindicator_id = k.subindicator_id AND kind IN ${VERSION_KINDS}
                         ORDER BY id DESC LIMIT 1) h ON true`,
);

/** One answer of a campaign as stored (nothing: answer, comment and reason null, version 0), with its version. */
export async function readStoredAnswer(q: Queryable, campaignId: number, subindicatorId: number): Promise<StoredAnswer> {
  const [row] = await q.query<{
    answer: number[] | null;
    comment: string | null;
    not_applicable_reason: string | null;
    prefilled: boolean;
    version: number;
    user_email: string | null;
    at: Date | string | null;
  }>(STORED_ANSWER, [campaignId, subindicatorId]);
  return {
    answer: row.answer,
    comment: row.comment,
    notApplicableReason: row.not_applicable_reason,
    prefilled: row.prefilled,
    version: row.version,
    versionChange: row.user_email === null || row.at === null ? null : { userEmail: row.user_email, at: new Date(row.at).toISOString() },
  };
}

/** One change to record: its kind and value (docs/api.md; AnswerHistoryValue). */
export interface HistoryRow {
  kind: AnswerHistoryKind;
  value: AnswerHistoryValue;
}

// Every change of one call in one statement, in the order given; the value null is stored as SQL NULL.
const RECORD_CHANGES = namedStatement(
  'record_answer_changes',
  `WITH recorded AS (
     INSERT INTO answer_history (campaign_id, subindicator_id, kind, value, user_id, user_email)
     SELECT $1, $2, r.change->>'kind', NULLIF(r.change->'value', 'null'::jsonb), $3, $4
       FROM jsonb_array_elements($5::jsonb) WITH ORDINALITY AS r(change, n)
      ORDER BY r.n
     RETURNING id)
   SELECT max(id)::float8 AS last FROM recorded`,
);

/**
 * Records changes to one answer made by one user (id and e-mail as they are now), at the transaction's time; the id
 * of the last one recorded (the answer's new version when they are changes of its answer, comment or "No aplica").
 */
export async function recordChanges(
  q: Queryable,
  answer: { campaignId: number; subindicatorId: number },
  by: { id: number; email: string },
  rows: readonly HistoryRow[],
): Promise<number> {
  const [row] = await q.query<{ last: number }>(RECORD_CHANGES, [answer.campaignId, answer.subindicatorId, by.id, by.email, JSON.stringify(rows)]);
  return row.last;
}

/** One answer's history with what deciding who may read it needs: the campaign's entity, and whether the question is of its edition. */
export interface AnswerHistoryRead {
  entityId: number;
  inEdition: boolean;
  entries: AnswerHistoryEntry[];
}

const ANSWER_HISTORY = namedStatement(
  'answer_history_of_question',
  `SELECT c.entity_id,
          EXISTS (SELECT 1 FROM subindicators s JOIN indicators i ON i.id = s.indicator_id WHERE s.id = $2 AND i.edition_id = c.edition_id) AS in_edition,
          coalesce((SELECT json_agg(json_build_object('kind', h.kind, 'value', h.value, 'userEmail', h.user_email, 'at', ${isoSql('h.at')})
                                    ORDER BY h.id DESC)
                      FROM answer_history h WHERE h.campaign_id = c.id AND h.subindicator_id = $2), '[]') AS entries
     FROM campaigns c WHERE c.id = $1`,
);

/** Every change to one answer of a campaign, newest first; undefined when there is no such campaign. */
export async function readAnswerHistory(q: Queryable, campaignId: number, subindicatorId: number): Promise<AnswerHistoryRead | undefined> {
  const [row] = await q.query<{ entity_id: number; in_edition: boolean; entries: AnswerHistoryEntry[] }>(ANSWER_HISTORY, [campaignId, subindicatorId]);
  return row && { entityId: row.entity_id, inEdition: row.in_edition, entries: row.entries };
}
