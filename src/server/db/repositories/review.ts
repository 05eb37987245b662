import { namedStatement, type Queryable } from '../client.js';
import type { AccessClaims } from '../../services/auth/tokenKinds.js';
import type { CurrentUser } from '../../../shared/api/auth.js';
import { readSessionUserAnd, sessionUserAnd } from './sessions.js';
import type { ReviewMark, ReviewVerdict } from '../../../shared/api/campaigns.js';
import type { ReviewQueue, ReviewQueueQuery, ReviewQueueRow } from '../../../shared/api/review.js';
import { ENTITY_PLACE_COLUMNS, ENTITY_PLACE_JOINS, entityPlaceOf, type EntityPlaceRow } from './entityPlace.js';

/** The review of sent campaigns (migration 019): reviewers' marks, the campaign's review status, the queue. */

/** A campaign's marks as one JSON object, sub-indicator id -> ReviewMark; null when it has none. */
export const REVIEW_MARKS_JSON = (campaignId: string) =>
  `(SELECT json_object_agg(m.subindicator_id, json_build_object(
       'verdict', m.verdict, 'comment', m.comment, 'reviewer', m.reviewer_email, 'markedAt', m.marked_at))
     FROM review_marks m WHERE m.campaign_id = ${campaignId})`;
export type ReviewMarksJson = Record<string, ReviewMark> | null;

/** REVIEW_MARKS_JSON read back (markedAt as an ISO string whichever database wrote it). */
export const reviewMarksMap = (json: ReviewMarksJson): Map<number, ReviewMark> =>
  new Map(Object.entries(json ?? {}).map(([sub, mark]) => [Number(sub), { ...mark, markedAt: new Date(mark.markedAt).toISOString() }]));

/** The sub-indicators marked `fix` of the campaign aliased as given while corrections are asked (an array, or null). */
export const FLAGGED_QUESTIONS_SQL = (alias: string) =>
  `CASE WHEN ${alias}.status = 'sent' AND ${alias}.review_status = 'changesRequested'
        THEN (SELECT array_agg(m.subindicator_id ORDER BY m.subindicator_id) FROM review_marks m WHERE m.campaign_id = ${alias}.id AND m.verdict = 'fix') END`;

/** Stores a reviewer's mark on one answer, replacing the one it had; answers the mark as stored. */
export async function writeMark(
  q: Queryable,
  mark: { campaignId: number; subindicatorId: number; verdict: ReviewVerdict; comment: string | null; reviewerId: number; reviewerEmail: string },
): Promise<ReviewMark> {
  const [row] = await q.query<{ verdict: ReviewVerdict; comment: string | null; reviewer_email: string; marked_at: Date }>(
    `INSERT INTO review_marks (campaign_id, subindicator_id, verdict, comment, reviewer_id, reviewer_email)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (campaign_id, subindicator_id) DO UPDATE
        SET verdict = EXCLUDED.verdict, comment = EXCLUDED.comment, reviewer_id = EXCLUDED.reviewer_id,
            reviewer_email = EXCLUDED.reviewer_email, marked_at = now()
     RETURNING verdict, comment, reviewer_email, marked_at`,
    [mark.campaignId, mark.subindicatorId, mark.verdict, mark.comment, mark.reviewerId, mark.reviewerEmail],
  );
  return { verdict: row.verdict, comment: row.comment, reviewer: row.reviewer_email, markedAt: new Date(row.marked_at).toISOString() };
}

/** The sub-indicators of a campaign marked `fix`, in id order. */
export async function readFlagged(q: Queryable, campaignId: number): Promise<number[]> {
  const rows = await q.query<{ subindicator_id: number }>(
    "SELECT subindicator_id FROM review_marks WHERE campaign_id = $1 AND verdict = 'fix' ORDER BY subindicator_id",
    [campaignId],
  );
  return rows.map((r) => r.subindicator_id);
}

