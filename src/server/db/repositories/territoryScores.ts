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
 * Adds one newly sent campaign's scores to its territories' sums, and its global and axis percentages to their
 * counts (inside the submit transaction).
 */
export async function addToTerritoryScores(q: Queryable, campaignId: number): Promise<void> {
  await q.query(
    `INSERT INTO territory_scores (edition_id, territory, territory_id, scope, category_id, participants, percentage_sum, value_sum)
     SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, 1, cs.percentage, cs.value
     ${TERRITORIES_OF_CAMPAIGN}
      WHERE cs.campaign_id = $1
      -- Rows are locked in key order, so that submissions sharing a community or the country cannot deadlock.
      ORDER BY t.territory, t.territory_id, cs.scope, cs.category_id
     ON CONFLICT (edition_id, territory, territory_id, scope, category_id) DO UPDATE
        SET participants = territory_scores.participants + 1,
            percentage_sum = territory_scores.percentage_sum + EXCLUDED.percentage_sum,
            value_sum = territory_scores.value_sum + EXCLUDED.value_sum`,
    [campaignId],
  );
  await q.query(
    `INSERT INTO territory_score_counts (edition_id, territory, territory_id, scope, category_id, shown_percentage, participants)
     SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, shown_percentage(cs.percentage), 1
     ${TERRITORIES_OF_CAMPAIGN}
      WHERE cs.campaign_id = $1 AND cs.scope IN ${RANKED_SCOPES}
      ORDER BY t.territory, t.territory_id, cs.scope, cs.category_id
     ON CONFLICT (edition_id, territory, territory_id, scope, category_id, shown_percentage) DO UPDATE
        SET participants = territory_score_counts.participants + 1`,
    [campaignId],
  );
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
