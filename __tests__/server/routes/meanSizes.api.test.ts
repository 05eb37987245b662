import { testBackends } from '../../helpers/db.js';
import { call, type TestServer } from '../../helpers/server.js';
import { startDemoServer, type DemoServer } from '../../helpers/demoServer.js';
import { createCampaign, createEntity, submittableCampaign } from '../../helpers/concurrency.js';
import type { Db } from '../../../src/server/db/client.js';
import type { ComparisonResponse, MeanSizes, ResultResponse } from '../../../src/shared/api/results.js';

const backends = await testBackends();

/**
 * "n beside every mean": the result and comparison calls say how many entities each territory's
 * mean is built from, in both comparison modes, checked against counts read straight from the tables.
 */
describe.each(backends)('mean sizes of the result and comparison on $name', ({ openDemo }) => {
  let demo: DemoServer;
  let db: Db;
  let server: TestServer;
  let admin = '';
  const get = async <T>(path: string): Promise<T> => {
    const res = await call(server, 'GET', `/api/secure/v1/campaigns/${path}`, { token: admin });
    expect(res.status).toBe(200);
    return res.body.response as T;
  };
  const send = async (campaignId: number) => {
    const res = await call(server, 'POST', '/api/secure/v1/campaigns/submit', { token: admin, body: { id: campaignId } });
    expect(res.status).toBe(200);
  };

  /**
   * What the sizes must be for a campaign, counted from campaigns and entities (not from the territorial sums nor
   * the stored bands): the size band by the default bands' bounds (SIZE_BANDS unset).
   */
  async function countedSizes(campaignId: number, editionId?: number): Promise<MeanSizes> {
    const rows = await db.query<{ id: number; population: number; province_id: string; community_id: string; took_part: boolean; own: boolean }>(
      `WITH own AS (SELECT coalesce($2::int, c.edition_id) AS edition_id, c.entity_id FROM campaigns c WHERE c.id = $1)
       SELECT e.id, e.population, e.province_id, p.community_id, e.id = (SELECT entity_id FROM own) AS own,
              EXISTS (SELECT 1 FROM campaigns s WHERE s.entity_id = e.id AND s.status = 'sent' AND s.edition_id = (SELECT edition_id FROM own)) AS took_part
         FROM entities e JOIN provinces p ON p.id = e.province_id`,
      [campaignId, editionId ?? null],
    );
    const bandOf = (population: number) => [5000, 20000, 50000, 100000].filter((bound) => population > bound).length;
    const me = rows.find((r) => r.own)!;
    const inside = {
      province: (r: (typeof rows)[number]) => r.province_id === me.province_id,
      autonomousCommunity: (r: (typeof rows)[number]) => r.community_id === me.community_id,
      country: () => true,
      sizeBand: (r: (typeof rows)[number]) => bandOf(r.population) === bandOf(me.population),
    };
    const count = (keep: (r: (typeof rows)[number]) => boolean) => ({
      province: rows.filter((r) => keep(r) && inside.province(r)).length,
      autonomousCommunity: rows.filter((r) => keep(r) && inside.autonomousCommunity(r)).length,
      country: rows.filter((r) => keep(r)).length,
      sizeBand: rows.filter((r) => keep(r) && inside.sizeBand(r)).length,
    });
    return { participants: count((r) => r.took_part), comparedToAll: count(() => true) };
  }

  /** Three municipalities of a province where the demo has no entity. */
  async function emptyProvinceMunicipalities(): Promise<string[]> {
    const [{ province }] = await db.query<{ province: string }>(
      'SELECT m.province_id AS province FROM municipalities m WHERE m.province_id NOT IN (SELECT province_id FROM entities) GROUP BY m.province_id HAVING count(*) >= 3 ORDER BY m.province_id LIMIT 1',
    );
    const rows = await db.query<{ id: string }>('SELECT id FROM municipalities WHERE province_id = $1 ORDER BY id LIMIT 3', [province]);
    return rows.map((r) => r.id);
  }

  beforeAll(async () => {
    demo = await startDemoServer(openDemo);
    ({ db, server } = demo);
    admin = demo.tokens.admin;
  });
  afterAll(() => demo.close());

  it('counts one participant in a province of one, and its non-participants only when compared to all', async () => {
    const [first, second, third] = await emptyProvinceMunicipalities();
    const { campaignId } = await submittableCampaign(db, server, admin, first, () => 0.5);
    await send(campaignId);
    const alone = await get<ResultResponse>(`result?id=${campaignId}`);
    expect(alone.edition.sizes.participants.province).toBe(1);
    expect(alone.edition.sizes.comparedToAll.province).toBe(1);
    // Its own figure is the province's in both modes.
    expect(alone.global.percentages.province).toBeCloseTo(alone.global.percentages.campaign!, 12);
    expect(alone.global.percentagesComparedToAll.province).toBeCloseTo(alone.global.percentages.campaign!, 12);

    // A neighbour with no campaign and one with a draft: registered, not participants.
    await createEntity(server, admin, second, 'Sin campaña');
    await createCampaign(server, admin, await createEntity(server, admin, third, 'Con borrador'));
    const result = await get<ResultResponse>(`result?id=${campaignId}`);
    expect(result.edition.sizes).toEqual(await countedSizes(campaignId));
    expect(result.edition.sizes.participants.province).toBe(1);
    expect(result.edition.sizes.comparedToAll.province).toBe(3);
    expect(result.edition.year).toBe(2026);
    // The compared-to-all mean divides by those three.
    expect(result.global.percentagesComparedToAll.province).toBeCloseTo(result.global.percentages.campaign! / 3, 12);

    const comparison = await get<ComparisonResponse>(`comparison?id=${campaignId}`);
    expect(comparison.territoryTexts).toEqual(result.territoryTexts);
    expect(comparison.editions.previous).toBeNull();
    const counted = await countedSizes(campaignId);
    // A comparison has no country figures: its country sizes are 0.
    expect(comparison.editions.current).toEqual({
      year: 2026,
      sizes: {
        participants: { ...counted.participants, country: 0 },
        comparedToAll: { ...counted.comparedToAll, country: 0 },
      },
      withheld: [],
    });
  });

  it("gives the previous edition's year and sizes beside the current one's", async () => {
    const rows = await db.query<{ id: number; previous_id: number; previous_edition: number }>(
      `SELECT c.id, p.id AS previous_id, p.edition_id AS previous_edition
         FROM campaigns c JOIN editions ed ON ed.id = c.edition_id
         JOIN campaigns p ON p.entity_id = c.entity_id AND p.status = 'sent' JOIN editions pe ON pe.id = p.edition_id AND pe.campaign_number = ed.campaign_number - 1
        WHERE c.status = 'sent' AND ed.campaign_number = 2026 ORDER BY c.id LIMIT 1`,
    );
    expect(rows).toHaveLength(1);
    const [{ id, previous_id: previousId, previous_edition: previousEdition }] = rows;
    const comparison = await get<ComparisonResponse>(`comparison?id=${id}`);
    const current = await countedSizes(id);
    const previous = await countedSizes(previousId, previousEdition);
    const noCountry = (sizes: MeanSizes) => ({ participants: { ...sizes.participants, country: 0 }, comparedToAll: { ...sizes.comparedToAll, country: 0 } });
    expect(comparison.editions).toEqual({
      current: { year: 2026, sizes: noCountry(current), withheld: [] },
      previous: { year: 2025, sizes: noCountry(previous), withheld: [] },
    });
    const result = await get<ResultResponse>(`result?id=${id}`);
    expect(result.edition).toEqual({ year: 2026, sizes: current, withheld: [] });
  });

  it('refuses the result and comparison of an unsent campaign with CAMPAIGN_NOT_SENT', async () => {
    const [, , third] = await emptyProvinceMunicipalities();
    const draft = await createCampaign(server, admin, await createEntity(server, admin, third, 'Borrador'));
    for (const path of [`result?id=${draft}`, `comparison?id=${draft}`]) {
      const res = await call(server, 'GET', `/api/secure/v1/campaigns/${path}`, { token: admin });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ type: 'CONFLICT', data: 'CAMPAIGN_NOT_SENT' });
    }
  });
});
