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
): Promise<{ subindicatorId: number; kind: string; url: string | null; fileName: string | null } | undefined> {
  const [row] = await q.query<{ subindicator_id: number; kind: string; url: string | null; file_name: string | null }>(
    'DELETE FROM evidence WHERE id = $1 AND campaign_id = $2 RETURNING subindicator_id, kind, url, file_name',
    [evidenceId, campaignId],
  );
  return row && { subindicatorId: row.subindicator_id, kind: row.kind, url: row.url, fileName: row.file_name };
}
