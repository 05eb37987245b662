import type { Queryable } from '../db/client.js';
import { loadScoringQuestionnaire, readAnswerIds, replaceCampaignScores } from '../db/repositories/scores.js';
import { scoreCampaign } from './scoring.js';

/**
 * The first step of the plain path (README): a campaign's scores, computed once from its answers (scoring.ts)
 * and stored per group, replacing earlier ones.
 */
export async function storeCampaignScores(q: Queryable, campaignId: number): Promise<void> {
  const subs = await loadScoringQuestionnaire(q, campaignId);
  const answers = await readAnswerIds(q, campaignId);
  await replaceCampaignScores(q, campaignId, scoreCampaign(subs, answers));
}
