import type { Queryable } from '../client.js';

/**
 * The four territories of the entity aliased `en` as rows t(territory, territory_id): its province, its community,
 * the country ('ES') and its population band (migration 006: the band's smallest population as text).
 */
export const TERRITORIES_OF_ENTITY = `
  JOIN provinces pr ON pr.id = en.province_id
  CROSS JOIN LATERAL (VALUES ('province', en.province_id), ('autonomousCommunity', pr.community_id), ('country', 'ES'),
                             ('sizeBand', en.size_band::text)) AS t(territory, territory_id)`;

/** Every stored score (cs) of a campaign (c) in each of the four territories its entity counts in. */
export const TERRITORIES_OF_CAMPAIGN = `
  FROM campaign_scores cs
  JOIN campaigns c ON c.id = cs.campaign_id
  JOIN entities en ON en.id = c.entity_id
  ${TERRITORIES_OF_ENTITY}`;

/** The groups a rank is given for (territory_score_counts): the whole questionnaire and each axis. */
const RANKED_SCOPES = "('total', 'axis')";

/**
 * Adds (delta 1) or takes off (delta -1) one campaign's scores to or from its territories' sums, and its global and
 * axis shown percentages to or from their counts. Rows are locked in key order, so that submissions and
 * reopenings sharing a community or the country cannot deadlock.
 */
async function shiftTerritoryScores(q: Queryable, campaignId: number, delta: 1 | -1): Promise<void> {
  await q.query(
    `INSERT INTO territory_scores (edition_id, territory, territory_id, scope, category_id, participants, percentage_sum, value_sum)
     SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, $2::int, $2::int * cs.percentage, $2::int * cs.value
     ${TERRITORIES_OF_CAMPAIGN}
      WHERE cs.campaign_id = $1
      ORDER BY t.territory, t.territory_id, cs.scope, cs.category_id
     ON CONFLICT (edition_id, territory, territory_id, scope, category_id) DO UPDATE
        SET participants = territory_scores.participants + EXCLUDED.participants,
            percentage_sum = territory_scores.percentage_sum + EXCLUDED.percentage_sum,
            value_sum = territory_scores.value_sum + EXCLUDED.value_sum`,
    [campaignId, delta],
  );
  await q.query(
    `INSERT INTO territory_score_counts (edition_id, territory, territory_id, scope, category_id, shown_percentage, participants)
     SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, shown_percentage(cs.percentage), $2::int
     ${TERRITORIES_OF_CAMPAIGN}
      WHERE cs.campaign_id = $1 AND cs.scope IN ${RANKED_SCOPES}
      ORDER BY t.territory, t.territory_id, cs.scope, cs.category_id
     ON CONFLICT (edition_id, territory, territory_id, scope, category_id, shown_percentage) DO UPDATE
        SET participants = territory_score_counts.participants + EXCLUDED.participants`,
    [campaignId, delta],
  );
}

/** Adds one newly sent campaign's scores to its territories' sums and counts (inside the submit transaction). */
export async function addToTerritoryScores(q: Queryable, campaignId: number): Promise<void> {
  await shiftTerritoryScores(q, campaignId, 1);
}

/** Recomputes every territory's sums and counts from the stored scores of sent campaigns (seeds, removals, new bands). */
export async function rebuildTerritoryScores(q: Queryable): Promise<void> {
  // Submissions add to these sums concurrently: holding the table until commit makes them wait for the rebuild
  // (and the rebuild for them) instead of interleaving with its delete and insert, which deadlocked. Callers
  // take their own row locks first (a removal locks its entity and campaigns, then deletes them, before
  // rebuilding), so no cycle forms.
  await q.query('LOCK TABLE territory_scores, territory_score_counts IN EXCLUSIVE MODE');
  await q.query('DELETE FROM territory_scores');
  await q.query('DELETE FROM territory_score_counts');
  await q.query(
    `INSERT INTO territory_scores (edition_id, territory, territory_id, scope, category_id, participants, percentage_sum, value_sum)
     SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, count(*), sum(cs.percentage), sum(cs.value)
     ${TERRITORIES_OF_CAMPAIGN}
      WHERE c.status = 'sent'
      GROUP BY c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id`,
  );
  await q.query(
    `INSERT INTO territory_score_counts (edition_id, territory, territory_id, scope, category_id, shown_percentage, participants)
     SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, shown_percentage(cs.percentage), count(*)
     ${TERRITORIES_OF_CAMPAIGN}
      WHERE c.status = 'sent' AND cs.scope IN ${RANKED_SCOPES}
      GROUP BY c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, shown_percentage(cs.percentage)`,
  );
}

/**
 * The exact inverse of addToTerritoryScores, for a sent campaign taken back to draft (inside the reopening's
 * transaction, before its stored scores are removed): one participant less, its percentage and value taken off,
 * its shown percentage counted once less, and rows left with no participant removed (a recomputation has none).
 * The rows are locked in the same key order as submissions lock them (an upsert whose rows exist), so a reopening
 * and submissions sharing a territory cannot deadlock; the deletes then touch only rows this transaction holds.
 */
export async function removeFromTerritoryScores(q: Queryable, campaignId: number): Promise<void> {
  await shiftTerritoryScores(q, campaignId, -1);
  await q.query(
    `DELETE FROM territory_scores ts
      USING (SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id ${TERRITORIES_OF_CAMPAIGN} WHERE cs.campaign_id = $1) k
      WHERE ts.participants = 0 AND ts.edition_id = k.edition_id AND ts.territory = k.territory AND ts.territory_id = k.territory_id
        AND ts.scope = k.scope AND ts.category_id = k.category_id`,
    [campaignId],
  );
  await q.query(
    `DELETE FROM territory_score_counts tc
      USING (SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, shown_percentage(cs.percentage) AS shown
               ${TERRITORIES_OF_CAMPAIGN} WHERE cs.campaign_id = $1 AND cs.scope IN ${RANKED_SCOPES}) k
      WHERE tc.participants = 0 AND tc.edition_id = k.edition_id AND tc.territory = k.territory AND tc.territory_id = k.territory_id
        AND tc.scope = k.scope AND tc.category_id = k.category_id AND tc.shown_percentage = k.shown`,
    [campaignId],
  );
}
