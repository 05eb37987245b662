import type { Queryable } from '../db/client.js';
import { findCampaignEdition } from '../db/repositories/campaignQueries.js';
import { loadEditionIndicators } from '../db/repositories/questionnaires.js';
import { readAnswerIds, replaceCampaignScores } from '../db/repositories/scores.js';
import { notApplicableIds, scoreCampaign, scoredSubindicators, type ScoredSubindicator } from './scoring.js';

/** An edition's questions with their place in the tree and their responses, in questionnaire order, for scoring. */
export async function loadEditionQuestionnaire(q: Queryable, editionId: number): Promise<ScoredSubindicator[]> {
  return scoredSubindicators(await loadEditionIndicators(q, editionId));
}

/** The questionnaire of a campaign's edition, shaped for scoring. */
export async function loadScoringQuestionnaire(q: Queryable, campaignId: number): Promise<ScoredSubindicator[]> {
  const editionId = await findCampaignEdition(q, campaignId);
  if (editionId === undefined) throw new Error(`No campaign ${campaignId}`);
  return loadEditionQuestionnaire(q, editionId);
}

/**
 * The first step of the plain path (README): a campaign's scores, computed once from its answers (scoring.ts)
 * and stored per group, replacing earlier ones.
 */
export async function storeCampaignScores(q: Queryable, campaignId: number): Promise<void> {
  const subs = await loadScoringQuestionnaire(q, campaignId);
  const { answers, notes } = await readAnswerIds(q, campaignId);
  await replaceCampaignScores(q, campaignId, scoreCampaign(subs, answers, notApplicableIds(notes)));
}