/** A sent campaign back with its entity for corrections, with the reviewer's message (a validation it had is undone). */
export async function markChangesRequested(q: Queryable, campaignId: number, message: string): Promise<void> {
  await q.query("UPDATE campaigns SET review_status = 'changesRequested', review_message = $2, validated_at = NULL, validated_by = NULL WHERE id = $1", [
    campaignId,
    message,
  ]);
}

/** A sent campaign validated by that reviewer now. */
export async function markValidated(q: Queryable, campaignId: number, reviewerEmail: string): Promise<void> {
  await q.query("UPDATE campaigns SET review_status = 'validated', review_message = NULL, validated_at = now(), validated_by = $2 WHERE id = $1", [
    campaignId,
    reviewerEmail,
  ]);
}

/** A reopened campaign's review starts over: no marks, no message, no validation. */
export async function clearReview(q: Queryable, campaignId: number): Promise<void> {
  await q.query('DELETE FROM review_marks WHERE campaign_id = $1', [campaignId]);
  await q.query("UPDATE campaigns SET review_status = 'pending', review_message = NULL, validated_at = NULL, validated_by = NULL WHERE id = $1", [campaignId]);
}

/**
 * Whether the campaign aliased c is in the territory asked: community $2 and province $3, either null for any. The
 * entity is looked up only when one is asked, so that the whole edition's queue reads the campaigns alone.
 */
const IN_TERRITORY = `($2::text IS NULL AND $3::text IS NULL OR EXISTS (
     SELECT 1 FROM entities en JOIN provinces p ON p.id = en.province_id
      WHERE en.id = c.entity_id AND ($2::text IS NULL OR p.community_id = $2) AND ($3::text IS NULL OR p.id = $3)))`;

/**
 * The queue in one statement (one round trip): the counts by status, off the index of migration 023 (with no
 * territory, the index alone); the page, its campaigns taken in order off the other index ($4 the status, null for
 * any; $5 rows after $6), then their entities, places and marks counted for those rows alone; and the communities and
 * provinces where the edition has sent campaigns, each province asked once by index.
 */
const QUEUE = namedStatement(
  'review_queue',
  `SELECT
     (SELECT json_object_agg(k.review_status, k.n) FROM (
        SELECT c.review_status, count(*)::int AS n FROM campaigns c
         WHERE c.edition_id = $1 AND c.status = 'sent' AND ${IN_TERRITORY}
         GROUP BY c.review_status) k) AS counts,
     (SELECT json_agg(row_to_json(r) ORDER BY r.end_date, r.id) FROM (
        SELECT c.id, ${ENTITY_PLACE_COLUMNS}, c.review_status, c.end_date,
               (SELECT count(*) FROM review_marks m WHERE m.campaign_id = c.id AND m.verdict = 'ok')::int AS ok,
               (SELECT count(*) FROM review_marks m WHERE m.campaign_id = c.id AND m.verdict = 'fix')::int AS fix
          FROM (SELECT c.id, c.entity_id, c.review_status, c.end_date FROM campaigns c
                 WHERE c.edition_id = $1 AND c.status = 'sent' AND ${IN_TERRITORY} AND ($4::text IS NULL OR c.review_status = $4)
                 ORDER BY c.end_date, c.id
                 LIMIT $5 OFFSET $6) c
          ${ENTITY_PLACE_JOINS}) r) AS page,
     (SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'communityId', ac.id, 'community', ac.name))
        FROM provinces p JOIN autonomous_communities ac ON ac.id = p.community_id
       WHERE EXISTS (SELECT 1 FROM entities en JOIN campaigns c ON c.entity_id = en.id AND c.edition_id = $1 AND c.status = 'sent'
                      WHERE en.province_id = p.id)) AS territories`,
);

/** The edition a queue call reads and its queue's version (migration 024): its body is the same while the version is. */
export interface QueueEdition {
  id: number;
  campaignNumber: number;
  version: string;
}

type QueueEditionRow = { edition_id: number; campaign_number: number; queue_version: string };

