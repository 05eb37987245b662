import { parameterFrom, type Queryable } from '../client.js';
import type { CampaignReceipt, PublicReceipt, Receipt } from '../../../shared/api/receipts.js';

/* The receipts of signed submissions (migration 027, `campaign_receipts`). */

export type ReceiptRow = { code: string; sha256: string; sent_at: Date; signer_email: string };
export const toReceipt = (r: ReceiptRow): Receipt => ({ code: r.code, sha256: r.sha256, sentAt: r.sent_at.toISOString(), signer: r.signer_email });

/** A submission's receipt as it is stored: its code, its campaign, the hash of the answers sent and who signed. */
export interface NewReceipt {
  code: string;
  campaignId: number;
  sha256: string;
  signerId: number;
  signerEmail: string;
}

/**
 * The INSERT of a receipt, sent now (the transaction's moment, the campaign's sending), whose five values are the
 * statement's parameters from $first on, in receiptValues' order; it answers the receipt's ReceiptRow. On its own
 * (insertReceipt) or as part of a submission's writes (storeSubmission).
 */
export function receiptInsert(first: number): string {
  const $ = parameterFrom(first);
  return `INSERT INTO campaign_receipts (code, campaign_id, sha256, sent_at, signer_id, signer_email) VALUES (${$(1)}, ${$(2)}, ${$(3)}, now(), ${$(4)}, ${$(5)})
     RETURNING code, sha256, sent_at, signer_email`;
}

/** A receipt's values, in the order receiptInsert's parameters take them. */
export const receiptValues = (r: NewReceipt): unknown[] => [r.code, r.campaignId, r.sha256, r.signerId, r.signerEmail];

/** Stores a receipt (receiptInsert). */
export async function insertReceipt(q: Queryable, receipt: NewReceipt): Promise<Receipt> {
  const [row] = await q.query<ReceiptRow>(receiptInsert(1), receiptValues(receipt));
  return toReceipt(row);
}

/**
 * A campaign's entity (its id, for the caller's permission, and its name), its edition's year and its latest
 * receipt (null before it was sent with one), in one statement; undefined when there is no such campaign.
 */
export async function latestReceipt(q: Queryable, campaignId: number): Promise<{ entityId: number; found: CampaignReceipt } | undefined> {
  const [row] = await q.query<{ entity_id: number; entity: string; edition: number } & { [K in keyof ReceiptRow]: ReceiptRow[K] | null }>(
    `SELECT c.entity_id, en.name AS entity, ed.campaign_number AS edition, r.code, r.sha256, r.sent_at, r.signer_email
       FROM campaigns c JOIN entities en ON en.id = c.entity_id JOIN editions ed ON ed.id = c.edition_id
       LEFT JOIN LATERAL (SELECT * FROM campaign_receipts r WHERE r.campaign_id = c.id ORDER BY r.sent_at DESC, r.code LIMIT 1) r ON true
      WHERE c.id = $1`,
    [campaignId],
  );
  if (!row) return undefined;
  const { entity_id, entity, edition, code, sha256, sent_at, signer_email } = row;
  const receipt = code !== null && sha256 !== null && sent_at !== null && signer_email !== null ? toReceipt({ code, sha256, sent_at, signer_email }) : null;
  return { entityId: entity_id, found: { entity, edition, receipt } };
}

/** What anyone verifies of a receipt: the entity's name, the edition's year, the moment and the hash; undefined for an unknown code. */
export async function findPublicReceipt(q: Queryable, code: string): Promise<PublicReceipt | undefined> {
  const [row] = await q.query<{ entity: string; edition: number; sent_at: Date; sha256: string }>(
    `SELECT en.name AS entity, ed.campaign_number AS edition, r.sent_at, r.sha256
       FROM campaign_receipts r JOIN campaigns c ON c.id = r.campaign_id
       JOIN entities en ON en.id = c.entity_id JOIN editions ed ON ed.id = c.edition_id
      WHERE r.code = $1`,
    [code],
  );
  return row && { entity: row.entity, edition: row.edition, sentAt: row.sent_at.toISOString(), sha256: row.sha256 };
}
