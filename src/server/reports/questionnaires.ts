import type { Queryable } from '../db/client.js';
import type { AnswerVersion, IndicatorGroup, ReviewMark } from '../../shared/api/campaigns.js';
import { readCampaignAnswers, type CampaignAnswers } from '../db/repositories/questionnaires.js';
import type { EditionQuestionnaire, QuestionnaireCache } from './questionnaireCache.js';
import { encodeWithRaw, rawSlot } from './rawJson.js';

/**
 * A campaign's edition questionnaire (cached) and its own answers (read on every call), with the reviewers' marks where
 * shown and the answers' versions where read (campaigns/get).
 */
export interface CampaignQuestionnaire extends CampaignAnswers {
  edition: EditionQuestionnaire;
  marks?: ReadonlyMap<number, ReviewMark>;
  versions?: ReadonlyMap<number, AnswerVersion>;
}

/** The campaign's questionnaire and answers: one indexed query, the edition from the cache; undefined when missing. */
export async function campaignQuestionnaire(q: Queryable, cache: QuestionnaireCache, campaignId: number): Promise<CampaignQuestionnaire | undefined> {
  const read = await readCampaignAnswers(q, campaignId);
  if (!read) return undefined;
  return { edition: await cache.get(read.editionId, read.catalogueVersion), answers: read.answers, notes: read.notes };
}

/**
 * A response body holding the campaign's answered indicators: build(indicators) gets a placeholder, and the
 * indicators' JSON, encoded once per edition, is spliced in its place.
 */
export function encodeWithIndicators(questionnaire: CampaignQuestionnaire, build: (indicators: IndicatorGroup[]) => unknown): Buffer {
  return encodeWithRaw(
    build(rawSlot<IndicatorGroup[]>()),
    questionnaire.edition.indicatorsJson(questionnaire.answers, questionnaire.notes, questionnaire.marks, questionnaire.versions),
  );
}
