import type { Queryable } from '../client.js';
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

/** The review queue of one edition (ReviewQueueQuery's territory and status), oldest sending first, with the counts by status. */
export async function listReviewQueue(
  q: Queryable,
  edition: { id: number; campaignNumber: number },
  filter: Omit<ReviewQueueQuery, 'editionId' | 'page'>,
  page: { number: number; size: number },
): Promise<ReviewQueue> {
  // The edition's sent campaigns in the territory asked: counted by status, then the page of the status asked.
  const inTerritory = `FROM campaigns c
       ${ENTITY_PLACE_JOINS}
      WHERE c.edition_id = $1 AND c.status = 'sent'
        AND ($2::text IS NULL OR ac.id = $2) AND ($3::text IS NULL OR p.id = $3)`;
  const territory = [edition.id, filter.communityId ?? null, filter.provinceId ?? null];
  const counts = { pending: 0, changesRequested: 0, validated: 0 };
  for (const r of await q.query<{ review_status: ReviewStatusOfSent; n: number }>(
    `SELECT c.review_status, count(*)::int AS n ${inTerritory} GROUP BY c.review_status`,
    territory,
  ))
    counts[r.review_status] = r.n;
  const status = filter.reviewStatus ?? null;
  const total = status === null ? counts.pending + counts.changesRequested + counts.validated : counts[status];
  const rows = await q.query<EntityPlaceRow & { id: number; review_status: ReviewStatusOfSent; end_date: Date; ok: number; fix: number }>(
    `SELECT c.id, ${ENTITY_PLACE_COLUMNS}, c.review_status, c.end_date,
            (SELECT count(*) FROM review_marks m WHERE m.campaign_id = c.id AND m.verdict = 'ok')::int AS ok,
            (SELECT count(*) FROM review_marks m WHERE m.campaign_id = c.id AND m.verdict = 'fix')::int AS fix
       ${inTerritory} AND ($4::text IS NULL OR c.review_status = $4)
      ORDER BY c.end_date, c.id
      LIMIT $5 OFFSET $6`,
    [...territory, status, page.size, (page.number - 1) * page.size],
  );
  return {
    editionId: edition.id,
    campaignNumber: edition.campaignNumber,
    counts,
    page: page.number,
    pageSize: page.size,
    total,
    campaigns: rows.map((r) => ({
      campaignId: r.id,
      campaignNumber: edition.campaignNumber,
      ...entityPlaceOf(r),
      reviewStatus: r.review_status,
      sentAt: new Date(r.end_date).toISOString(),
      marked: { ok: r.ok, fix: r.fix },
    })),
    territories: await sentTerritories(q, edition.id),
  };
}

/** The review statuses a sent campaign can be in. */
export type ReviewStatusOfSent = Exclude<ReviewQueueRow['reviewStatus'], 'none'>;

/** The communities and provinces where an edition has sent campaigns, by name. */
async function sentTerritories(q: Queryable, editionId: number): Promise<ReviewQueue['territories']> {
  const provinces = await q.query<{ id: string; name: string; community_id: string; community: string }>(
    `SELECT DISTINCT p.id, p.name, ac.id AS community_id, ac.name AS community
       FROM campaigns c
       ${ENTITY_PLACE_JOINS}
      WHERE c.edition_id = $1 AND c.status = 'sent'`,
    [editionId],
  );
  const byName = <T extends { name: string }>(list: T[]) => list.sort((a, b) => a.name.localeCompare(b.name, 'es'));
  const communities = new Map(provinces.map((r) => [r.community_id, { id: r.community_id, name: r.community }]));
  return {
    communities: byName([...communities.values()]),
    provinces: byName(provinces.map((r) => ({ id: r.id, name: r.name, communityId: r.community_id }))),
  };
}
