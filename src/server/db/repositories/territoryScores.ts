import { namedStatement, type Queryable } from '../client.js';
import type { GroupScore } from '../../reports/scoring.js';
import type { Receipt } from '../../../shared/api/receipts.js';
import { auditInsert, auditValues, type AuditEntry } from './audit.js';
import { RETURNING_CAMPAIGN_ROW, toCampaignRow, type CampaignRow, type CampaignRowRead } from './campaignQueries.js';
import { receiptInsert, receiptValues, toReceipt, type NewReceipt, type ReceiptRow } from './receipts.js';

/**
 * The four territories of the entity aliased `en` as rows t(territory, territory_id): its province, its community,
 * the country ('ES') and its population band (migration 006: the band's smallest population as text).
 */
export const TERRITORIES_OF_ENTITY = `
  JOIN provinces pr ON pr.id = en.province_id
  CROSS JOIN LATERAL (VALUES ('province', en.province_id), ('autonomousCommunity', pr.community_id), ('country', 'ES'),
                             ('sizeBand', en.size_band::text)) AS t(territory, territory_id)`;

/**
 * Every score (cs) in `scores` (campaign_scores, or rows with its columns) of a campaign (c) of an edition (ed) in
 * each of its entity's four territories.
 */
const territoriesOfScores = (scores: string) => `
  FROM ${scores} cs
  JOIN campaigns c ON c.id = cs.campaign_id
  JOIN editions ed ON ed.id = c.edition_id
  JOIN entities en ON en.id = c.entity_id
  ${TERRITORIES_OF_ENTITY}`;

/**
 * Whether the campaign aliased c, of the edition aliased ed, counts in its edition's means, sums and ranks
 * (scoring.md, "Means from validated campaigns"): sent, and validated by a reviewer where the edition takes its
 * means from validated campaigns (migration 020). Every writer below keeps the sums equal to a recomputation
 * over the campaigns this holds for; `npm run check:consistency` compares them.
 */
export const COUNTED_IN_MEANS_SQL = "(c.status = 'sent' AND (ed.means_from = 'sent' OR c.review_status = 'validated'))";

/** A campaign counted in means made from validated campaigns: what validating adds and an accepted objection takes out. */
const COUNTED_IN_VALIDATED_MEANS_SQL = `${COUNTED_IN_MEANS_SQL} AND ed.means_from = 'validated'`;

/** True when the campaign `campaign` (an SQL expression) of its edition meets `condition` (on c and ed). */
const campaignWhere = (campaign: string, condition: string) =>
  `EXISTS (SELECT 1 FROM campaigns c JOIN editions ed ON ed.id = c.edition_id WHERE c.id = ${campaign} AND ${condition})`;

/** Every stored score (cs) of a campaign (c) in each of the four territories its entity counts in. */
export const TERRITORIES_OF_CAMPAIGN = territoriesOfScores('campaign_scores');

/** The groups a rank is given for (territory_score_counts): the whole questionnaire and each axis. */
const RANKED_SCOPES = "('total', 'axis')";

/** territory_sums' group arrays, aggregated over rows with scope, category_id, n, p and v: in key order. */
const SUMS_ARRAYS = `array_agg(scope ORDER BY scope, category_id) AS scopes, array_agg(category_id ORDER BY scope, category_id) AS category_ids,
       array_agg(n ORDER BY scope, category_id) AS participants, array_agg(p ORDER BY scope, category_id) AS percentage_sums,
       array_agg(v ORDER BY scope, category_id) AS value_sums`;

/**
 * Two CTEs, sums and counts, that add (delta 1) or take off (delta -1) the scores in `scores` (campaign_scores or a
 * CTE with its columns) of the campaign `campaign`, when `when` holds (an SQL condition, campaignWhere), to or from its territories' sums (one row per territory,
 * migration 012: the campaign's groups aggregated once, then written to each of its four territories), and its
 * global and axis shown percentages to or from their counts. Rows are locked in key order, sums then counts, so
 * that submissions and reopenings sharing a community or the country cannot deadlock. The statement goes on
 * reading counts.
 */
