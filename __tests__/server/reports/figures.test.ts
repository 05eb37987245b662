import { openDemoPglite } from '../../helpers/db.js';
import { campaignFigures } from '../../../src/server/reports/figures.js';
import { loadScoringQuestionnaire } from '../../../src/server/reports/storedScores.js';
import { scoreCampaign } from '../../../src/server/reports/scoring.js';
import type { Db } from '../../../src/server/db/client.js';

/** A campaign's total percentage computed again from its raw answers, not from stored scores. */
async function totalFromAnswers(db: Db, campaignId: number): Promise<number> {
  const subs = await loadScoringQuestionnaire(db, campaignId);
  const answers = await db.query<{ subindicator_id: number; response_ids: number[] }>(
    'SELECT subindicator_id, response_ids FROM answers WHERE campaign_id = $1',
    [campaignId],
  );
  return scoreCampaign(subs, new Map(answers.map((a) => [a.subindicator_id, a.response_ids]))).find((s) => s.scope === 'total')!.percentage;
}

describe('campaign figures from stored scores', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDemoPglite();
  });
  afterAll(() => db.close());

  it('matches the province, community and country means recomputed from the answers', async () => {
    const [campaign] = await db.query<{ id: number; edition_id: number; province_id: string; community_id: string }>(
      `SELECT c.id, c.edition_id, e.province_id, p.community_id FROM campaigns c JOIN entities e ON e.id = c.entity_id JOIN provinces p ON p.id = e.province_id
        WHERE c.status = 'sent' ORDER BY c.id LIMIT 1`,
    );
    const result = await campaignFigures(db, campaign.id);
    const total = result!.figures.get('total:0')!;

    const participants = await db.query<{ id: number; province_id: string; community_id: string }>(
      `SELECT c.id, e.province_id, p.community_id FROM campaigns c JOIN entities e ON e.id = c.entity_id JOIN provinces p ON p.id = e.province_id
        WHERE c.status = 'sent' AND c.edition_id = $1`,
      [campaign.edition_id],
    );
    const totals = new Map<number, number>();
    for (const p of participants) totals.set(p.id, await totalFromAnswers(db, p.id));
    const mean = (ids: number[]) => ids.reduce((a, id) => a + totals.get(id)!, 0) / ids.length;
    const inProvince = participants.filter((p) => p.province_id === campaign.province_id).map((p) => p.id);
    const inCommunity = participants.filter((p) => p.community_id === campaign.community_id).map((p) => p.id);
    const [registered] = await db.query<{ province: number; country: number }>(
      'SELECT count(*) FILTER (WHERE province_id = $1)::int AS province, count(*)::int AS country FROM entities',
      [campaign.province_id],
    );

    expect(total.percentages.campaign).toBeCloseTo(totals.get(campaign.id)!, 10);
    expect(total.percentages.province).toBeCloseTo(mean(inProvince), 10);
    expect(total.percentages.autonomousCommunity).toBeCloseTo(mean(inCommunity), 10);
    expect(total.percentages.country).toBeCloseTo(mean(participants.map((p) => p.id)), 10);
    expect(total.percentagesComparedToAll.province).toBeCloseTo((mean(inProvince) * inProvince.length) / registered.province, 10);
    expect(total.percentagesComparedToAll.country).toBeCloseTo((mean(participants.map((p) => p.id)) * participants.length) / registered.country, 10);
    expect(total.percentagesComparedToAll.campaign).toBe(total.percentages.campaign);
  });
});
