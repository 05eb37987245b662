import { namedStatement, parameterFrom, type Queryable } from '../client.js';
import type { CampaignReceipt, PublicReceipt, Receipt } from '../../../shared/api/receipts.js';
import type { CurrentUser } from '../../../shared/api/auth.js';
import type { SessionKey } from '../../services/auth/tokenKinds.js';
import { readSessionUserAnd, sessionUserAnd } from './sessions.js';

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

/** A campaign's entity, edition and latest receipt (its columns null before it was sent with one), as latestReceiptSelect reads them. */
type LatestReceiptRow = { entity_id: number; entity: string; edition: number } & { [K in keyof ReceiptRow]: ReceiptRow[K] | null };

/** The SELECT of a campaign's entity, edition and latest receipt, the campaign's id being the parameter `id` ('$1'). */
const latestReceiptSelect = (id: string) =>
  `SELECT c.entity_id, en.name AS entity, ed.campaign_number AS edition, r.code, r.sha256, r.sent_at, r.signer_email
     FROM campaigns c JOIN entities en ON en.id = c.entity_id JOIN editions ed ON ed.id = c.edition_id
     LEFT JOIN LATERAL (SELECT * FROM campaign_receipts r WHERE r.campaign_id = c.id ORDER BY r.sent_at DESC, r.code LIMIT 1) r ON true
    WHERE c.id = ${id}`;

/** A campaign's latest receipt with its entity's id (for the caller's permission) and name, and its edition's year. */
export type LatestReceipt = { entityId: number; found: CampaignReceipt };

function toLatestReceipt({ entity_id, entity, edition, code, sha256, sent_at, signer_email }: LatestReceiptRow): LatestReceipt {
  const receipt = code !== null && sha256 !== null && sent_at !== null && signer_email !== null ? toReceipt({ code, sha256, sent_at, signer_email }) : null;
  return { entityId: entity_id, found: { entity, edition, receipt } };
}

/**
 * A campaign's entity (its id, for the caller's permission, and its name), its edition's year and its latest
 * receipt (null before it was sent with one), in one statement; undefined when there is no such campaign.
 */
export async function latestReceipt(q: Queryable, campaignId: number): Promise<LatestReceipt | undefined> {
  const [row] = await q.query<LatestReceiptRow>(latestReceiptSelect('$1'), [campaignId]);
  return row && toLatestReceipt(row);
}

// The session check and the campaign's latest receipt in one statement: the call's only statement.
const SESSION_USER_AND_LATEST_RECEIPT = sessionUserAnd('session_user_and_latest_receipt', latestReceiptSelect('$3'));

/**
 * latestReceipt with the access token's session checked in the same statement (sessionCheckedByRoute): user
 * undefined when the session is revoked or gone, read undefined when there is no such campaign.
 */
export async function findSessionUserAndLatestReceipt(
  q: Queryable,
  session: SessionKey,
  campaignId: number,
): Promise<{ user: CurrentUser | undefined; read: LatestReceipt | undefined }> {
  const { user, read } = await readSessionUserAnd<LatestReceiptRow>(q, SESSION_USER_AND_LATEST_RECEIPT, session, [campaignId], 'entity_id');
  return { user, read: read && toLatestReceipt(read) };
}

// Anyone's call, without an account: prepared once per connection (a named statement), as the signed-in calls' are.
const PUBLIC_RECEIPT = namedStatement(
  'public_receipt',
  `SELECT en.name AS entity, ed.campaign_number AS edition, r.sent_at, r.sha256
     FROM campaign_receipts r JOIN campaigns c ON c.id = r.campaign_id
     JOIN entities en ON en.id = c.entity_id JOIN editions ed ON ed.id = c.edition_id
    WHERE r.code = $1`,
);

/** What anyone verifies of a receipt: the entity's name, the edition's year, the moment and the hash; undefined for an unknown code. */
export async function findPublicReceipt(q: Queryable, code: string): Promise<PublicReceipt | undefined> {
  const [row] = await q.query<{ entity: string; edition: number; sent_at: Date; sha256: string }>(PUBLIC_RECEIPT, [code]);
  return row && { entity: row.entity, edition: row.edition, sentAt: row.sent_at.toISOString(), sha256: row.sha256 };
}
