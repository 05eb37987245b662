import type { Queryable } from '../client.js';
import type { Objection, ObjectionStatus } from '../../../shared/api/objections.js';

/** Objections to provisional results and editions' publication (migration 021). */

/**
 * An edition's publication: when its provisional results were published and the last day to object (null until
 * then), and when they were published as final (migration 022; null until then).
 */
export interface Publication {
  provisionalPublishedAt: Date | null;
  objectionsUntil: string | null;
  finalPublishedAt: Date | null;
}

const PUBLICATION_COLUMNS = `provisional_published_at AS "provisionalPublishedAt", objections_until::text AS "objectionsUntil",
  final_published_at AS "finalPublishedAt"`;

/** The edition's publication. */
export async function readPublication(q: Queryable, editionId: number): Promise<Publication> {
  const [row] = await q.query<Publication>(`SELECT ${PUBLICATION_COLUMNS} FROM editions WHERE id = $1`, [editionId]);
  return row;
}

/** Publishes the edition's provisional results (the first moment kept) with the last day to object; answers the publication as now. */
export async function writeProvisionalPublication(q: Queryable, editionId: number, objectionsUntil: string): Promise<Publication> {
  const [row] = await q.query<Publication>(
    `UPDATE editions SET provisional_published_at = coalesce(provisional_published_at, now()), objections_until = $2::date
      WHERE id = $1 RETURNING ${PUBLICATION_COLUMNS}`,
    [editionId, objectionsUntil],
  );
  return row;
}

/**
 * An objection awaiting a decision, on objections `o` of campaigns `c`: open, of a sent campaign (a reopened
 * campaign's are shown nowhere, so counted nowhere, until it is sent again).
 */
export const AWAITING_DECISION_SQL = "o.status = 'open' AND c.status = 'sent'";

/** The objections of an edition awaiting a decision. */
export async function countOpenObjections(q: Queryable, editionId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM objections o JOIN campaigns c ON c.id = o.campaign_id WHERE c.edition_id = $1 AND ${AWAITING_DECISION_SQL}`,
    [editionId],
  );
  return row.n;
}

const OBJECTION_COLUMNS = `o.id, o.campaign_id AS "campaignId", o.subindicator_id AS question, o.text, o.author_email AS author,
  o.created_at AS "createdAt", o.status, o.reason, o.resolved_by AS "resolvedBy", o.resolved_at AS "resolvedAt"`;

type ObjectionRow = Omit<Objection, 'createdAt' | 'resolvedAt'> & { createdAt: Date; resolvedAt: Date | null };

const toObjection = (r: ObjectionRow): Objection => ({
  ...r,
  createdAt: new Date(r.createdAt).toISOString(),
  resolvedAt: r.resolvedAt === null ? null : new Date(r.resolvedAt).toISOString(),
});

/** Files an open objection (a second open one on the same answer violates objections_one_open_idx). */
export async function insertObjection(
  q: Queryable,
  objection: { campaignId: number; question: number; text: string; authorId: number; authorEmail: string },
): Promise<Objection> {
  const [row] = await q.query<ObjectionRow>(
    `WITH o AS (INSERT INTO objections (campaign_id, subindicator_id, text, author_id, author_email) VALUES ($1, $2, $3, $4, $5) RETURNING *)
     SELECT ${OBJECTION_COLUMNS} FROM o`,
    [objection.campaignId, objection.question, objection.text, objection.authorId, objection.authorEmail],
  );
  return toObjection(row);
}

/** The objection's campaign, read without locking (the caller locks the campaign, then the objection). */
export async function findObjectionCampaign(q: Queryable, id: number): Promise<number | undefined> {
  const [row] = await q.query<{ campaign_id: number }>('SELECT campaign_id FROM objections WHERE id = $1', [id]);
  return row?.campaign_id;
}

/** The objection, locked until commit. */
export async function lockObjection(q: Queryable, id: number): Promise<Objection | undefined> {
  const [row] = await q.query<ObjectionRow>(`SELECT ${OBJECTION_COLUMNS} FROM objections o WHERE o.id = $1 FOR UPDATE`, [id]);
  return row && toObjection(row);
}

/** Resolves an open objection with the reviewer's reason; answers it as stored. */
export async function writeResolution(
  q: Queryable,
  id: number,
  resolution: { status: Exclude<ObjectionStatus, 'open'>; reason: string; by: string },
): Promise<Objection> {
  const [row] = await q.query<ObjectionRow>(
    `WITH o AS (UPDATE objections SET status = $2, reason = $3, resolved_by = $4, resolved_at = now() WHERE id = $1 RETURNING *)
     SELECT ${OBJECTION_COLUMNS} FROM o`,
    [id, resolution.status, resolution.reason, resolution.by],
  );
  return toObjection(row);
}

/** When the open objection to one answer of a campaign was filed; undefined when that answer has none. */
export async function openObjectionSince(q: Queryable, campaignId: number, question: number): Promise<Date | undefined> {
  const [row] = await q.query<{ created_at: Date }>("SELECT created_at FROM objections WHERE campaign_id = $1 AND subindicator_id = $2 AND status = 'open'", [
    campaignId,
    question,
  ]);
  return row && new Date(row.created_at);
}

/** A campaign's objections, newest first. */
export async function listObjections(q: Queryable, campaignId: number): Promise<Objection[]> {
  const rows = await q.query<ObjectionRow>(`SELECT ${OBJECTION_COLUMNS} FROM objections o WHERE o.campaign_id = $1 ORDER BY o.created_at DESC, o.id DESC`, [
    campaignId,
  ]);
  return rows.map(toObjection);
}