const shiftCtes = (scores: string, campaign: string, delta: string, when: string) => `
  sums AS (
    INSERT INTO territory_sums (edition_id, territory, territory_id, scopes, category_ids, participants, percentage_sums, value_sums)
    SELECT c.edition_id, t.territory, t.territory_id, g.scopes, g.category_ids, g.participants, g.percentage_sums, g.value_sums
      FROM (SELECT ${SUMS_ARRAYS}
              FROM (SELECT cs.scope, cs.category_id, ${delta} AS n, ${delta} * cs.percentage AS p, ${delta} * cs.value AS v
                      FROM ${scores} cs WHERE cs.campaign_id = ${campaign} AND ${when}) AS added
            HAVING count(*) > 0) AS g
     CROSS JOIN campaigns c
      JOIN entities en ON en.id = c.entity_id
      ${TERRITORIES_OF_ENTITY}
     WHERE c.id = ${campaign}
     ORDER BY t.territory, t.territory_id
    ON CONFLICT (edition_id, territory, territory_id) DO UPDATE
       SET (scopes, category_ids, participants, percentage_sums, value_sums) = (
         SELECT * FROM add_territory_sums(
           territory_sums.scopes, territory_sums.category_ids, territory_sums.participants, territory_sums.percentage_sums, territory_sums.value_sums,
           EXCLUDED.scopes, EXCLUDED.category_ids, EXCLUDED.participants, EXCLUDED.percentage_sums, EXCLUDED.value_sums))
    RETURNING 1
  ), counts AS (
    INSERT INTO territory_score_counts (edition_id, territory, territory_id, scope, category_id, shown_percentage, participants)
    SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, shown_percentage(cs.percentage), ${delta}
    ${territoriesOfScores(scores)}
     WHERE cs.campaign_id = ${campaign} AND c.id = ${campaign} AND cs.scope IN ${RANKED_SCOPES} AND ${when}
       AND (SELECT count(*) FROM sums) >= 0 -- always true: the sums' rows are written (locked) before these
     ORDER BY t.territory, t.territory_id, cs.scope, cs.category_id
    ON CONFLICT (edition_id, territory, territory_id, scope, category_id, shown_percentage) DO UPDATE
       SET participants = territory_score_counts.participants + EXCLUDED.participants
    RETURNING 1
  )`;

/** One stored campaign's scores added to (1) or taken off (-1) its territories' sums and counts when `when` holds of it: one statement. */
async function shiftTerritoryScores(q: Queryable, campaignId: number, delta: 1 | -1, when: string): Promise<void> {
  await q.query(`WITH ${shiftCtes('campaign_scores', '$1', '$2::int', campaignWhere('$1', when))} SELECT count(*) FROM counts`, [campaignId, delta]);
}

/** The parameters of STORE_SUBMISSION: the campaign and its scores' columns ($1-$6), the receipt's, the audit entry's. */
const RECEIPT_PARAMS_FROM = 7;
const AUDIT_PARAMS_FROM = RECEIPT_PARAMS_FROM + 5;

const STORE_SUBMISSION = namedStatement(
  'store_submission',
  `WITH stored AS (
     INSERT INTO campaign_scores (campaign_id, scope, category_id, value, max_value, percentage)
     SELECT $1, * FROM unnest($2::text[], $3::int[], $4::float8[], $5::float8[], $6::float8[])
     ON CONFLICT (campaign_id, scope, category_id) DO UPDATE
        SET value = EXCLUDED.value, max_value = EXCLUDED.max_value, percentage = EXCLUDED.percentage
     RETURNING *
   ), ${shiftCtes('stored', '$1', '1', campaignWhere('$1', "ed.means_from = 'sent'"))},
   sent AS (
     UPDATE campaigns SET status = 'sent', review_status = 'pending', review_message = NULL, end_date = now(), start_date = COALESCE(start_date, now())
      WHERE id = $1 AND (SELECT count(*) FROM counts) >= 0
     ${RETURNING_CAMPAIGN_ROW}
   ), receipt AS (
     ${receiptInsert(RECEIPT_PARAMS_FROM)}
   ), audited AS (
     ${auditInsert(AUDIT_PARAMS_FROM)}
   )
   SELECT sent.*, receipt.code AS receipt_code, receipt.sha256 AS receipt_sha256, receipt.sent_at AS receipt_sent_at,
          receipt.signer_email AS receipt_signer_email
     FROM sent CROSS JOIN receipt`,
);

/**
 * A submission's writes in one statement (one round trip for the busiest write of deadline day): the campaign,
 * locked by the caller with every question answered, marked sent and awaiting review; its scores (scoring.ts)
 * stored, replacing any left (a reopening removes them); where its edition takes its means from sent campaigns,
 * the scores added to the sums and counts of its province, community, country and size band, whose triggers renew
 * those territories' versions and the campaign's (an edition of validated means counts it once validated:
 * addValidatedToTerritoryScores); its receipt; and its line of the audit trail. Answers the campaign's row as now
 * and the receipt as stored.
 */
export async function storeSubmission(
  q: Queryable,
  campaignId: number,
  scores: readonly GroupScore[],
  receipt: NewReceipt,
  audit: AuditEntry,
): Promise<{ campaign: CampaignRow; receipt: Receipt }> {
  const [row] = await q.query<CampaignRowRead & { [K in keyof ReceiptRow as `receipt_${K}`]: ReceiptRow[K] }>(STORE_SUBMISSION, [
    campaignId,
    scores.map((s) => s.scope),
    scores.map((s) => s.categoryId),
    scores.map((s) => s.value),
    scores.map((s) => s.max),
    scores.map((s) => s.percentage),
    ...receiptValues(receipt),
    ...auditValues(audit),
  ]);
  return {
    campaign: toCampaignRow(row),
    receipt: toReceipt({ code: row.receipt_code, sha256: row.receipt_sha256, sent_at: row.receipt_sent_at, signer_email: row.receipt_signer_email }),
  };
}

