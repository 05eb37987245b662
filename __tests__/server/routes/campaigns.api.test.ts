import { randomUUID } from 'node:crypto';
import { testBackends } from '../../helpers/db.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { call, rawGet, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, signIn, signInDemoAccounts } from '../../helpers/auth.js';
import type { Db } from '../../../src/server/db/client.js';
import type { CampaignDetail, CampaignStatusRow, CampaignSummary } from '../../../src/shared/api/campaigns.js';

const backends = await testBackends();

describe.each(backends)('campaign API on $name', ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  const tokens: Record<'user' | 'admin' | 'fec' | 'other' | 'share', string> = { user: '', admin: '', fec: '', other: '', share: '' };
  let own: { sent: number; draft: number };
  let foreignDraft: number;
  let foreignSent: number;

  const get = (path: string, token?: string) => call(server, 'GET', `/api/secure/v1/campaigns/${path}`, { token });
  const post = (path: string, body: unknown, token?: string) => call(server, 'POST', `/api/secure/v1/campaigns/${path}`, { token, body });

  /** A fresh created campaign of an entity without one in the current edition. */
  async function freshCampaign(): Promise<{ id: number; entityId: number }> {
    const [entity] = await db.query<{ id: number }>(
      `SELECT e.id FROM entities e WHERE NOT EXISTS (
         SELECT 1 FROM campaigns c JOIN editions ed ON ed.id = c.edition_id WHERE c.entity_id = e.id AND ed.campaign_number = 2026) LIMIT 1`,
    );
    const res = await post('create', { entityId: entity.id }, tokens.admin);
    expect(res.status).toBe(200);
    return { id: res.body.response.campaign.id, entityId: entity.id };
  }

  const questionsOf = async (id: number) => (await get(`get?id=${id}`, tokens.admin)).body.response as CampaignDetail;

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db);
    Object.assign(tokens, await signInDemoAccounts(server));
    const [{ id: otherEntity }] = await db.query<{ id: number }>('SELECT id FROM entities ORDER BY id DESC LIMIT 1');
    await createTestUser(db, 'otra@ayto.es', 'otra-clave-1', 'USER', [otherEntity]);
    tokens.other = (await signIn(server, 'otra@ayto.es', 'otra-clave-1')).access_token;
    const mine = (await get('all', tokens.user)).body.response as CampaignSummary[];
    own = { sent: mine.find((c) => c.status === 'sent' && c.campaignNumber === 2026)!.id, draft: mine.find((c) => c.status === 'draft')!.id };
    const status = (await get('status', tokens.admin)).body.response as CampaignStatusRow[];
    const ownEntities = new Set(mine.map((c) => c.entityId));
    foreignDraft = status.find((r) => r.status === 'draft' && !ownEntities.has(r.entityId))!.campaignId;
    foreignSent = status.find((r) => r.status === 'sent' && !ownEntities.has(r.entityId))!.campaignId;
    const shareId = randomUUID();
    await db.query("INSERT INTO share_links (id, campaign_id, expires_at) VALUES ($1, $2, now() + interval '1 day')", [shareId, own.sent]);
    tokens.share = await server.ctx.signer.signShare({ shareId, campaignId: own.sent }, 3600);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  describe('who may do what', () => {
    it('lists for a USER only the campaigns of its entities, and everything for administrators', async () => {
      const mine = (await get('all', tokens.user)).body.response as CampaignSummary[];
      const all = (await get('all', tokens.admin)).body.response as CampaignSummary[];
      expect(new Set(mine.map((c) => c.entityId)).size).toBe(2);
      expect(all.length).toBeGreaterThan(mine.length);
      expect(((await get('all', tokens.fec)).body.response as unknown[]).length).toBe(all.length);
      expect(mine[0]).toEqual({
        id: expect.any(Number),
        campaignNumber: 2024,
        text: 'Campaña 2024',
        entityId: expect.any(Number),
        entity: expect.any(String),
        status: 'sent',
        startDate: expect.any(String),
        endDate: expect.any(String),
        deadline: null,
        reopening: null,
        autonomousCommunity: expect.stringMatching(/^\d\d$/),
        // The demo's 2024 review is over: validated.
        reviewStatus: 'validated',
      });
    });

    it("answers 404 to a USER asking for another entity's campaign, never the data", async () => {
      expect((await get(`get?id=${own.draft}`, tokens.user)).status).toBe(200);
      for (const id of [foreignDraft, foreignSent, 999999]) {
        const res = await get(`get?id=${id}`, tokens.user);
        expect(res.status).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain('indicators');
      }
      expect((await get(`get?id=${foreignDraft}`, tokens.admin)).status).toBe(200);
      expect((await get(`get?id=${foreignDraft}`, tokens.fec)).status).toBe(200);
    });

    it('lets only ADMIN and FEC create, delete and see the status page', async () => {
      for (const token of [tokens.user, tokens.other]) {
        expect((await post('create', { entityId: 1 }, token)).status).toBe(403);
        expect((await post('delete', { id: own.draft }, token)).status).toBe(403);
        expect((await get('status', token)).status).toBe(403);
      }
      expect((await get('status', tokens.fec)).status).toBe(200);
    });

    it("lets the entity's USER and ADMIN answer, but not FEC or another entity's USER", async () => {
      const { id } = await freshCampaign();
      const [sub] = (await questionsOf(id)).indicators[0].subindicators;
      const answer = [sub.responses.find((r) => !r.obsolete)!.id];
      expect((await post('saveAnswer', { id, question: sub.id, answer }, tokens.admin)).status).toBe(200);
      expect((await post('saveAnswer', { id, question: sub.id, answer }, tokens.fec)).status).toBe(403);
      expect((await post('saveAnswer', { id, question: sub.id, answer }, tokens.user)).status).toBe(404);
      expect((await post('submit', { id }, tokens.fec)).status).toBe(403);
    });

    it('refuses share tokens and missing tokens on every campaign call', async () => {
      const calls: [string, string, unknown?][] = [
        ['GET', 'all'],
        ['GET', `get?id=${own.sent}`],
        ['GET', 'getByUser'],
        ['GET', 'getByEntity?entityId=1'],
        ['GET', 'status'],
        ['POST', 'create', { entityId: 1 }],
        ['POST', 'saveAnswer', { id: own.draft, question: 1, answer: null }],
        ['POST', 'submit', { id: own.draft }],
        ['POST', 'delete', { id: own.draft }],
      ];
      for (const [method, path, body] of calls) {
        const viaShare = await call(server, method, `/api/secure/v1/campaigns/${path}`, { token: tokens.share, body });
        expect([path, viaShare.status]).toEqual([path, 403]);
        const anonymous = await call(server, method, `/api/secure/v1/campaigns/${path}`, { body });
        expect([path, anonymous.status, anonymous.body.error.type]).toEqual([path, 401, 'INVALID_TOKEN']);
      }
    });

    it('refuses a questionnaire, a save and a submission once the session is signed out (checked with the campaign, in one statement), storing nothing', async () => {
      const { id } = await freshCampaign();
      const [question] = (await questionsOf(id)).indicators.flatMap((i) => i.subindicators);
      const session = (await signIn(server, 'admin@demo.es', 'demo1234')).access_token;
      expect((await post('saveAnswer', { id, question: question.id, answer: [question.responses[0].id] }, session)).status).toBe(200);
      // The questionnaire as loaded with the session checked in the same statement: the answer just saved.
      const loaded = (await get(`get?id=${id}`, session)).body.response as CampaignDetail;
      expect([loaded.id, loaded.status, loaded.indicators.flatMap((i) => i.subindicators).find((s) => s.id === question.id)?.answer]).toEqual([
        id,
        'draft',
        [question.responses[0].id],
      ]);
      expect((await get('get?id=999999', session)).status).toBe(404);
      expect((await call(server, 'POST', '/api/secure/v1/auth/logout', { token: session })).status).toBe(200);
      for (const path of [`get?id=${id}`, 'get?id=999999']) {
        const refused = await get(path, session);
        expect([path, refused.status, refused.body.error.type]).toEqual([path, 401, 'INVALID_TOKEN']);
      }
      for (const [path, body] of [
        ['saveAnswer', { id, question: question.id, answer: null }],
        ['submit', { id }],
      ] as const) {
        const refused = await post(path, body, session);
        expect([path, refused.status, refused.body.error.type]).toEqual([path, 401, 'INVALID_TOKEN']);
      }
      // The answer saved before signing out is there, and the campaign is still a draft.
      expect((await db.query('SELECT response_ids FROM answers WHERE campaign_id = $1', [id])).map((r) => r.response_ids)).toEqual([
        [question.responses[0].id],
      ]);
      expect((await db.query('SELECT status FROM campaigns WHERE id = $1', [id]))[0].status).toBe('draft');
      // And a campaign that does not exist is a 404 for a signed-in caller, not a 401.
      expect((await post('saveAnswer', { id: 999999, question: question.id, answer: null }, tokens.admin)).status).toBe(404);
    });

    it('names entities with their province in getByUser, the newest campaign last', async () => {
      const res = await get('getByUser?nameWithProvince=true', tokens.user);
      const entities = res.body.response.entityCampaigns as { text: string; campaigns: { text: string }[] }[];
      expect(entities).toHaveLength(2);
      for (const e of entities) expect(e.text).toMatch(/ - \(.+\)$/);
      expect(entities.flatMap((e) => e.campaigns.map((c) => c.text))).toContain('Campaña 2026');
      const admin = await get('getByUser?nameWithProvince=true&includeAllEntities=true', tokens.admin);
      expect(admin.body.response.entityCampaigns.length).toBeGreaterThanOrEqual(36);
      const onlySent = await get('getByUser?onlySent=true', tokens.user);
      // The demo user's entities sent 2024, 2025 and 2026, and 2025.
      expect(onlySent.body.response.entityCampaigns.flatMap((e: { campaigns: unknown[] }) => e.campaigns)).toHaveLength(4);
    });
  });

  describe('answers and submission', () => {
    it('moves created to draft on the first answer, validates every answer, and keeps the stored one on refusal', async () => {
      const { id } = await freshCampaign();
      const detail = await questionsOf(id);
      expect(detail.status).toBe('created');
      const subs = detail.indicators.flatMap((i) => i.subindicators);
      const single = subs.find((s) => s.type === 'single')!;
      const multiple = subs.find((s) => s.type === 'multiple')!;
      const obsolete = subs.flatMap((s) => s.responses.filter((r) => r.obsolete).map((r) => ({ sub: s, r })))[0];
      const [a, b] = single.responses.filter((r) => !r.obsolete);

      const first = await post('saveAnswer', { id, question: single.id, answer: [a.id] }, tokens.admin);
      expect(first.body.response.campaign).toMatchObject({ id, status: 'draft', startDate: expect.any(String), endDate: null });

      const refused: [unknown, string][] = [
        [[a.id, b.id], 'exactly one'],
        [[], 'fewer than 1'],
        [[multiple.responses[0].id], 'does not belong'],
        ['5', ''],
        [[String(a.id)], ''],
      ];
      for (const [answer, text] of refused) {
        const res = await post('saveAnswer', { id, question: single.id, answer }, tokens.admin);
        expect([JSON.stringify(answer), res.status, res.body.error.type]).toEqual([JSON.stringify(answer), 422, 'VALIDATION']);
        expect(JSON.stringify(res.body.error)).toContain(text);
      }
      const twice = await post('saveAnswer', { id, question: multiple.id, answer: [multiple.responses[0].id, multiple.responses[0].id] }, tokens.admin);
      expect(twice.status).toBe(422);
      if (obsolete) {
        const res = await post('saveAnswer', { id, question: obsolete.sub.id, answer: [obsolete.r.id] }, tokens.admin);
        expect(res.body.error.message).toContain('no longer offered');
      }
      // 'Ninguno de los anteriores' (exclusive) only alone; the stored answer is kept when refused.
      const withNone = subs.find((s) => s.responses.some((r) => r.exclusive))!;
      const none = withNone.responses.find((r) => r.exclusive)!;
      const action = withNone.responses.find((r) => !r.exclusive && !r.obsolete)!;
      expect(none.text).toMatch(/^Ningun[oa] de l[oa]s anteriores$/);
      expect((await post('saveAnswer', { id, question: withNone.id, answer: [none.id] }, tokens.admin)).status).toBe(200);
      for (const answer of [
        [action.id, none.id],
        [none.id, action.id],
      ]) {
        const joined = await post('saveAnswer', { id, question: withNone.id, answer }, tokens.admin);
        expect([joined.status, joined.body.error.message]).toEqual([422, expect.stringContaining('excludes the others')]);
      }
      expect((await questionsOf(id)).indicators.flatMap((i) => i.subindicators).find((s) => s.id === withNone.id)!.answer).toEqual([none.id]);
      const foreignQuestion = await db.query<{ id: number }>(
        'SELECT s.id FROM subindicators s JOIN indicators i ON i.id = s.indicator_id JOIN editions e ON e.id = i.edition_id WHERE e.campaign_number = 2025 LIMIT 1',
      );
      expect((await post('saveAnswer', { id, question: foreignQuestion[0].id, answer: null }, tokens.admin)).status).toBe(422);
      expect((await questionsOf(id)).indicators.flatMap((i) => i.subindicators).find((s) => s.id === single.id)!.answer).toEqual([a.id]);

      expect((await post('saveAnswer', { id, question: single.id, answer: null }, tokens.admin)).status).toBe(200);
      expect((await questionsOf(id)).indicators.flatMap((i) => i.subindicators).find((s) => s.id === single.id)!.answer).toBeNull();
    });

    it('submits only when all is answered, stores the scores, then refuses changes and a second submit', async () => {
      const { id } = await freshCampaign();
      const subs = (await questionsOf(id)).indicators.flatMap((i) => i.subindicators);
      const missing = await post('submit', { id }, tokens.admin);
      expect(missing.status).toBe(422);
      expect(missing.body.error.data).toBe('NOT_ALL_ANSWERED');
      for (const sub of subs) {
        const res = await post('saveAnswer', { id, question: sub.id, answer: [sub.responses.find((r) => !r.obsolete)!.id] }, tokens.admin);
        expect(res.status).toBe(200);
        if (sub.evidenceRule === 'required')
          expect((await post('evidence/addLink', { id, question: sub.id, url: 'https://ayto.example/acta' }, tokens.admin)).status).toBe(200);
      }
      const countryParticipants = async () =>
        (
          await db.query<{ n: number }>(
            "SELECT ts.participants AS n FROM territory_scores ts JOIN campaigns c ON c.edition_id = ts.edition_id WHERE c.id = $1 AND ts.territory = 'country' AND ts.scope = 'total'",
            [id],
          )
        )[0]?.n ?? 0;
      const before = await countryParticipants();
      const sent = await post('submit', { id }, tokens.admin);
      expect(sent.status).toBe(200);
      // The submission counts at once in its province, community and country.
      expect(await countryParticipants()).toBe(before + 1);
      expect(sent.body.response.campaign).toMatchObject({ status: 'sent', endDate: expect.any(String) });
      const scores = await db.query<{ scope: string }>('SELECT scope FROM campaign_scores WHERE campaign_id = $1', [id]);
      expect(new Set(scores.map((s) => s.scope))).toEqual(new Set(['total', 'axis', 'policy', 'measure']));
      expect((await post('submit', { id }, tokens.admin)).status).toBe(409);
      expect((await post('saveAnswer', { id, question: subs[0].id, answer: null }, tokens.admin)).body.error.type).toBe('CONFLICT');
      expect((await post('delete', { id }, tokens.admin)).status).toBe(409);
      const actions = await db.query<{ action: string }>("SELECT action FROM audit_log WHERE target_type = 'campaign' AND target_id = $1", [String(id)]);
      expect(
        actions
          .map((a) => a.action)
          .filter((a) => a !== 'campaign.evidence.add')
          .sort(),
      ).toEqual(['campaign.create', 'campaign.submit']);
    });

    it('keeps every answer and one submit when saves and submits race', async () => {
      const { id } = await freshCampaign();
      const subs = (await questionsOf(id)).indicators.flatMap((i) => i.subindicators);
      const pick = (sub: (typeof subs)[number]) => [sub.responses.find((r) => !r.obsolete)!.id];
      const [head, tail] = [subs.slice(0, subs.length - 20), subs.slice(subs.length - 20)];
      await Promise.all(head.map((sub) => post('saveAnswer', { id, question: sub.id, answer: pick(sub) }, tokens.admin)));
      const results = await Promise.all([
        ...tail.map((sub) => post('saveAnswer', { id, question: sub.id, answer: pick(sub) }, tokens.admin)),
        post('submit', { id }, tokens.admin),
        post('submit', { id }, tokens.admin),
      ]);
      const saves = results.slice(0, 20);
      const submits = results
        .slice(20)
        .map((r) => r.status)
        .sort();
      const [{ answers }] = await db.query<{ answers: number }>('SELECT count(*)::int AS answers FROM answers WHERE campaign_id = $1', [id]);
      const savedOk = saves.filter((r) => r.status === 200).length;
      // Every save that was answered 200 is stored; the ones that lost the race were refused as CONFLICT.
      expect(answers).toBe(head.length + savedOk);
      for (const r of saves) expect([200, 409]).toContain(r.status);
      // A submit that came too early is refused as NOT_ALL_ANSWERED (422), one after the winner as CONFLICT (409).
      expect(submits.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
      for (const s of submits) expect([200, 409, 422]).toContain(s);
      const final = await questionsOf(id);
      expect(final.status).toBe(submits.includes(200) ? 'sent' : 'draft');
      if (final.status === 'sent') expect(answers).toBe(subs.length);
    });
  });

  describe('creation and deletion', () => {
    it('creates one campaign per entity and edition, and refuses bad input', async () => {
      const { entityId, id } = await freshCampaign();
      const again = await post('create', { entityId }, tokens.fec);
      expect([again.status, again.body.error.type, again.body.error.data]).toEqual([409, 'CONFLICT', 'CAMPAIGN_EXISTS']);
      expect((await post('create', { entityId: 999999 }, tokens.admin)).status).toBe(404);
      expect((await post('create', {}, tokens.admin)).status).toBe(422);
      expect((await post('create', { entityId: 'x' }, tokens.admin)).status).toBe(422);
      expect((await post('delete', { id }, tokens.fec)).status).toBe(200);
      expect((await get(`get?id=${id}`, tokens.admin)).status).toBe(404);
    });

    it('lists every campaign on the status page with its territory', async () => {
      const rows = (await get('status', tokens.admin)).body.response as CampaignStatusRow[];
      expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['created', 'draft', 'sent']));
      expect(rows[0]).toEqual({
        campaignId: expect.any(Number),
        campaignNumber: expect.any(Number),
        entityId: expect.any(Number),
        entity: expect.any(String),
        province: expect.any(String),
        provinceId: expect.stringMatching(/^\d\d$/),
        autonomousCommunity: expect.any(String),
        autonomousCommunityId: expect.stringMatching(/^\d\d$/),
        status: expect.any(String),
        reviewStatus: rows[0].status === 'sent' ? 'pending' : 'none',
        startDate: rows[0].startDate === null ? null : expect.any(String),
        endDate: rows[0].endDate === null ? null : expect.any(String),
        currentEdition: expect.any(Boolean),
        editionId: expect.any(Number),
        // The entity's closing date (its extension, else the edition's), or null without a deadline.
        deadline: rows[0].deadline === null ? null : expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        openObjections: 0,
      });
      // The current edition is the newest one: its rows, and only they, are marked.
      const newest = Math.max(...rows.map((r) => r.campaignNumber));
      expect(rows.every((r) => r.currentEdition === (r.campaignNumber === newest))).toBe(true);
      expect(rows.some((r) => r.currentEdition)).toBe(true);
    });
  });

  describe('compression', () => {
    /** The window a brotli stream declares in its first bits (RFC 7932, 9.1), as log2 of its bytes. */
    const brotliWindowBits = (stream: Buffer): number => {
      const bits = stream.readUInt8(0) | (stream.readUInt8(1) << 8);
      if ((bits & 1) === 0) return 16;
      const n = (bits >> 1) & 7;
      if (n !== 0) return 17 + n;
      const m = (bits >> 4) & 7;
      return m === 0 ? 17 : 8 + m;
    };

    it("sends a campaign's questionnaire compressed in one piece, its window no larger than the body, and the same JSON in every encoding", async () => {
      const path = `/api/secure/v1/campaigns/get?id=${own.draft}`;
      const authorization = `Bearer ${tokens.admin}`;
      const plain = await rawGet(server, path, { authorization, 'accept-encoding': 'identity' });
      expect([plain.status, plain.headers['content-encoding']]).toEqual([200, undefined]);
      const br = await rawGet(server, path, { authorization, 'accept-encoding': 'gzip, deflate, br' });
      // Compressed in one call, so its length is known before it is sent (a stream would be sent in chunks).
      expect([br.headers['content-encoding'], Number(br.headers['content-length'])]).toEqual(['br', br.body.length]);
      expect(brotliDecompressSync(br.body)).toEqual(plain.body);
      // A window sized to the body, not brotli's 4 MB default (22 bits) for every answer.
      expect(brotliWindowBits(br.body)).toBeLessThanOrEqual(Math.max(16, Math.ceil(Math.log2(plain.body.length))));
      const gz = await rawGet(server, path, { authorization, 'accept-encoding': 'gzip' });
      expect([gz.headers['content-encoding'], Number(gz.headers['content-length'])]).toEqual(['gzip', gz.body.length]);
      expect(gunzipSync(gz.body)).toEqual(plain.body);
    });
  });
});
