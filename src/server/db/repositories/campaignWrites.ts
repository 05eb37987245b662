import type { Queryable } from '../client.js';
import type { QuestionForValidation } from '../../services/campaigns/rules.js';

/** The edition new campaigns belong to: the newest one. */
export async function currentEditionId(q: Queryable): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>('SELECT id FROM editions ORDER BY campaign_number DESC LIMIT 1');
  return row?.id;
}

/**
 * Whether the entity exists, and if so kept from removal until the transaction ends (FOR KEY SHARE): a removal
 * in progress is waited for and then reads as none, instead of a foreign-key error (a 500) at the insert.
 */
export async function entityExists(q: Queryable, entityId: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM entities WHERE id = $1 FOR KEY SHARE', [entityId])).length > 0;
}

/** Inserts a created campaign; undefined when the entity already has one in that edition. */
export async function insertCampaign(q: Queryable, entityId: number, editionId: number): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>(
    'INSERT INTO campaigns (entity_id, edition_id) VALUES ($1, $2) ON CONFLICT (entity_id, edition_id) DO NOTHING RETURNING id',
    [entityId, editionId],
  );
  return row?.id;
}

export async function deleteCampaign(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM campaigns WHERE id = $1', [id]);
}

/** A question of the edition with its responses, for validating an answer; undefined when not in the edition. */
export async function findQuestion(q: Queryable, subindicatorId: number, editionId: number): Promise<QuestionForValidation | undefined> {
  const [row] = await q.query<QuestionForValidation>(
    `SELECT s.type, (SELECT json_agg(json_build_object('id', r.id, 'obsolete', r.obsolete)) FROM responses r WHERE r.subindicator_id = s.id) AS responses
       FROM subindicators s JOIN indicators i ON i.id = s.indicator_id
      WHERE s.id = $1 AND i.edition_id = $2`,
    [subindicatorId, editionId],
  );
  return row;
}

/** Stores (or, with null, removes) the answer to one question. */
export async function writeAnswer(q: Queryable, campaignId: number, subindicatorId: number, answer: number[] | null): Promise<void> {
  if (answer === null) {
    await q.query('DELETE FROM answers WHERE campaign_id = $1 AND subindicator_id = $2', [campaignId, subindicatorId]);
    return;
  }
  await q.query(
    `INSERT INTO answers (campaign_id, subindicator_id, response_ids, updated_at) VALUES ($1, $2, $3::int[], now())
     ON CONFLICT (campaign_id, subindicator_id) DO UPDATE SET response_ids = EXCLUDED.response_ids, updated_at = now()`,
    [campaignId, subindicatorId, `{${answer.join(',')}}`],
  );
}

/** The first answer opens the campaign: status draft and the date of that answer. */
export async function markDraft(q: Queryable, campaignId: number): Promise<void> {
  await q.query("UPDATE campaigns SET status = 'draft', start_date = COALESCE(start_date, now()) WHERE id = $1 AND status = 'created'", [campaignId]);
}

/** Questions of the campaign's edition still without an answer. */
export async function countUnanswered(q: Queryable, campaignId: number): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM campaigns c
       JOIN indicators i ON i.edition_id = c.edition_id
       JOIN subindicators s ON s.indicator_id = i.id
      WHERE c.id = $1 AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.campaign_id = c.id AND a.subindicator_id = s.id)`,
    [campaignId],
  );
  return n;
}

export async function markSent(q: Queryable, campaignId: number): Promise<void> {
  await q.query("UPDATE campaigns SET status = 'sent', end_date = now(), start_date = COALESCE(start_date, now()) WHERE id = $1", [campaignId]);
}

/** A sent campaign back to draft (a reopening): answers kept, submission date and stored scores removed. */
export async function markReopened(q: Queryable, campaignId: number): Promise<void> {
  await q.query('DELETE FROM campaign_scores WHERE campaign_id = $1', [campaignId]);
  await q.query("UPDATE campaigns SET status = 'draft', end_date = NULL WHERE id = $1", [campaignId]);
}
