import { testBackends } from '../../helpers/db.js';
import { call } from '../../helpers/server.js';
import { startDemoServer, type Caller, type DemoServer } from '../../helpers/demoServer.js';
import { consistencyDifferences } from '../../helpers/concurrency.js';
import type { EntityRow } from '../../../src/shared/api/admin.js';

const backends = await testBackends();

describe.each(backends)('entity administration API on $name', ({ openDemo }) => {
  let demo: DemoServer;
  let sequence = 0;
  /** Three municipalities of Valencia and one of Madrid. */
  const VALENCIA = ['46017', '46250', '46131'];
  const MADRID = '28079';

  const post = (path: string, body: unknown, caller: Caller = 'admin') =>
    call(demo.server, 'POST', `/api/secure/v1/entities/${path}`, { token: demo.tokens[caller], body });
  const list = async () => (await call(demo.server, 'GET', '/api/secure/v1/entities/list', { token: demo.tokens.admin })).body.response as EntityRow[];
  const newEntity = (municipalities = VALENCIA.slice(0, 2)) => ({ entity: { name: `Mancomunidad de prueba ${++sequence}`, population: 1200 }, municipalities });
  const auditCount = async (action: string) =>
    (await demo.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1', [action]))[0].n;

  beforeAll(async () => {
    demo = await startDemoServer(openDemo);
  });
  afterAll(async () => demo.close());

  it('lets only ADMIN and FEC call each entity call; USER and share links are refused, no token is 401', async () => {
    const calls: [string, () => Promise<unknown>][] = [
      ['list', async () => undefined],
      ['create', async () => newEntity()],
      ['remove', async () => ({ id: (await post('create', newEntity())).body.response.entity.id })],
      ['update', async () => ({ id: (await post('create', newEntity())).body.response.entity.id, ...newEntity() })],
      ['archive', async () => ({ id: (await post('create', newEntity())).body.response.entity.id })],
      ['restore', async () => ({ id: (await post('create', newEntity())).body.response.entity.id })],
    ];
    const expected: Record<Caller, number> = { admin: 200, fec: 200, user: 403, share: 403, none: 401 };
    for (const [path, body] of calls) {
      for (const caller of Object.keys(expected) as Caller[]) {
        const res = await call(demo.server, path === 'list' ? 'GET' : 'POST', `/api/secure/v1/entities/${path}`, {
          token: demo.tokens[caller],
          body: await body(),
        });
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
      id: expect.any(Number),
      name: 'Mancomunitat de la Ribera Alta',
      population: expect.any(Number),
      province: 'Valencia/València',
      autonomousCommunity: 'Comunitat Valenciana',
      municipalities: expect.arrayContaining([{ munId: expect.stringMatching(/^46\d{3}$/), name: expect.any(String) }]),
      archived: false,
      campaigns: expect.arrayContaining([
        { id: expect.any(Number), text: 'Campaña 2025', campaignNumber: 2025, status: expect.stringMatching(/^(created|draft|sent)$/) },
      ]),
    });
  });

  it('creates an entity of one province and shows it in the list', async () => {
    const body = { entity: { name: "  Mancomunitat de l'Horta Sud  ", population: 1500 }, municipalities: [...VALENCIA, VALENCIA[0]] };
    const res = await post('create', body, 'fec');
    expect(res.status).toBe(200);
    const created = res.body.response.entity as EntityRow;
    expect(created).toMatchObject({ name: "Mancomunitat de l'Horta Sud", population: 1500, province: 'Valencia/València', campaigns: [] });
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
    for (const name of [
      'Consell Comarcal del Vallès \u039Friental',
      'C\u043Ens\u0435ll Comarcal del Vallès Oriental',
      '\u0421onsell comarcal del Valles Oriental',
    ]) {
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

  it("validates name, population and municipalities: the schema names the field, the rules answer with the form's messages", async () => {
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

    // Sent campaigns: refused (409 with a code) unless the exact name is typed; a wrong name is 422; nothing is removed.
    const [{ name }] = await demo.db.query<{ name: string }>('SELECT name FROM entities WHERE id = $1', [target.id]);
    const refused = await post('remove', { id: target.id }, 'fec');
    expect([refused.status, refused.body.error.type, refused.body.error.data]).toEqual([409, 'CONFLICT', 'HAS_SENT_CAMPAIGNS']);
    const wrong = await post('remove', { id: target.id, confirmName: name.toUpperCase() }, 'fec');
    expect([wrong.status, wrong.body.error.data]).toEqual([422, { confirmName: 'ENTITIES.VALIDATION.CONFIRM_NAME' }]);
    expect(await totals(target.province_id)).toEqual(before);
    expect((await list()).some((e) => e.id === target.id)).toBe(true);

    expect((await post('remove', { id: target.id, confirmName: name }, 'fec')).body.response).toEqual({ success: true });

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
    expect(await consistencyDifferences(demo.db)).toEqual([]);
  });

  it('removes an entity with no sent campaign without a name typed', async () => {
    const { id } = (await post('create', newEntity())).body.response.entity as EntityRow;
    expect((await post('remove', { id })).body.response).toEqual({ success: true });
    expect((await list()).some((e) => e.id === id)).toBe(false);
  });

  /** A demo entity with sent campaigns and no users, and its first sent campaign. */
  const sentEntity = async (offset: number) => {
    const [row] = await demo.db.query<{ id: number; name: string; population: number; province_id: string; campaign_id: number }>(
      `SELECT e.id, e.name, e.population, e.province_id,
              (SELECT min(c.id) FROM campaigns c WHERE c.entity_id = e.id AND c.status = 'sent') AS campaign_id
         FROM entities e
        WHERE (SELECT count(*) FROM campaigns c WHERE c.entity_id = e.id AND c.status = 'sent') >= 1
          AND NOT EXISTS (SELECT 1 FROM user_entities ue WHERE ue.entity_id = e.id) ORDER BY e.id OFFSET $1 LIMIT 1`,
      [offset],
    );
    const municipalities = (await demo.db.query<{ m: string }>('SELECT municipality_id AS m FROM entity_municipalities WHERE entity_id = $1', [row.id])).map(
      (r) => r.m,
    );
    return { ...row, municipalities };
  };
  const result = async (campaignId: number) =>
    (await call(demo.server, 'GET', `/api/secure/v1/campaigns/result?id=${campaignId}`, { token: demo.tokens.admin })).body.response;
  const bandSums = (band: number) =>
    demo.db.query<{ edition_id: number; participants: number }>(
      "SELECT edition_id, participants FROM territory_scores WHERE territory = 'sizeBand' AND territory_id = $1 AND scope = 'total' ORDER BY edition_id",
      [String(band)],
    );

  it('edits an entity: a new population moves its sent campaigns to the other size band, the sums stay exact, the reports follow', async () => {
    const target = await sentEntity(1);
    const band = async () => (await demo.db.query<{ b: number }>('SELECT size_band AS b FROM entities WHERE id = $1', [target.id]))[0].b;
    const oldBand = await band();
    const population = target.population > 20000 ? 1000 : 60000;
    const reportBefore = await result(target.campaign_id);
    const oldBandBefore = await bandSums(oldBand);

    const res = await post(
      'update',
      { id: target.id, entity: { name: `  ${target.name} (editada) `, population }, municipalities: target.municipalities },
      'fec',
    );
    expect(res.status).toBe(200);
    expect(res.body.response.entity).toMatchObject({ id: target.id, name: `${target.name} (editada)`, population, archived: false });
    const newBand = await band();
    expect(newBand).not.toBe(oldBand);
    expect(await consistencyDifferences(demo.db)).toEqual([]);
    const oldBandAfter = await bandSums(oldBand);
    const [{ edition_id: ownEdition }] = await demo.db.query<{ edition_id: number }>('SELECT edition_id FROM campaigns WHERE id = $1', [target.campaign_id]);
    const participants = (rows: { edition_id: number; participants: number }[]) => rows.find((r) => r.edition_id === ownEdition)?.participants ?? 0;
    expect(participants(oldBandAfter)).toBe(participants(oldBandBefore) - 1);

    // The report (cached before the edit) shows the new band, its new name, and the same own figures.
    const reportAfter = await result(target.campaign_id);
    expect(reportAfter.sizeBand.minPopulation).toBe(newBand);
    expect(reportBefore.sizeBand.minPopulation).toBe(oldBand);
    expect(reportAfter.global.percentages.campaign).toBe(reportBefore.global.percentages.campaign);
    expect(JSON.stringify(reportAfter)).toContain(`${target.name} (editada)`);
    const [audit] = await demo.db.query<{ details: { before: { population: number }; after: { population: number }; sumsRebuilt: boolean } }>(
      "SELECT details FROM audit_log WHERE action = 'entity.update' AND target_id = $1 ORDER BY id DESC LIMIT 1",
      [String(target.id)],
    );
    expect(audit.details).toMatchObject({ before: { population: target.population }, after: { population }, sumsRebuilt: true });
  });

  it('moves an entity to another province with its sums; refuses several provinces, a used name, an unknown entity and bad input', async () => {
    const target = await sentEntity(2);
    const other = target.province_id === '28' ? VALENCIA.slice(0, 1) : [MADRID];
    expect((await post('update', { id: target.id, entity: { name: target.name, population: target.population }, municipalities: other })).status).toBe(200);
    expect((await demo.db.query<{ p: string }>('SELECT province_id AS p FROM entities WHERE id = $1', [target.id]))[0].p).toBe(other[0].slice(0, 2));
    expect(await consistencyDifferences(demo.db)).toEqual([]);

    const body = (change: Record<string, unknown>) => ({
      id: target.id,
      entity: { name: target.name, population: target.population },
      municipalities: other,
      ...change,
    });
    const multiple = await post('update', body({ municipalities: [VALENCIA[0], MADRID] }));
    expect([multiple.status, multiple.body.error.data]).toEqual([422, 'MULTIPLE_PROVINCES']);
    const taken = await post('update', body({ entity: { name: ' mancomunitat DE LA ribera alta ', population: 10 } }));
    expect([taken.status, taken.body.error.data]).toEqual([422, 'ALREADY_EXISTS']);
    // Its own name in another case is not a duplicate.
    expect((await post('update', body({ entity: { name: target.name.toUpperCase(), population: target.population } }))).status).toBe(200);
    expect((await post('update', body({ id: 999999 }))).status).toBe(404);
    for (const [change, field] of [
      [{ id: '1' }, 'id'],
      [{ entity: { name: 'X', population: 0 } }, 'entity.population'],
      [{ extra: 1 }, 'extra'],
      [{ municipalities: [] }, 'municipalities'],
    ] as const) {
      const res = await post('update', body(change));
      expect([res.status, Object.keys(res.body.error.data)]).toEqual([422, [field]]);
    }
    expect((await post('update', body({}), 'user')).status).toBe(403);
  });

  it('archives an entity: kept with its campaigns, still counted in every sum and readable, marked in the list; restores it', async () => {
    const target = await sentEntity(3);
    const reportBefore = await result(target.campaign_id);
    expect((await post('archive', { id: target.id }, 'fec')).body.response).toEqual({ success: true });
    expect((await list()).find((e) => e.id === target.id)).toMatchObject({
      archived: true,
      campaigns: expect.arrayContaining([expect.objectContaining({ status: 'sent' })]),
    });
    expect(await consistencyDifferences(demo.db)).toEqual([]);
    expect(await result(target.campaign_id)).toEqual(reportBefore);
    expect((await post('archive', { id: target.id })).status).toBe(200);
    expect((await post('restore', { id: target.id })).body.response).toEqual({ success: true });
    expect((await list()).find((e) => e.id === target.id)?.archived).toBe(false);
    // Archiving an archived entity again writes nothing.
    const audited = await demo.db.query<{ action: string }>("SELECT action FROM audit_log WHERE target_type = 'entity' AND target_id = $1 ORDER BY id", [
      String(target.id),
    ]);
    expect(audited.map((a) => a.action)).toEqual(['entity.archive', 'entity.restore']);
    expect((await post('archive', { id: 999999 })).status).toBe(404);
    expect((await post('archive', { id: target.id, extra: true })).status).toBe(422);
  });

  it('gives an archived entity no new campaign and no new user; a user who belongs to it keeps it when edited', async () => {
    const secure = (method: 'GET' | 'POST', path: string, body?: unknown) =>
      call(demo.server, method, `/api/secure/v1/${path}`, { token: demo.tokens.admin, body });
    const { id } = (await post('create', newEntity())).body.response.entity as EntityRow;
    const created = await secure('POST', 'users/create', { email: `archivada${id}@example.org`, role: 1, name: 'Técnica', entities: [id] });
    expect(created.status).toBe(200);
    const userId = created.body.response.user.id as number;
    expect((await post('archive', { id })).status).toBe(200);

    const options = (await secure('GET', 'campaigns/getByUser?includeAllEntities=true')).body.response.entityCampaigns as {
      entityId: number;
      archived: boolean;
    }[];
    expect(options.find((e) => e.entityId === id)?.archived).toBe(true);
    expect(options.filter((e) => e.archived).map((e) => e.entityId)).toContain(id);
    const refused = await secure('POST', 'campaigns/create', { entityId: id });
    expect(refused.status).toBe(409);
    expect(refused.body.error.data).toBe('ENTITY_ARCHIVED');
    expect((await demo.db.query('SELECT 1 FROM campaigns WHERE entity_id = $1', [id])).length).toBe(0);

    const newUser = await secure('POST', 'users/create', { email: `otra${id}@example.org`, role: 1, name: 'Otra', entities: [id] });
    expect(newUser.status).toBe(422);
    expect(JSON.stringify(newUser.body)).toContain('USERS.VALIDATION.ARCHIVED_ENTITY');
    // The user already in it is promoted without losing it; adding it to another user's entities is refused.
    expect((await secure('POST', 'users/update', { id: userId, email: `archivada${id}@example.org`, role: 3, entities: [id] })).status).toBe(200);
    const other = (await post('create', newEntity())).body.response.entity as EntityRow;
    const otherUser = (await secure('POST', 'users/create', { email: `otro${id}@example.org`, role: 1, name: 'Otro', entities: [other.id] })).body.response.user
      .id as number;
    expect((await secure('POST', 'users/update', { id: otherUser, email: `otro${id}@example.org`, role: 1, entities: [other.id, id] })).status).toBe(422);

    expect((await post('restore', { id })).status).toBe(200);
    expect((await secure('POST', 'campaigns/create', { entityId: id })).status).toBe(200);
  });
});
