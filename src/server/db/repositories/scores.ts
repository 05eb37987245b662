import { namedStatement, type Queryable } from '../client.js';
import type { GroupScore, ScoredSubindicator } from '../../reports/scoring.js';

/** The questionnaire of a campaign's edition, shaped for scoring. */
export async function loadScoringQuestionnaire(q: Queryable, campaignId: number): Promise<ScoredSubindicator[]> {
  const [{ edition_id: editionId }] = await q.query<{ edition_id: number }>('SELECT edition_id FROM campaigns WHERE id = $1', [campaignId]);
  return loadEditionQuestionnaire(q, editionId);
}

/** An edition's questions with their place in the tree and their responses, in questionnaire order. */
export async function loadEditionQuestionnaire(q: Queryable, editionId: number): Promise<ScoredSubindicator[]> {
  const rows = await q.query<{ id: number; type: 'single' | 'multiple'; axis_id: number; policy_id: number; measure_id: number; responses: ScoredSubindicator['responses'] }>(
    `SELECT s.id, s.type, i.axis_id, i.policy_id, i.measure_id,
            (SELECT json_agg(json_build_object('id', r.id, 'value', r.value, 'obsolete', r.obsolete) ORDER BY r.position) FROM responses r WHERE r.subindicator_id = s.id) AS responses
       FROM indicators i
       JOIN subindicators s ON s.indicator_id = i.id
      WHERE i.edition_id = $1
      ORDER BY i.position, s.position`,
    [editionId],
  );
  return rows.map((r) => ({ id: r.id, type: r.type, axisId: r.axis_id, policyId: r.policy_id, measureId: r.measure_id, responses: r.responses }));
}

const ANSWER_IDS = namedStatement('answer_ids', 'SELECT subindicator_id, response_ids FROM answers WHERE campaign_id = $1');

/** A campaign's answers for scoring: sub-indicator id -> chosen response ids. */
export async function readAnswerIds(q: Queryable, campaignId: number): Promise<Map<number, number[]>> {
  const rows = await q.query<{ subindicator_id: number; response_ids: number[] }>(ANSWER_IDS, [campaignId]);
  return new Map(rows.map((a) => [a.subindicator_id, a.response_ids]));
}

/** Stores a campaign's scores, replacing earlier ones. */
export async function replaceCampaignScores(q: Queryable, campaignId: number, scores: readonly GroupScore[]): Promise<void> {
  await q.query('DELETE FROM campaign_scores WHERE campaign_id = $1', [campaignId]);
  await insertScores(q, scores.map((score) => ({ campaignId, ...score })));
}

/** Inserts scores of one or many campaigns in one statement. */
export async function insertScores(q: Queryable, rows: (GroupScore & { campaignId: number })[]): Promise<void> {
  await q.query(
    `INSERT INTO campaign_scores (campaign_id, scope, category_id, value, max_value, percentage)
     SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::float8[], $5::float8[], $6::float8[])`,
    [rows.map((r) => r.campaignId), rows.map((r) => r.scope), rows.map((r) => r.categoryId), rows.map((r) => r.value), rows.map((r) => r.max), rows.map((r) => r.percentage)],
  );
}