/**
 * Holds the territories' sums and counts until commit (EXCLUSIVE: reads go on, submissions wait). A rebuild takes it
 * first; a change that rebuilds after writing shared rows (an entity's removal, whose deletes update the territories'
 * versions and entity counts) takes it before those writes, so that it never waits for a submission while holding a
 * row that submission is about to write (a cycle PostgreSQL breaks by aborting one of them).
 */
export async function lockTerritorySums(q: Queryable): Promise<void> {
  await q.query('LOCK TABLE territory_sums, territory_score_counts IN EXCLUSIVE MODE');
}

/**
 * Recomputes the territories' sums and counts from the stored scores of the campaigns counted in their edition's
 * means: every edition's (seeds, removals, new bands), or one edition's (its rule changed: editions/settings).
 * Editions whose results are final keep theirs as published.
 */
export async function rebuildTerritoryScores(q: Queryable, editionId: number | null = null): Promise<void> {
  // Submissions add to these sums concurrently: holding the table until commit makes them wait for the rebuild
  // (and the rebuild for them) instead of interleaving with its delete and insert, which deadlocked. Callers
  // take their own row locks first (a removal locks its entity and campaigns, then deletes them, before
  // rebuilding), so no cycle forms. A statement waiting for this lock reads the database as it is once it has it
  // (its snapshot is taken after its locks), so it sees the rebuild and whatever rule changed with it.
  await lockTerritorySums(q);
  // A final edition's sums and counts are its published figures (migration 022): never rebuilt.
  const inEdition = '($1::int IS NULL OR edition_id = $1) AND edition_id NOT IN (SELECT id FROM editions WHERE final_published_at IS NOT NULL)';
  await q.query(`DELETE FROM territory_sums WHERE ${inEdition}`, [editionId]);
  await q.query(`DELETE FROM territory_score_counts WHERE ${inEdition}`, [editionId]);
  await q.query(
    `INSERT INTO territory_sums (edition_id, territory, territory_id, scopes, category_ids, participants, percentage_sums, value_sums)
     SELECT edition_id, territory, territory_id, ${SUMS_ARRAYS}
       FROM (SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, count(*)::int AS n, sum(cs.percentage) AS p, sum(cs.value) AS v
             ${TERRITORIES_OF_CAMPAIGN}
              WHERE ${COUNTED_IN_MEANS_SQL} AND ed.final_published_at IS NULL AND ($1::int IS NULL OR c.edition_id = $1)
              GROUP BY c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id) AS groups
      GROUP BY edition_id, territory, territory_id`,
    [editionId],
  );
  await q.query(
    `INSERT INTO territory_score_counts (edition_id, territory, territory_id, scope, category_id, shown_percentage, participants)
     SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, shown_percentage(cs.percentage), count(*)
     ${TERRITORIES_OF_CAMPAIGN}
      WHERE ${COUNTED_IN_MEANS_SQL} AND ed.final_published_at IS NULL AND cs.scope IN ${RANKED_SCOPES} AND ($1::int IS NULL OR c.edition_id = $1)
      GROUP BY c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, shown_percentage(cs.percentage)`,
    [editionId],
  );
}

/**
 * A campaign just validated added to its territories' sums and counts, where its edition takes its means from
 * validated campaigns (elsewhere it has counted since it was sent): the same addition as a submission's.
 */
export async function addValidatedToTerritoryScores(q: Queryable, campaignId: number): Promise<void> {
  await shiftTerritoryScores(q, campaignId, 1, COUNTED_IN_VALIDATED_MEANS_SQL);
}

/**
 * A validated campaign sent back to its entity (an objection accepted) taken out of its edition's means where they
 * are made from validated campaigns (elsewhere it counts until it is sent again, as any campaign asked for corrections).
 */
export async function removeFromValidatedMeans(q: Queryable, campaignId: number): Promise<void> {
  await removeFromTerritoryScores(q, campaignId, COUNTED_IN_VALIDATED_MEANS_SQL);
}

/**
 * The exact inverse of a submission's addition, for a sent campaign taken back to draft or sending corrections
 * (inside that transaction, before its state changes and its stored scores are removed), when it counts in its
 * edition's means (COUNTED_IN_MEANS_SQL; otherwise nothing): one participant less, its percentage and value taken off,
 * its shown percentage counted once less, and groups and rows left with no participant removed (a recomputation
 * has none). The rows are locked in the same key order as submissions lock them (an upsert whose rows exist), so
 * a reopening and submissions sharing a territory cannot deadlock; the deletes then touch only rows this
 * transaction holds.
 */
export async function removeFromTerritoryScores(q: Queryable, campaignId: number, when = COUNTED_IN_MEANS_SQL): Promise<void> {
  await shiftTerritoryScores(q, campaignId, -1, when);
  await q.query(
    `DELETE FROM territory_sums ts
      USING (SELECT c.edition_id, t.territory, t.territory_id FROM campaigns c JOIN entities en ON en.id = c.entity_id ${TERRITORIES_OF_ENTITY} WHERE c.id = $1) k
      WHERE cardinality(ts.scopes) = 0 AND ts.edition_id = k.edition_id AND ts.territory = k.territory AND ts.territory_id = k.territory_id`,
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
