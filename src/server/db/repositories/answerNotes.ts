import { namedStatement, type Queryable } from '../client.js';
import type { EvidenceItem } from '../../../shared/api/campaigns.js';

/**
 * What an entity puts beside its answers (migration 018): comments and "No aplica" reasons (answer_notes) and
 * evidence (evidence, evidence_chunks). Read back with the answers (questionnaires.ts CAMPAIGN_NOTES_JSON).
 */

/** A change to one answer's notes: a field left undefined stays as it is; null removes it. */
export interface NotesChange {
  comment?: string | null;
  notApplicableReason?: string | null;
}

// Updates the row when there is one, else inserts one when there is something to keep. Saving an answer again
// also confirms an answer copied from the previous edition (prefilled).
const WRITE_NOTES = namedStatement(
  'write_answer_notes',
  `WITH updated AS (
     UPDATE answer_notes SET comment = CASE WHEN $3 THEN $4 ELSE comment END,
                             not_applicable_reason = CASE WHEN $5 THEN $6 ELSE not_applicable_reason END,
                             prefilled = false, updated_at = now()
      WHERE campaign_id = $1 AND subindicator_id = $2
     RETURNING 1)
   INSERT INTO answer_notes (campaign_id, subindicator_id, comment, not_applicable_reason)
   SELECT $1, $2, $4, $6 WHERE NOT EXISTS (SELECT 1 FROM updated) AND ($4::text IS NOT NULL OR $6::text IS NOT NULL)`,
);

/** Applies a change to one answer's notes (in the transaction that holds the campaign's lock). */
export async function writeNotes(q: Queryable, campaignId: number, subindicatorId: number, change: NotesChange): Promise<void> {
  const { comment, notApplicableReason: reason } = change;
  await q.query(WRITE_NOTES, [campaignId, subindicatorId, comment !== undefined, comment ?? null, reason !== undefined, reason ?? null]);
}

/** How many items of evidence one answer has. */
export async function countEvidence(q: Queryable, campaignId: number, subindicatorId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM evidence WHERE campaign_id = $1 AND subindicator_id = $2', [
    campaignId,
    subindicatorId,
  ]);
  return row.n;
}

/** The columns of one evidence item as the API sends it (e the evidence row, u its author). */
const EVIDENCE_ITEM_SQL = `jsonb_strip_nulls(jsonb_build_object(
    'id', e.id, 'kind', e.kind, 'url', e.url, 'title', e.title, 'fileName', e.file_name, 'contentType', e.content_type, 'size', e.size))
  || jsonb_build_object('addedBy', u.email, 'addedAt', e.added_at)`;

/** Adds a link behind one answer; the item as the API sends it. */
export async function insertEvidenceLink(
  q: Queryable,
  link: { campaignId: number; subindicatorId: number; url: string; title: string | null; addedBy: number },
): Promise<EvidenceItem> {
  const [row] = await q.query<{ item: EvidenceItem }>(
    `WITH e AS (INSERT INTO evidence (campaign_id, subindicator_id, kind, url, title, added_by) VALUES ($1, $2, 'link', $3, $4, $5) RETURNING *)
     SELECT ${EVIDENCE_ITEM_SQL} AS item FROM e LEFT JOIN users u ON u.id = e.added_by`,
    [link.campaignId, link.subindicatorId, link.url, link.title, link.addedBy],
  );
  return row.item;
}

/** Removes one item of evidence of a campaign (a file with its bytes); what it was, or undefined when the campaign has no such item. */
export async function deleteEvidence(
  q: Queryable,
  campaignId: number,
  evidenceId: number,
): Promise<
  { subindicatorId: number; kind: EvidenceItem['kind']; url: string | null; title: string | null; fileName: string | null; addedAt: Date } | undefined
> {
  const [row] = await q.query<{
    subindicator_id: number;
    kind: EvidenceItem['kind'];
    url: string | null;
    title: string | null;
    file_name: string | null;
    added_at: Date;
  }>('DELETE FROM evidence WHERE id = $1 AND campaign_id = $2 RETURNING subindicator_id, kind, url, title, file_name, added_at', [evidenceId, campaignId]);
  return (
    row && {
      subindicatorId: row.subindicator_id,
      kind: row.kind,
      url: row.url,
      title: row.title,
      fileName: row.file_name,
      addedAt: new Date(row.added_at),
    }
  );
}

