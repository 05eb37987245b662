/**
 * Receipts of signed submissions (docs/api.md, "Receipts"): each time a campaign is sent, a random code, the moment,
 * the signer and the SHA-256 of the answers as sent. The text hashed is written here and nowhere else, so that
 * anyone holding the answers recomputes it: JSON (UTF-8, no spaces) of `{"campaign": <id>, "answers": [...]}`, one
 * entry per question with an answer, a "No aplica" or a comment, by question id: `{"question", "answer" (response
 * ids ascending, or null), "notApplicable" (the reason, or null), "comment" (or null)}`.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/client.js';
import type { CampaignReceipt, PublicReceipt } from '../../../shared/api/receipts.js';
import { findPublicReceipt, type LatestReceipt, type NewReceipt } from '../../db/repositories/receipts.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../actor.js';
import { requireReadableCampaign } from './rules.js';

/** What a receipt hashes of one question. */
interface HashedNotes {
  comment: string | null;
  notApplicable: { reason: string } | null;
}

/** The text whose SHA-256 a campaign's receipt carries (the module's comment says how it is written). */
export function receiptText(campaignId: number, answers: ReadonlyMap<number, readonly number[]>, notes: ReadonlyMap<number, HashedNotes>): string {
  const questions = [...new Set([...answers.keys(), ...notes.keys()])].sort((a, b) => a - b);
  const entries = questions.flatMap((question) => {
    const answer = answers.get(question);
    const notApplicable = notes.get(question)?.notApplicable?.reason ?? null;
    const comment = notes.get(question)?.comment ?? null;
    if (!answer && notApplicable === null && comment === null) return [];
    return [{ question, answer: answer ? [...answer].sort((a, b) => a - b) : null, notApplicable, comment }];
  });
  return JSON.stringify({ campaign: campaignId, answers: entries });
}

/** The hexadecimal SHA-256 of a text's UTF-8 bytes. */
export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A receipt's code: a version-4 UUID without its dashes (122 random bits), as a seal's. */
export const receiptCode = () => randomUUID().replaceAll('-', '');

/** The receipt of a campaign being sent by the actor, from its answers as sent: stored with the submission's writes (storeSubmission). */
export const newReceipt = (
  actor: Actor,
  campaignId: number,
  answers: ReadonlyMap<number, readonly number[]>,
  notes: ReadonlyMap<number, HashedNotes>,
): NewReceipt => ({
  code: receiptCode(),
  campaignId,
  sha256: sha256Hex(receiptText(campaignId, answers, notes)),
  signerId: actor.user.id,
  signerEmail: actor.user.email,
});

/**
 * A campaign's latest receipt with its entity and edition, as read with the caller's session (latestReceipt, or
 * findSessionUserAndLatestReceipt), for whoever may read the campaign (404 otherwise, as for one that does not exist).
 */
export function campaignReceipt(actor: Actor, latest: LatestReceipt | undefined): CampaignReceipt {
  return requireReadableCampaign(actor.user, latest).found;
}

/** What anyone learns of a receipt from its code (404 for an unknown one): whose, which edition, when, and the hash. */
export async function verifyReceipt(q: Queryable, code: string): Promise<PublicReceipt> {
  const receipt = await findPublicReceipt(q, code);
  if (!receipt) throw notFound('Receipt');
  return receipt;
}
