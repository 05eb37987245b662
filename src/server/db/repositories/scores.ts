import { namedStatement, type Queryable } from '../client.js';
import type { GroupScore } from '../../reports/scoring.js';
import { CAMPAIGN_ANSWERS_COLUMNS, campaignAnswersOf, type CampaignAnswers, type CampaignAnswersRow } from './questionnaires.js';

// One JSON value rather than a row per answer: a submission reads some 250, and on PGlite decoding that many rows
// (each with an array) cost more than the read itself.
const ANSWER_IDS = namedStatement('answers_of_campaign', `SELECT ${CAMPAIGN_ANSWERS_COLUMNS('$1')}`);

/** A campaign's answers (sub-indicator id -> chosen response ids) and notes ("No aplica", evidence...), for scoring and submitting. */
export async function readAnswerIds(q: Queryable, campaignId: number): Promise<CampaignAnswers> {
  const [row] = await q.query<CampaignAnswersRow>(ANSWER_IDS, [campaignId]);
  return campaignAnswersOf(row);
}

/** Stores a campaign's scores, replacing earlier ones. */
export async function replaceCampaignScores(q: Queryable, campaignId: number, scores: readonly GroupScore[]): Promise<void> {
  await q.query('DELETE FROM campaign_scores WHERE campaign_id = $1', [campaignId]);
  await insertScores(
    q,
    scores.map((score) => ({ campaignId, ...score })),
  );
}

/** Inserts scores of one or many campaigns in one statement. */
export async function insertScores(q: Queryable, rows: (GroupScore & { campaignId: number })[]): Promise<void> {
  await q.query(
    `INSERT INTO campaign_scores (campaign_id, scope, category_id, value, max_value, percentage)
     SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::float8[], $5::float8[], $6::float8[])`,
    [
      rows.map((r) => r.campaignId),
      rows.map((r) => r.scope),
      rows.map((r) => r.categoryId),
      rows.map((r) => r.value),
      rows.map((r) => r.max),
      rows.map((r) => r.percentage),
    ],
  );
}
