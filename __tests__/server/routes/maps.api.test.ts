import { brotliDecompressSync } from 'node:zlib';
import { openDemoPglite } from '../../helpers/db.js';
import { startDemoServer, type DemoServer } from '../../helpers/demoServer.js';
import { call, rawGet, startTestServer, type TestServer } from '../../helpers/server.js';
import { signInDemoAccounts } from '../../helpers/auth.js';
import type { CampaignStatusRow } from '../../../src/shared/api/campaigns.js';
import type { Participation, ResultMap } from '../../../src/shared/api/maps.js';

describe('maps API', () => {
  let demo: DemoServer;
  const get = (path: string, token: string) => call(demo.server, 'GET', `/api/secure/v1/${path}`, { token });
  let sentId: number;

  beforeAll(async () => {
    demo = await startDemoServer(openDemoPglite);
    [{ id: sentId }] = await demo.db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'sent' ORDER BY id LIMIT 1");
  }, 120_000);
  afterAll(async () => demo?.close());

  describe('municipalityBoundaries', () => {
    it("serves a province's municipalities as GeoJSON, cached a day and compressed", async () => {
      const res = await get('communities/municipalityBoundaries?provinceId=46', demo.tokens.user);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
      const collection = res.body.response;
      expect(collection).toMatchObject({ type: 'FeatureCollection', provinceId: '46' });
      expect(collection.features.length).toBeGreaterThan(250);
      expect(collection.features.find((f: any) => f.id === '46250')).toMatchObject({
        type: 'Feature',
        properties: { id: '46250', name: expect.stringContaining('Val') },
      });

      const raw = await rawGet(demo.server, '/api/secure/v1/communities/municipalityBoundaries?provinceId=46', {
        authorization: `Bearer ${demo.tokens.admin}`,
        'accept-encoding': 'br',
      });
      expect(raw.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(raw.body).toString('utf8')).response.features).toHaveLength(collection.features.length);
    });

    it('is open to a share link (a shared result draws its province) and closed to nobody', async () => {
      expect((await get('communities/municipalityBoundaries?provinceId=51', demo.tokens.share)).body.response.features).toHaveLength(1);
      expect((await get('communities/municipalityBoundaries?provinceId=51', '')).status).toBe(401);
    });

    it.each(['00', '53', '54', '1', '280', 'ab', ''])('refuses the province code %p with 422', async (code) => {
      const res = await get(`communities/municipalityBoundaries?provinceId=${code}`, demo.tokens.user);
      expect(res.status).toBe(422);
      expect(res.body.error.type).toBe('VALIDATION');
    });

    it('refuses a missing or extra parameter', async () => {
      expect((await get('communities/municipalityBoundaries', demo.tokens.user)).status).toBe(422);
      expect((await get('communities/municipalityBoundaries?provinceId=28&all=1', demo.tokens.user)).status).toBe(422);
    });
  });

  describe('participation', () => {
    it('gives ADMIN and FEC every province with its entities and the current edition campaigns, as the status rows count them', async () => {
      const status = (await get('campaigns/status', demo.tokens.admin)).body.response as CampaignStatusRow[];
      const current = status.filter((r) => r.currentEdition);
      for (const token of [demo.tokens.admin, demo.tokens.fec]) {
        const res = await get('campaigns/participation', token);
        expect(res.status).toBe(200);
        const participation = res.body.response as Participation;
        expect(participation.provinces).toHaveLength(52);
        expect(participation.edition).toBe(current[0].campaignNumber);
        for (const p of participation.provinces) {
          const rows = current.filter((r) => r.provinceId === p.provinceId);
          expect([p.provinceId, p.sent, p.draft]).toEqual([
            p.provinceId,
            rows.filter((r) => r.status === 'sent').length,
            rows.filter((r) => r.status === 'draft').length,
          ]);
          expect(p.registered).toBeGreaterThanOrEqual(new Set(rows.map((r) => r.entityId)).size);
        }
        expect(participation.provinces.find((p) => p.provinceId === '52')).toMatchObject({ name: 'Melilla', communityId: '19', communityName: 'Melilla' });
      }
    });

    it("counts an older edition's campaigns when given its editionId, as the status rows of that edition count them", async () => {
      const status = (await get('campaigns/status', demo.tokens.admin)).body.response as CampaignStatusRow[];
      const older = status.find((r) => !r.currentEdition)!;
      const rowsOf = status.filter((r) => r.editionId === older.editionId);
      for (const token of [demo.tokens.admin, demo.tokens.fec]) {
        const res = await get(`campaigns/participation?editionId=${older.editionId}`, token);
        expect(res.status).toBe(200);
        const participation = res.body.response as Participation;
        expect(participation.edition).toBe(older.campaignNumber);
        for (const p of participation.provinces) {
          const rows = rowsOf.filter((r) => r.provinceId === p.provinceId);
          expect([p.provinceId, p.sent, p.draft]).toEqual([
            p.provinceId,
            rows.filter((r) => r.status === 'sent').length,
            rows.filter((r) => r.status === 'draft').length,
          ]);
        }
      }
    });

    it('refuses a malformed or unknown editionId with 422, and USER and share links with 403', async () => {
      for (const bad of ['abc', '0', '1.0', '%201', '-2', '2147483648', '1&editionId=2']) {
        const res = await get(`campaigns/participation?editionId=${bad}`, demo.tokens.admin);
        expect([bad, res.status]).toEqual([bad, 422]);
        expect(res.body.error.type).toBe('VALIDATION');
      }
      const unknown = await get('campaigns/participation?editionId=999999', demo.tokens.admin);
      expect(unknown.status).toBe(422);
      expect(unknown.body.error).toMatchObject({ type: 'VALIDATION', message: 'La edición no existe', data: { editionId: 'no such edition' } });
      expect((await get('campaigns/participation?editionId=1', demo.tokens.user)).status).toBe(403);
      expect((await get('campaigns/participation?editionId=1', demo.tokens.share)).status).toBe(403);
    });

    it('refuses USER and share links', async () => {
      expect((await get('campaigns/participation', demo.tokens.user)).status).toBe(403);
      expect((await get('campaigns/participation', demo.tokens.share)).status).toBe(403);
      expect((await get('campaigns/participation?x=1', demo.tokens.admin)).status).toBe(422);
    });
  });

  describe('resultMap', () => {
    it("gives the edition's mean per province and the entity's municipalities to whoever may read the result", async () => {
      const res = await get(`campaigns/resultMap?id=${sentId}`, demo.tokens.admin);
      expect(res.status).toBe(200);
      const map = res.body.response as ResultMap;
      expect(map.provinces).toHaveLength(52);
      expect(map.minGroupSize).toBe(1);
      const [place] = await demo.db.query<{ province_id: string; campaign_number: number }>(
        'SELECT en.province_id, ed.campaign_number FROM campaigns c JOIN entities en ON en.id = c.entity_id JOIN editions ed ON ed.id = c.edition_id WHERE c.id = $1',
        [sentId],
      );
      expect(map.provinceId).toBe(place.province_id);
      expect(map.year).toBe(place.campaign_number);
      expect(map.municipalityIds.length).toBeGreaterThan(0);
      expect(map.municipalityIds.every((id) => id.startsWith(place.province_id))).toBe(true);
      // The entity's province has at least the entity as a participant: its mean is there.
      const own = map.provinces.find((p) => p.provinceId === map.provinceId)!;
      expect(own.participants).toBeGreaterThan(0);
      expect(own.mean).toBeGreaterThan(0);
      expect(own.mean).toBeLessThanOrEqual(1);
      expect(own.meanComparedToAll).toBeLessThanOrEqual(own.mean!);
      // The result's own province mean is the same figure.
      const result = (await get(`campaigns/result?id=${sentId}`, demo.tokens.admin)).body.response;
      expect(own.mean).toBeCloseTo(result.global.percentages.province, 10);
      // A share link of that campaign reads it too.
      expect((await get(`campaigns/resultMap?id=${sentId}`, demo.tokens.share)).status).toBe(200);
    });

    it('refuses a share link of another campaign, a campaign not sent and a bad id', async () => {
      const [{ id: other }] = await demo.db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'sent' AND id <> $1 ORDER BY id LIMIT 1", [sentId]);
      expect((await get(`campaigns/resultMap?id=${other}`, demo.tokens.share)).status).toBe(403);
      const [{ id: draft }] = await demo.db.query<{ id: number }>("SELECT id FROM campaigns WHERE status <> 'sent' ORDER BY id LIMIT 1");
      expect((await get(`campaigns/resultMap?id=${draft}`, demo.tokens.admin)).status).toBe(409);
      expect((await get('campaigns/resultMap?id=abc', demo.tokens.admin)).status).toBe(422);
    });
  });
});

describe('resultMap with MIN_GROUP_SIZE', () => {
  let server: TestServer;
  let demo: DemoServer;
  afterAll(async () => {
    await server?.close();
    await demo?.close();
  });

  it('withholds the provinces with fewer participants than MIN_GROUP_SIZE, in both modes', async () => {
    demo = await startDemoServer(openDemoPglite);
    server = await startTestServer(demo.db, { MIN_GROUP_SIZE: '1000' });
    const { admin } = await signInDemoAccounts(server);
    const [{ id }] = await demo.db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'sent' ORDER BY id LIMIT 1");
    const map = (await call(server, 'GET', `/api/secure/v1/campaigns/resultMap?id=${id}`, { token: admin })).body.response as ResultMap;
    expect(map.minGroupSize).toBe(1000);
    const withParticipants = map.provinces.filter((p) => p.participants > 0);
    expect(withParticipants.length).toBeGreaterThan(0);
    for (const p of withParticipants) expect(p).toMatchObject({ withheld: true, mean: null, meanComparedToAll: null });
  }, 120_000);
});
