import { testBackends } from '../../helpers/db.js';
import { call } from '../../helpers/server.js';
import { startDemoServer, type Caller, type DemoServer } from '../../helpers/demoServer.js';
import type { EntityRow } from '../../../src/shared/api/admin.js';

const backends = await testBackends();

describe.each(backends)('entity administration API on $name', ({ openDemo }) => {
  let demo: DemoServer;
  let sequence = 0;
  /** Three municipalities of Valencia and one of Madrid. */
  const VALENCIA = ['46017', '46250', '46131'];
  const MADRID = '28079';

  const post = (path: string, body: unknown, caller: Caller = 'admin') => call(demo.server, 'POST', `/api/secure/v1/entities/${path}`, { token: demo.tokens[caller], body });
  const list = async () => (await call(demo.server, 'GET', '/api/secure/v1/entities/list', { token: demo.tokens.admin })).body.response as EntityRow[];
  const newEntity = (municipalities = VALENCIA.slice(0, 2)) => ({ entity: { name: `Mancomunidad de prueba ${++sequence}`, population: 1200 }, municipalities });
  const auditCount = async (action: string) => (await demo.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1', [action]))[0].n;

  beforeAll(async () => {
    demo = await startDemoServer(openDemo);
  });
  afterAll(async () => demo.close());

  it('lets only ADMIN and FEC call each entity call; USER and share links are refused, no token is 401', async () => {
    const calls: [string, () => Promise<unknown>][] = [
      ['list', async () => undefined],
      ['create', async () => newEntity()],
      ['remove', async () => ({ id: (await post('create', newEntity())).body.response.entity.id })],
    ];
    const expected: Record<Caller, number> = { admin: 200, fec: 200, user: 403, share: 403, none: 401 };
    for (const [path, body] of calls) {
      for (const caller of Object.keys(expected) as Caller[]) {
        const res = await call(demo.server, path === 'list' ? 'GET' : 'POST', `/api/secure/v1/entities/${path}`, { token: demo.tokens[caller], body: await body() });
        expect([path, caller, res.status]).toEqual([path, caller, expected[caller]]);
        if (caller === 'none') expect(res.body.error.type).toBe('INVALID_TOKEN');
      }
    }
  });

  it('lists every entity with its municipalities, province, community and campaigns', async () => {
    const entities = await list();
    expect(entities.length).toBeGreaterThanOrEqual(36);
    const ribera = entities.find((e) => e.name === 'Mancomunitat de la Ribera Alta')!;
    expect(ribera).toEqual({
      id: expect.any(Number), name: 'Mancomunitat de la Ribera Alta', population: expect.any(Number), province: 'Valencia/València', autonomousCommunity: 'Comunitat Valenciana',
      municipalities: expect.arrayContaining([{ munId: expect.stringMatching(/^46\d{3}$/), name: expect.any(String) }]),
      campaigns: expect.arrayContaining([{ id: expect.any(Number), text: 'Campaña 2025', campaignNumber: 2025, status: expect.stringMatching(/^(created|draft|sent)$/) }]),
    });
  });

  it('creates an entity of one province and shows it in the list', async () => {
    const body = { entity: { name: '  Mancomunitat de l\'Horta Sud  ', population: 1500 }, municipalities: [...VALENCIA, VALENCIA[0]] };
    const res = await post('create', body, 'fec');
    expect(res.status).toBe(200);
    const created = res.body.response.entity as EntityRow;
    expect(created).toMatchObject({ name: 'Mancomunitat de l\'Horta Sud', population: 1500, province: 'Valencia/València', campaigns: [] });
    expect(created.municipalities.map((m) => m.munId).sort()).toEqual([...VALENCIA].sort());
    expect(created.municipalities).toContainEqual({ munId: '46250', name: 'València' });
    expect((await list()).find((e) => e.id === created.id)).toEqual(created);
    expect(await auditCount('entity.create')).toBeGreaterThanOrEqual(1);
  });

  it('refuses municipalities of several provinces with MULTIPLE_PROVINCES, and a used name with ALREADY_EXISTS', async () => {
    const multiple = await post('create', newEntity([VALENCIA[0], MADRID]));
    expect([multiple.status, multiple.body.error.type, multiple.body.error.data]).toEqual([422, 'VALIDATION', 'MULTIPLE_PROVINCES']);
    for (const name of ['MANCOMUNITAT DE LA RIBERA ALTA', 'Consell Comarcal del Valles Oriental', ' consell  comarcal del vallès oriental ']) {
      const res = await post('create', { ...newEntity(), entity: { name, population: 10 } });
      expect([name, res.status, res.body.error.data]).toEqual([name, 422, 'ALREADY_EXISTS']);
    }
  });

  it('refuses a name with letters of another script that reads as an existing one (Unicode confusable skeleton), and nothing else', async () => {
    const before = await list();
    // A Greek Ο, a Cyrillic о and е, a Cyrillic С: each reads as 'Consell Comarcal del Vallès Oriental'.
    for (const name of ['Consell Comarcal del Vallès \u039Friental', 'C\u043Ens\u0435ll Comarcal del Vallès Oriental', '\u0421onsell comarcal del Valles Oriental']) {
      const res = await post('create', { ...newEntity(), entity: { name, population: 10 } });
      expect([name, res.status, res.body.error.type, res.body.error.data]).toEqual([name, 422, 'VALIDATION', 'ALREADY_EXISTS']);
    }
    expect((await list()).length).toBe(before.length);
    // A Latin name that differs by a letter, and a name in another script that reads as no other, are names of their own.
    for (const name of ['Consell Comarcal del Vallès Occidental', 'Δήμος Αθηναίων']) {
      const res = await post('create', { ...newEntity(), entity: { name, population: 10 } });
      expect([name, res.status]).toEqual([name, 200]);
    }
  });

  it('validates name, population and municipalities: the schema names the field, the rules answer with the form\'s messages', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ entity: { name: '   ', population: 10 } }, { 'entity.name': expect.any(String) }],
      [{ entity: { name: 'Con\u0000nulo', population: 10 } }, { 'entity.name': expect.any(String) }],
      // Nothing visible, a look-alike of another name (a zero-width space), half a surrogate pair.
      [{ entity: { name: '\u200b', population: 10 } }, { 'entity.name': expect.any(String) }],
      [{ entity: { name: 'Mancomunidad Nueva\u200b', population: 10 } }, { 'entity.name': expect.any(String) }],
      [{ entity: { name: 'Mitad \ud800', population: 10 } }, { 'entity.name': expect.any(String) }],
      [{ entity: { name: 'Sin población' } }, { 'entity.population': 'is required' }],
      [{ entity: { name: 'Cero', population: 0 } }, { 'entity.population': 'must be >= 1' }],
      [{ entity: { name: 'Negativa', population: -3 } }, { 'entity.population': 'must be >= 1' }],
      [{ entity: { name: 'Decimal', population: 10.5 } }, { 'entity.population': 'must be integer' }],
      [{ entity: { name: 'Texto', population: 'mucha' } }, { 'entity.population': 'must be integer' }],
      [{ entity: { name: 'Enorme', population: 3e9 } }, { 'entity.population': 'must be <= 2147483647' }],
      [{ municipalities: [] }, { municipalities: expect.any(String) }],
      [{ municipalities: ['99999'] }, { municipalities: 'ENTITIES.VALIDATION.UNKNOWN_MUNICIPALITY' }],
      [{ municipalities: ['abc'] }, { 'municipalities.0': expect.any(String) }],
    ];
    for (const [change, data] of cases) {
      const res = await post('create', { ...newEntity(), ...change });
      expect([change, res.status, res.body.error.type]).toEqual([change, 422, 'VALIDATION']);
      expect(res.body.error.data).toMatchObject(data);
    }
  });

  it('removes an entity with its campaigns in one go and keeps the territorial sums right', async () => {
    const totals = async (provinceId: string) =>
      demo.db.query<{ edition_id: number; participants: number; percentage_sum: number }>(
        "SELECT edition_id, participants, percentage_sum FROM territory_scores WHERE territory = 'province' AND territory_id = $1 AND scope = 'total' ORDER BY edition_id",
        [provinceId],
      );
    const [target] = await demo.db.query<{ id: number; province_id: string }>(
      `SELECT e.id, e.province_id FROM entities e
        WHERE (SELECT count(*) FROM campaigns c WHERE c.entity_id = e.id AND c.status = 'sent') >= 1
          AND NOT EXISTS (SELECT 1 FROM user_entities ue WHERE ue.entity_id = e.id) ORDER BY e.id LIMIT 1`,
    );
    const sent = await demo.db.query<{ edition_id: number; percentage: number }>(
      "SELECT c.edition_id, cs.percentage FROM campaigns c JOIN campaign_scores cs ON cs.campaign_id = c.id WHERE c.entity_id = $1 AND c.status = 'sent' AND cs.scope = 'total'",
      [target.id],
    );
    const before = await totals(target.province_id);
    expect(sent.length).toBeGreaterThan(0);
    expect(before.length).toBeGreaterThan(0);

    expect((await post('remove', { id: target.id }, 'fec')).body.response).toEqual({ success: true });

    expect(await demo.db.query('SELECT 1 FROM campaigns WHERE entity_id = $1', [target.id])).toEqual([]);
    expect((await list()).some((e) => e.id === target.id)).toBe(false);
    const after = await totals(target.province_id);
    for (const row of before) {
      const removed = sent.filter((s) => s.edition_id === row.edition_id);
      const now = after.find((a) => a.edition_id === row.edition_id);
      const expected = row.participants - removed.length;
      expect([row.edition_id, now?.participants ?? 0]).toEqual([row.edition_id, expected]);
      if (now) expect(now.percentage_sum).toBeCloseTo(row.percentage_sum - removed.reduce((sum, s) => sum + s.percentage, 0), 9);
    }
    expect(await auditCount('entity.remove')).toBeGreaterThanOrEqual(1);
    expect((await post('remove', { id: target.id })).status).toBe(404);
  });
});
