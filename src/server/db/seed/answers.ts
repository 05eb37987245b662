import type { Queryable } from '../client.js';

interface SeedSubindicator {
  id: number;
  type: 'single' | 'multiple';
  responses: { id: number; value: number; obsolete: boolean }[];
}

/** The sub-indicators of an edition with their responses, in questionnaire order. */
export async function loadEditionSubindicators(q: Queryable, editionId: number): Promise<SeedSubindicator[]> {
  return q.query<SeedSubindicator>(
    `SELECT s.id, s.type,
            (SELECT json_agg(json_build_object('id', r.id, 'value', r.value, 'obsolete', r.obsolete) ORDER BY r.position)
               FROM responses r WHERE r.subindicator_id = s.id) AS responses
       FROM subindicators s JOIN indicators i ON i.id = s.indicator_id
      WHERE i.edition_id = $1 ORDER BY i.position, s.position`,
    [editionId],
  );
}

/**
 * A plausible answer from an entity whose maturity (0..1) is the chance of choosing good practice:
 * single choice leans to the best response, multiple choice ticks each worthwhile action.
 */
export function plausibleAnswer(sub: SeedSubindicator, maturity: number, random: () => number): number[] {
  const usable = sub.responses.filter((r) => !r.obsolete);
  if (sub.type === 'single') {
    const byValue = [...usable].sort((a, b) => b.value - a.value);
    const index = random() < maturity ? 0 : Math.floor(random() * byValue.length);
    return [byValue[index].id];
  }
  const chosen = usable.filter((r) => r.value > 0 && random() < maturity).map((r) => r.id);
  if (chosen.length > 0) return chosen;
  const none = usable.find((r) => r.value === 0) ?? usable[usable.length - 1];
  return [none.id];
}

/** Stores a campaign's answers in one statement. */
export async function insertAnswers(q: Queryable, campaignId: number, answers: { subindicatorId: number; responseIds: number[] }[]): Promise<void> {
  if (answers.length === 0) return;
  // Arrays of arrays do not travel well as parameters; each answer goes as a '{1,2}' literal.
  await q.query(
    `INSERT INTO answers (campaign_id, subindicator_id, response_ids)
     SELECT $1, s, r::int[] FROM unnest($2::int[], $3::text[]) AS t(s, r)`,
    [campaignId, answers.map((a) => a.subindicatorId), answers.map((a) => `{${a.responseIds.join(',')}}`)],
  );
}

/**
 * Gives every answer of these campaigns that needs evidence (rule 'required', more than 0 points) a link, as an
 * entity that sends must: the demo's and the benchmarks' campaigns are then ones that could have been sent.
 */
export async function insertRequiredEvidence(q: Queryable, campaignIds: readonly number[]): Promise<void> {
  if (campaignIds.length === 0) return;
  await q.query(
    `INSERT INTO evidence (campaign_id, subindicator_id, kind, url, title)
     SELECT a.campaign_id, a.subindicator_id, 'link', 'https://transparencia.example.es/evidencias/' || a.campaign_id || '/' || s.code, 'Documento publicado'
       FROM answers a JOIN subindicators s ON s.id = a.subindicator_id
      WHERE a.campaign_id = ANY($1::int[]) AND s.evidence_rule = 'required'
        AND (SELECT coalesce(sum(r.value), 0) FROM responses r WHERE r.id = ANY(a.response_ids)) > 0
        AND NOT EXISTS (SELECT 1 FROM evidence e WHERE e.campaign_id = a.campaign_id AND e.subindicator_id = a.subindicator_id)`,
    [campaignIds],
  );
}
