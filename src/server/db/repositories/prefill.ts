import type { Queryable } from '../client.js';

/**
 * Starting a campaign from the entity's previous answers (POST campaigns/prefill, docs/api.md): the source is the
 * entity's latest sent campaign of an earlier edition; a question is copied only where it did not change between
 * the two editions (same indicator and question codes, same text and type, same responses: codes, texts, points and
 * whether still offered), and only where the campaign has no answer, "No aplica" or comment of its own yet.
 */

/** The year of the entity's latest sent campaign of an edition earlier than the campaign's (c, ed: campaigns and editions aliases), or null. */
export const PREFILL_FROM_SQL = `(SELECT max(e2.campaign_number) FROM campaigns c2 JOIN editions e2 ON e2.id = c2.edition_id
    WHERE c2.entity_id = c.entity_id AND c2.status = 'sent' AND e2.campaign_number < ed.campaign_number)`;

export interface PrefillSource {
  campaignId: number;
  editionId: number;
  year: number;
}

/** The campaign a campaign would copy from: its entity's latest sent campaign of an earlier edition. */
export async function findPrefillSource(q: Queryable, campaignId: number): Promise<PrefillSource | undefined> {
  const [row] = await q.query<{ id: number; edition_id: number; campaign_number: number }>(
    `SELECT c2.id, c2.edition_id, e2.campaign_number
       FROM campaigns c JOIN editions ed ON ed.id = c.edition_id
       JOIN campaigns c2 ON c2.entity_id = c.entity_id AND c2.status = 'sent'
       JOIN editions e2 ON e2.id = c2.edition_id AND e2.campaign_number < ed.campaign_number
      WHERE c.id = $1
      ORDER BY e2.campaign_number DESC LIMIT 1`,
    [campaignId],
  );
  return row && { campaignId: row.id, editionId: row.edition_id, year: row.campaign_number };
}

/**
 * The questions of the source campaign with something to copy (an answer, a "No aplica" or a comment), each paired
 * with the same question of the target's edition when it did not change (new_sub null otherwise), and whether the
 * target has anything of its own on it. $1 the target campaign, $2 its edition, $3 the source campaign.
 */
const PAIRS = `
  WITH old AS (
    SELECT s.id, s.code, s.text, s.type, i.code AS indicator_code,
           (SELECT jsonb_agg(jsonb_build_array(r.code, r.text, r.value, r.obsolete) ORDER BY r.code) FROM responses r WHERE r.subindicator_id = s.id) AS responses
      FROM subindicators s JOIN indicators i ON i.id = s.indicator_id
     WHERE s.id IN (SELECT subindicator_id FROM answers WHERE campaign_id = $3
                    UNION SELECT subindicator_id FROM answer_notes
                           WHERE campaign_id = $3 AND (comment IS NOT NULL OR not_applicable_reason IS NOT NULL))),
  new AS (
    SELECT s.id, s.code, s.text, s.type, s.allows_not_applicable, i.code AS indicator_code,
           (SELECT jsonb_agg(jsonb_build_array(r.code, r.text, r.value, r.obsolete) ORDER BY r.code) FROM responses r WHERE r.subindicator_id = s.id) AS responses
      FROM subindicators s JOIN indicators i ON i.id = s.indicator_id
     WHERE i.edition_id = $2)
  SELECT old.id AS old_sub, new.id AS new_sub, new.allows_not_applicable,
         EXISTS (SELECT 1 FROM answers a WHERE a.campaign_id = $1 AND a.subindicator_id = new.id)
           OR EXISTS (SELECT 1 FROM answer_notes n WHERE n.campaign_id = $1 AND n.subindicator_id = new.id
                       AND (n.comment IS NOT NULL OR n.not_applicable_reason IS NOT NULL)) AS taken
    FROM old LEFT JOIN new ON new.indicator_code = old.indicator_code AND new.code = old.code
                          AND new.text = old.text AND new.type = old.type AND new.responses = old.responses`;

/**
 * The history rows of what copyPreviousAnswers copied (its CTEs answered, noted and linked), each question's in the
 * order a save records them, every value marked prefilled (docs/api.md, "History and stale saves"); made by $4, $5.
 */