/** The edition of id `param` (null for the newest) with its queue's version ('' until its first change). */
const queueEditionSql = (param: string) =>
  `SELECT ed.id AS edition_id, ed.campaign_number, COALESCE(v.version::text, '') AS queue_version
     FROM editions ed LEFT JOIN edition_review_versions v ON v.edition_id = ed.id
    WHERE (${param}::int IS NULL OR ed.id = ${param}) ORDER BY ed.campaign_number DESC LIMIT 1`;
const QUEUE_EDITION = namedStatement('review_queue_edition', queueEditionSql('$1'));
const SESSION_USER_AND_QUEUE_EDITION = sessionUserAnd('session_user_and_review_queue_edition', queueEditionSql('$3'));

const queueEditionOf = (r: QueueEditionRow): QueueEdition => ({ id: r.edition_id, campaignNumber: r.campaign_number, version: r.queue_version });

/** The edition a queue call reads (that id, else the newest) and its queue's version; undefined when there is none. */
export async function findQueueEdition(q: Queryable, editionId?: number): Promise<QueueEdition | undefined> {
  const [row] = await q.query<QueueEditionRow>(QUEUE_EDITION, [editionId ?? null]);
  return row && queueEditionOf(row);
}

/** findQueueEdition with the user of the access token's open session, in one statement (checkSessionWith). */
export async function findSessionUserAndQueueEdition(
  q: Queryable,
  session: AccessClaims,
  editionId?: number,
): Promise<{ user: CurrentUser | undefined; read: QueueEdition | undefined }> {
  const { user, read } = await readSessionUserAnd<QueueEditionRow>(q, SESSION_USER_AND_QUEUE_EDITION, session, [editionId ?? null], 'edition_id');
  return { user, read: read && queueEditionOf(read) };
}

type QueueRow = EntityPlaceRow & { id: number; review_status: ReviewStatusOfSent; end_date: string; ok: number; fix: number };

/**
 * The review queue of one edition (ReviewQueueQuery's territory and status), oldest sending first, with the counts by
 * status and the territories to narrow by: one statement whatever the size of the edition.
 */
export async function listReviewQueue(
  q: Queryable,
  edition: { id: number; campaignNumber: number },
  filter: Omit<ReviewQueueQuery, 'editionId' | 'page'>,
  page: { number: number; size: number },
): Promise<ReviewQueue> {
  const status = filter.reviewStatus ?? null;
  const [row] = await q.query<{
    counts: Partial<Record<ReviewStatusOfSent, number>> | null;
    page: QueueRow[] | null;
    territories: { id: string; name: string; communityId: string; community: string }[] | null;
  }>(QUEUE, [edition.id, filter.communityId ?? null, filter.provinceId ?? null, status, page.size, (page.number - 1) * page.size]);
  const counts = { pending: 0, changesRequested: 0, validated: 0, ...row.counts };
  const total = status === null ? counts.pending + counts.changesRequested + counts.validated : counts[status];
  return {
    editionId: edition.id,
    campaignNumber: edition.campaignNumber,
    counts,
    page: page.number,
    pageSize: page.size,
    total,
    campaigns: (row.page ?? []).map((r) => ({
      campaignId: r.id,
      campaignNumber: edition.campaignNumber,
      ...entityPlaceOf(r),
      reviewStatus: r.review_status,
      sentAt: new Date(r.end_date).toISOString(),
      marked: { ok: r.ok, fix: r.fix },
    })),
    territories: territoriesByName(row.territories ?? []),
  };
}

/** The review statuses a sent campaign can be in. */
export type ReviewStatusOfSent = Exclude<ReviewQueueRow['reviewStatus'], 'none'>;

/** The communities and provinces where an edition has sent campaigns (as the queue reads them), each list by name. */
function territoriesByName(provinces: { id: string; name: string; communityId: string; community: string }[]): ReviewQueue['territories'] {
  const byName = <T extends { name: string }>(list: T[]) => list.sort((a, b) => a.name.localeCompare(b.name, 'es'));
  const communities = new Map(provinces.map((r) => [r.communityId, { id: r.communityId, name: r.community }]));
  return {
    communities: byName([...communities.values()]),
    provinces: byName(provinces.map((r) => ({ id: r.id, name: r.name, communityId: r.communityId }))),
  };
}
