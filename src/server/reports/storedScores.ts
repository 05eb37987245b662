import type { Queryable } from '../db/client.js';
import { loadScoringQuestionnaire, readAnswerIds, replaceCampaignScores } from '../db/repositories/scores.js';
import { addToTerritoryScores } from '../db/repositories/territoryScores.js';
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

/**
 * A campaign just marked sent, inside its submission's transaction: its scores stored, then added to the sums of
 * its province, community and country (territory_scores, whose triggers renew the edition's figures version).
 */
export async function scoreSentCampaign(q: Queryable, campaignId: number): Promise<void> {
  await storeCampaignScores(q, campaignId);
  await addToTerritoryScores(q, campaignId);
}
