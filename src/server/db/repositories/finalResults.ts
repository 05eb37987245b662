import type { Queryable } from '../client.js';
import type { FinalBlockedData } from '../../../shared/api/objections.js';
import { AWAITING_DECISION_SQL } from './objections.js';

/** An edition's final results (migration 022): what still keeps them from being published, and their freezing. */

/** What keeps an edition's results from being final besides its dates: its sent campaigns not validated and its objections awaiting a decision, with their entities, oldest first. */
export async function readFinalBlockers(q: Queryable, editionId: number): Promise<Pick<FinalBlockedData, 'notValidated' | 'openObjections'>> {
  const notValidated = await q.query<FinalBlockedData['notValidated'][number]>(
    `SELECT c.id AS "campaignId", en.id AS "entityId", en.name AS "entityName", c.review_status AS "reviewStatus"
       FROM campaigns c JOIN entities en ON en.id = c.entity_id
      WHERE c.edition_id = $1 AND c.status = 'sent' AND c.review_status <> 'validated'
      ORDER BY c.end_date, c.id`,
    [editionId],
  );
  const openObjections = await q.query<FinalBlockedData['openObjections'][number]>(
    `SELECT o.id AS "objectionId", c.id AS "campaignId", en.id AS "entityId", en.name AS "entityName"
       FROM objections o JOIN campaigns c ON c.id = o.campaign_id JOIN entities en ON en.id = c.entity_id
      WHERE c.edition_id = $1 AND ${AWAITING_DECISION_SQL}
      ORDER BY o.created_at, o.id`,
    [editionId],
  );
  return { notValidated, openObjections };
}

/**
 * Every campaign of the edition locked until commit, in id order: a submission, review or reopening of one of them
 * waits for the publication, then finds the edition final (the triggers of migration 022 refuse its writes).
 */
export async function lockEditionCampaigns(q: Queryable, editionId: number): Promise<void> {
  await q.query('SELECT id FROM campaigns WHERE edition_id = $1 ORDER BY id FOR UPDATE', [editionId]);
}

/**
 * Freezes the edition's results: each sent campaign's territories and the entities registered in every territory
 * as they are now, and MIN_GROUP_SIZE, kept for its reports; the edition marked final, after which its sums and
 * counts are never written again. The sums are held (SHARE) so that no rebuild (an entity moved or removed, new
 * bands) is halfway while the places are copied. Answers the moment and how many campaigns were frozen.
 */
export async function freezeEdition(q: Queryable, editionId: number, minGroupSize: number): Promise<{ finalPublishedAt: Date; campaigns: number }> {
  await q.query('LOCK TABLE territory_sums, territory_score_counts IN SHARE MODE');
  const places = await q.query<{ campaign_id: number }>(
    `INSERT INTO final_places (campaign_id, edition_id, province_id, community_id, size_band, size_band_max)
     SELECT c.id, c.edition_id, en.province_id, pr.community_id, en.size_band,
            (SELECT min(b.min_population) - 1 FROM size_bands b WHERE b.min_population > en.size_band)
       FROM campaigns c JOIN entities en ON en.id = c.entity_id JOIN provinces pr ON pr.id = en.province_id
      WHERE c.edition_id = $1 AND c.status = 'sent'
     RETURNING campaign_id`,
    [editionId],
  );
  await q.query(
    `INSERT INTO final_territory_entities (edition_id, territory, territory_id, registered)
     SELECT $1, territory, territory_id, registered FROM territory_entities`,
    [editionId],
  );
  const [row] = await q.query<{ final_published_at: Date }>(
    'UPDATE editions SET final_published_at = now(), final_min_group_size = $2 WHERE id = $1 RETURNING final_published_at',
    [editionId, minGroupSize],
  );
  return { finalPublishedAt: row.final_published_at, campaigns: places.length };
}