/** The bytes all the files of a campaign take together. */
export async function evidenceBytes(q: Queryable, campaignId: number): Promise<number> {
  // float8: a sum of bigints comes back as text or a BigInt otherwise; far below 2^53.
  const [row] = await q.query<{ n: number }>("SELECT coalesce(sum(size), 0)::float8 AS n FROM evidence WHERE campaign_id = $1 AND kind = 'file'", [campaignId]);
  return row.n;
}

/**
 * Starts a file behind one answer: its row, whose type and size say nothing until finishEvidenceFile writes them
 * once every piece is in (the whole in the transaction that holds the campaign's lock). Its id.
 */
export async function insertEvidenceFile(
  q: Queryable,
  file: { campaignId: number; subindicatorId: number; fileName: string; addedBy: number },
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO evidence (campaign_id, subindicator_id, kind, file_name, content_type, size, added_by)
     VALUES ($1, $2, 'file', $3, 'application/octet-stream', 0, $4) RETURNING id`,
    [file.campaignId, file.subindicatorId, file.fileName, file.addedBy],
  );
  return row.id;
}

/** Stores one piece of a file's bytes, its position counted from 0. */
export async function insertEvidenceChunk(q: Queryable, evidenceId: number, position: number, data: Buffer): Promise<void> {
  await q.query('INSERT INTO evidence_chunks (evidence_id, position, data) VALUES ($1, $2, $3)', [evidenceId, position, data]);
}

/** Writes a stored file's name, detected type and size; the item as the API sends it. */
export async function finishEvidenceFile(
  q: Queryable,
  evidenceId: number,
  file: { fileName: string; contentType: string; size: number },
): Promise<EvidenceItem> {
  const [row] = await q.query<{ item: EvidenceItem }>(
    `WITH e AS (UPDATE evidence SET file_name = $2, content_type = $3, size = $4 WHERE id = $1 RETURNING *)
     SELECT ${EVIDENCE_ITEM_SQL} AS item FROM e LEFT JOIN users u ON u.id = e.added_by`,
    [evidenceId, file.fileName, file.contentType, file.size],
  );
  return row.item;
}

/** A stored file with the campaign it belongs to (whose entity and status decide who may read it). */
export interface EvidenceFileRow {
  entityId: number;
  campaignStatus: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** The file `evidenceId` of campaign `campaignId`; undefined when the campaign has no such file (a link is not one). */
export async function findEvidenceFile(q: Queryable, campaignId: number, evidenceId: number): Promise<EvidenceFileRow | undefined> {
  const [row] = await q.query<{ entity_id: number; status: string; file_name: string; content_type: string; size: number }>(
    `SELECT c.entity_id, c.status, e.file_name, e.content_type, e.size::float8 AS size
       FROM evidence e JOIN campaigns c ON c.id = e.campaign_id
      WHERE e.id = $2 AND e.campaign_id = $1 AND e.kind = 'file'`,
    [campaignId, evidenceId],
  );
  return row && { entityId: row.entity_id, campaignStatus: row.status, fileName: row.file_name, contentType: row.content_type, size: row.size };
}

/**
 * The bytes a file is read back in: a stored piece (EVIDENCE_CHUNK_BYTES) comes out of the database in parts of this
 * size. pg reads a bytea as hexadecimal text, twice its size, so a whole piece is a 512 KB string to decode; in parts
 * of 32 KB, ten downloads at once took a quarter less time on both databases (docs/benchmarks.md, "API: receipts
 * and evidence downloads").
 */
const EVIDENCE_READ_BYTES = 32 * 1024;

/**
 * The bytes of the pieces of a file from position `from` up to `count` of them, in order, as parts of at most
 * EVIDENCE_READ_BYTES, each with its piece's position (PGlite answers bytea as a Uint8Array, pg as a Buffer).
 */
export async function readEvidenceChunks(q: Queryable, evidenceId: number, from: number, count: number): Promise<{ position: number; data: Buffer }[]> {
  const rows = await q.query<{ position: number; data: Uint8Array }>(
    `SELECT c.position, substring(c.data FROM part.at FOR ${EVIDENCE_READ_BYTES}) AS data
       FROM evidence_chunks c
       CROSS JOIN LATERAL generate_series(1, greatest(octet_length(c.data), 1), ${EVIDENCE_READ_BYTES}) AS part(at)
      WHERE c.evidence_id = $1 AND c.position >= $2 AND c.position < $2 + $3
      ORDER BY c.position, part.at`,
    [evidenceId, from, count],
  );
  return rows.map((r) => ({ position: r.position, data: Buffer.isBuffer(r.data) ? r.data : Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength) }));
}
