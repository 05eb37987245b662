import type { Queryable } from '../client.js';

/** A draft edition as stored: its document (the catalogue being written), version and who changed it last. */
export interface DraftRow {
  campaignNumber: number;
  document: unknown;
  version: number;
  basedOn: number | null;
  updatedAt: string;
  updatedBy: string | null;
}

const SELECT_DRAFT = `SELECT d.campaign_number AS "campaignNumber", d.document, d.version, d.based_on AS "basedOn",
                             d.updated_at AS "updatedAt", u.email AS "updatedBy"
                        FROM edition_drafts d LEFT JOIN users u ON u.id = d.updated_by`;

const asDraft = (row: DraftRow): DraftRow => ({ ...row, updatedAt: new Date(row.updatedAt).toISOString() });

/** The draft of a year, locked for a change when `forUpdate` (in the caller's transaction). */
export async function findDraft(q: Queryable, campaignNumber: number, forUpdate = false): Promise<DraftRow | undefined> {
  const [row] = await q.query<DraftRow>(`${SELECT_DRAFT} WHERE d.campaign_number = $1${forUpdate ? ' FOR UPDATE OF d' : ''}`, [campaignNumber]);
  return row && asDraft(row);
}

/** Every draft, newest year first. */
export async function listDrafts(q: Queryable): Promise<{ campaignNumber: number; version: number; updatedAt: string }[]> {
  const rows = await q.query<{ campaignNumber: number; version: number; updatedAt: string }>(
    'SELECT campaign_number AS "campaignNumber", version, updated_at AS "updatedAt" FROM edition_drafts ORDER BY campaign_number DESC',
  );
  return rows.map((r) => ({ ...r, updatedAt: new Date(r.updatedAt).toISOString() }));
}

/** A new draft; false when the year has one already (the primary key decides between two at once). */
export async function insertDraft(q: Queryable, campaignNumber: number, document: unknown, basedOn: number | null, userId: number): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO edition_drafts (campaign_number, document, based_on, created_by, updated_by) VALUES ($1, $2::jsonb, $3, $4, $4)
     ON CONFLICT (campaign_number) DO NOTHING RETURNING 1`,
    [campaignNumber, JSON.stringify(document), basedOn, userId],
  );
  return rows.length > 0;
}

/** Writes a draft's new document if its version is still `version` (raised by one); false when another change came first. */
export async function updateDraft(q: Queryable, campaignNumber: number, version: number, document: unknown, userId: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE edition_drafts SET document = $3::jsonb, version = version + 1, updated_by = $4, updated_at = now()
      WHERE campaign_number = $1 AND version = $2 RETURNING 1`,
    [campaignNumber, version, JSON.stringify(document), userId],
  );
  return rows.length > 0;
}

export async function deleteDraft(q: Queryable, campaignNumber: number): Promise<void> {
  await q.query('DELETE FROM edition_drafts WHERE campaign_number = $1', [campaignNumber]);
}