const RECORD_COPIED = `
  INSERT INTO answer_history (campaign_id, subindicator_id, kind, value, user_id, user_email)
  SELECT $1, r.subindicator_id, r.kind, r.value, $4, $5
    FROM (SELECT subindicator_id, 1 AS n, 0 AS item, 'answer' AS kind,
                 jsonb_build_object('answer', (SELECT jsonb_agg(id ORDER BY id) FROM unnest(response_ids) AS id), 'prefilled', true) AS value
            FROM answered
          UNION ALL
          SELECT subindicator_id, 2, 0, 'comment', jsonb_build_object('comment', comment, 'prefilled', true) FROM noted WHERE comment IS NOT NULL
          UNION ALL
          SELECT subindicator_id, 3, 0, 'notApplicable', jsonb_build_object('reason', not_applicable_reason, 'prefilled', true)
            FROM noted WHERE not_applicable_reason IS NOT NULL
          UNION ALL
          SELECT subindicator_id, 4, id, 'evidenceAdded',
                 jsonb_strip_nulls(jsonb_build_object('evidenceId', id, 'kind', 'link', 'url', url, 'title', title, 'prefilled', true))
            FROM linked) AS r
   ORDER BY r.subindicator_id, r.n, r.item
  RETURNING 1`;

/**
 * Copies into the target campaign (locked by the caller) the source's answers (response ids matched by code),
 * comments, "No aplica" reasons (where the new question still allows it) and evidence links, for every unchanged
 * question the target has nothing on; each copied question is marked prefilled until saved again. Each thing copied
 * is recorded in its answer's history as made by `by` (answerHistory.ts), its value marked `prefilled`. Answers how
 * many questions were copied, and how many of the source's were not because they changed (or are gone).
 */
export async function copyPreviousAnswers(
  q: Queryable,
  target: { campaignId: number; editionId: number },
  sourceCampaignId: number,
  by: { id: number; email: string },
) {
  const params = [target.campaignId, target.editionId, sourceCampaignId, by.id, by.email];
  const [counts] = await q.query<{ copied: number; changed: number }>(
    `WITH pairs AS (${PAIRS}),
     copy AS (SELECT old_sub, new_sub, allows_not_applicable FROM pairs WHERE new_sub IS NOT NULL AND NOT taken),
     answered AS (
       INSERT INTO answers (campaign_id, subindicator_id, response_ids)
       SELECT $1, copy.new_sub,
              ARRAY(SELECT nr.id FROM unnest(a.response_ids) WITH ORDINALITY AS o(id, n)
                      JOIN responses orr ON orr.id = o.id
                      JOIN responses nr ON nr.subindicator_id = copy.new_sub AND nr.code = orr.code
                     ORDER BY o.n)
         FROM copy JOIN answers a ON a.campaign_id = $3 AND a.subindicator_id = copy.old_sub
       ON CONFLICT (campaign_id, subindicator_id) DO NOTHING
       RETURNING subindicator_id, response_ids),
     noted AS (
       INSERT INTO answer_notes (campaign_id, subindicator_id, comment, not_applicable_reason, prefilled)
       SELECT $1, copy.new_sub, on_.comment, CASE WHEN copy.allows_not_applicable THEN on_.not_applicable_reason END, true
         FROM copy LEFT JOIN answer_notes on_ ON on_.campaign_id = $3 AND on_.subindicator_id = copy.old_sub
        WHERE EXISTS (SELECT 1 FROM answers a WHERE a.campaign_id = $3 AND a.subindicator_id = copy.old_sub)
           OR (copy.allows_not_applicable AND on_.not_applicable_reason IS NOT NULL)
       ON CONFLICT (campaign_id, subindicator_id) DO UPDATE
         SET comment = EXCLUDED.comment, not_applicable_reason = EXCLUDED.not_applicable_reason, prefilled = true, updated_at = now()
       RETURNING subindicator_id, comment, not_applicable_reason),
     linked AS (
       INSERT INTO evidence (campaign_id, subindicator_id, kind, url, title, added_by, added_at)
       SELECT $1, copy.new_sub, 'link', e.url, e.title, e.added_by, e.added_at
         FROM copy JOIN evidence e ON e.campaign_id = $3 AND e.subindicator_id = copy.old_sub AND e.kind = 'link'
        WHERE copy.new_sub IN (SELECT subindicator_id FROM noted)
       RETURNING id, subindicator_id, url, title),
     recorded AS (${RECORD_COPIED})
     SELECT (SELECT count(*)::int FROM noted) AS copied,
            (SELECT count(*)::int FROM pairs WHERE new_sub IS NULL) AS changed,
            (SELECT count(*)::int FROM answered) + (SELECT count(*)::int FROM linked) + (SELECT count(*)::int FROM recorded) AS written`,
    params,
  );
  return { copied: counts.copied, changed: counts.changed };
}
