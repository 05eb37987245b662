import { namedStatement, type Queryable } from '../client.js';
import type { Answer } from '../../../shared/api/campaigns.js';
import { RETURNING_CAMPAIGN_ROW, toCampaignRow, type CampaignRow, type CampaignRowRead } from './campaignQueries.js';

/** The edition new campaigns belong to: the newest one. */
export async function currentEditionId(q: Queryable): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>('SELECT id FROM editions ORDER BY campaign_number DESC LIMIT 1');
  return row?.id;
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

const DELETE_ANSWER = namedStatement('delete_answer', 'DELETE FROM answers WHERE campaign_id = $1 AND subindicator_id = $2');
const WRITE_ANSWER = namedStatement(
  'write_answer',
  `INSERT INTO answers (campaign_id, subindicator_id, response_ids, updated_at) VALUES ($1, $2, $3::int[], now())
   ON CONFLICT (campaign_id, subindicator_id) DO UPDATE SET response_ids = EXCLUDED.response_ids, updated_at = now()`,
);

/** Stores (or, with null, removes) the answer to one question. */
export async function writeAnswer(q: Queryable, campaignId: number, subindicatorId: number, answer: Answer): Promise<void> {
  if (answer === null) await q.query(DELETE_ANSWER, [campaignId, subindicatorId]);
  else await q.query(WRITE_ANSWER, [campaignId, subindicatorId, `{${answer.join(',')}}`]);
}

/** The first answer opens a created campaign (locked by the caller): status draft and the date of that answer; its row as now. */
export async function markDraft(q: Queryable, campaignId: number): Promise<CampaignRow> {
  const [row] = await q.query<CampaignRowRead>(
    `UPDATE campaigns SET status = 'draft', start_date = COALESCE(start_date, now()) WHERE id = $1 ${RETURNING_CAMPAIGN_ROW}`,
    [campaignId],
  );
  return toCampaignRow(row);
}

/** Removes a campaign's stored scores (taken out of its territories' sums first: removeFromTerritoryScores). */
export async function removeStoredScores(q: Queryable, campaignId: number): Promise<void> {
  await q.query('DELETE FROM campaign_scores WHERE campaign_id = $1', [campaignId]);
}

/** A sent campaign back to draft (a reopening): answers kept, submission date and stored scores removed. */
export async function markReopened(q: Queryable, campaignId: number): Promise<void> {
  await removeStoredScores(q, campaignId);
  await q.query("UPDATE campaigns SET status = 'draft', end_date = NULL WHERE id = $1", [campaignId]);
}
