import { Type, type Static } from 'typebox';
import { apiCall, Id, Strict } from './schema.js';

/**
 * The receipt of a signed submission (docs/api.md, "Team"): `POST campaigns/submit` makes one each time a campaign
 * is sent (again after corrections too), with a random code anyone verifies at `/verificar/{code}` without learning
 * the answers, the moment, who signed, and the SHA-256 of the answers as sent (services/campaigns/receipts.ts).
 */

/** A receipt's code: 32 lowercase hexadecimal digits (122 random bits). */
export const ReceiptCode = Type.String({ pattern: '^[0-9a-f]{32}$', maxLength: 32 });

/** The receipt as the entity's members and the administrators see it. */
export const Receipt = Type.Object({
  code: Type.String(),
  sha256: Type.String({ description: 'Hexadecimal SHA-256 of the answers as sent (docs/api.md, "Receipts")' }),
  sentAt: Type.String({ format: 'date-time' }),
  signer: Type.String({ description: "The signer's e-mail as it was then" }),
});
export type Receipt = Static<typeof Receipt>;

/** The latest receipt of a campaign, or null before it was sent with one; with its entity's name and its edition's year (the receipt page names them). */
export const CampaignReceipt = Type.Object({ receipt: Type.Union([Receipt, Type.Null()]), entity: Type.String(), edition: Type.Integer() });
export type CampaignReceipt = Static<typeof CampaignReceipt>;

/** What anyone learns of a receipt from its code: whose, which edition, when and the hash; nothing of the answers or the signer. */
export const PublicReceipt = Type.Object({
  entity: Type.String(),
  edition: Type.Integer(),
  sentAt: Type.String({ format: 'date-time' }),
  sha256: Type.String(),
});
export type PublicReceipt = Static<typeof PublicReceipt>;

export const PublicReceiptQuery = Strict({ code: ReceiptCode });
export type PublicReceiptQuery = Static<typeof PublicReceiptQuery>;

export const receiptCalls = {
  campaignReceipt: apiCall({
    method: 'GET',
    url: '/campaigns/receipt',
    access: 'user',
    querystring: Strict({ id: Id }),
    response: CampaignReceipt,
    summary: "The campaign's latest receipt: code, SHA-256 of the answers as sent, moment and signer (whoever may read the campaign)",
  }),
  verify: apiCall({
    method: 'GET',
    url: '/api/v1/public/receipt',
    access: 'public',
    querystring: PublicReceiptQuery,
    response: PublicReceipt,
    summary: "Verifies a submission's receipt: the entity, the edition, the moment and the SHA-256 of the answers (no authentication; 404 for an unknown code)",
  }),
};
