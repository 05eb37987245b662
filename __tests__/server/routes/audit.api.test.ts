import { recordingResults, testBackends } from '../../helpers/db.js';
import { call, rawGet } from '../../helpers/server.js';
import { loginBody, pkcePair, signIn } from '../../helpers/auth.js';
import { startDemoServer, type Caller, type DemoServer } from '../../helpers/demoServer.js';
import { answerEverything, createCampaign, createEntity } from '../../helpers/concurrency.js';
import { ROLES } from '../../../src/shared/roles.js';
import type { AuditPage, AuditRow } from '../../../src/shared/api/audit.js';
import { auditCsv } from '../../../src/server/services/admin/auditLog.js';

const backends = await testBackends();

describe.each(backends)('activity log API on $name', ({ openDemo }) => {
  let demo: DemoServer;
  let municipality: string;

  const list = (query: string, caller: Caller = 'admin') =>
    call(demo.server, 'GET', `/api/secure/v1/audit/list${query ? `?${query}` : ''}`, { token: demo.tokens[caller] });
  const post = (path: string, body: unknown) => call(demo.server, 'POST', `/api/secure/v1/${path}`, { token: demo.tokens.admin, body });
  /** Every row the filters leave, following `next` page by page. */
  const allRows = async (query: string): Promise<AuditRow[]> => {
    const rows: AuditRow[] = [];
    let after: string | null = null;
    do {
      const res = await list([query, after ? `after=${after}` : ''].filter(Boolean).join('&'));
      expect(res.status).toBe(200);
      const page = res.body.response as AuditPage;
      rows.push(...page.rows);
      after = page.next;
    } while (after);
    return rows;
  };
  const csv = async (query = '', caller: Caller = 'admin') =>
    rawGet(demo.server, `/api/secure/v1/audit/export?${query}`, { authorization: `Bearer ${demo.tokens[caller]}` });

  beforeAll(async () => {
    demo = await startDemoServer(openDemo);
    [{ id: municipality }] = await demo.db.query<{ id: string }>("SELECT id FROM municipalities WHERE id LIKE '46%' ORDER BY id LIMIT 1");
  });
  afterAll(async () => demo.close());

  it('is for ADMIN only: FEC, USER and share links are refused with 403, no token with 401', async () => {
    const expected: Record<Caller, number> = { admin: 200, fec: 403, user: 403, share: 403, none: 401 };
    for (const caller of Object.keys(expected) as Caller[]) {
      expect([caller, (await list('', caller)).status]).toEqual([caller, expected[caller]]);
      expect([caller, (await csv('', caller)).status]).toEqual([caller, expected[caller]]);
    }
  });

  it('says on every page how many days the server keeps a row (LOG_RETENTION_DAYS; 36,500 on the test servers)', async () => {
    const first = await list('');
    expect(first.body.response.retentionDays).toBe(36_500);
  });

  it('records campaign creation, submission and deletion with the entity, filterable by entity, action and actor', async () => {
    const entityId = await createEntity(demo.server, demo.tokens.admin, municipality, 'Registro');
    const [{ name }] = await demo.db.query<{ name: string }>('SELECT name FROM entities WHERE id = $1', [entityId]);
    const sent = await createCampaign(demo.server, demo.tokens.admin, entityId);
    await answerEverything(demo.db, sent, Math.random);
    expect((await post('campaigns/submit', { id: sent })).status).toBe(200);
    expect((await post('campaigns/share', { id: sent })).status).toBe(200);
    expect((await post('campaigns/unshare', { id: sent })).status).toBe(200);
    const other = await createEntity(demo.server, demo.tokens.admin, municipality, 'Otra');
    const removed = await createCampaign(demo.server, demo.tokens.admin, other);
    expect((await post('campaigns/delete', { id: removed })).status).toBe(200);

    const rows = await allRows(`entity=${entityId}`);
    expect(rows.map((r) => r.action)).toEqual(['campaign.unshare', 'campaign.share', 'campaign.submit', 'campaign.create', 'entity.create']);
    for (const row of rows) expect(row).toMatchObject({ entityId, entityName: name, actorEmail: 'admin@demo.es' });
    expect(rows.find((r) => r.action === 'campaign.create')).toMatchObject({
      targetType: 'campaign',
      targetId: String(sent),
      details: expect.objectContaining({ entityId, entityName: name }),
    });

    const deletions = await allRows(`action=campaign.delete&entity=${other}`);
    expect(deletions).toEqual([
      expect.objectContaining({
        targetId: String(removed),
        entityId: other,
        details: expect.objectContaining({ entityName: expect.stringContaining('Otra'), status: 'created' }),
      }),
    ]);

    const [{ id: adminId }] = await demo.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'admin@demo.es'");
    const [{ id: fecId }] = await demo.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'fec@demo.es'");
    expect((await allRows(`actor=${adminId}&entity=${entityId}`)).length).toBe(5);
    expect(await allRows(`actor=${fecId}&entity=${entityId}`)).toEqual([]);
    expect((await allRows(`actor=${fecId}&action=auth.login`)).length).toBeGreaterThanOrEqual(1);
  });

  it('reads date filters as Madrid calendar days: midnight in Madrid starts the day, whatever UTC says', async () => {
    // 2026-01-15 00:30 in Madrid (winter, UTC+1) is 2026-01-14 23:30 UTC; 2026-07-15 23:59 Madrid (UTC+2) is 21:59 UTC.
    const marks: [string, string][] = [
      ['2026-01-14T22:59:59Z', 'test.before'],
      ['2026-01-14T23:00:00Z', 'test.first'],
      ['2026-01-14T23:30:00Z', 'test.firstDay'],
      ['2026-07-15T21:59:59Z', 'test.lastDay'],
      ['2026-07-15T22:00:00Z', 'test.after'],
    ];
    for (const [at, action] of marks) await demo.db.query('INSERT INTO audit_log (at, action) VALUES ($1, $2)', [at, action]);
    const actions = (await allRows('from=2026-01-15&to=2026-07-15')).map((r) => r.action).filter((a) => a.startsWith('test.'));
    expect(actions).toEqual(['test.lastDay', 'test.firstDay', 'test.first']);
    expect((await allRows('from=2026-01-14&to=2026-01-14')).map((r) => r.action)).toEqual(['test.before']);
    expect((await allRows('from=2026-07-16&to=2026-07-16')).map((r) => r.action)).toEqual(['test.after']);
  });

  it('pages by (time, id) newest first: every row once across pages while new rows arrive, even rows of one instant', async () => {
    const at = '2025-03-01T10:00:00.123456Z';
    for (let i = 0; i < 130; i++)
      await demo.db.query('INSERT INTO audit_log (at, action, details) VALUES ($1, $2, $3)', [at, 'test.paging', JSON.stringify({ i })]);
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const res = await list(`action=test.paging${after ? `&after=${after}` : ''}`);
      const page = res.body.response as AuditPage;
      expect(page.rows.length).toBeLessThanOrEqual(50);
      seen.push(...page.rows.map((r) => r.id));
      // Rows written meanwhile (newer) never push an old row onto the next page.
      await demo.db.query("INSERT INTO audit_log (action) VALUES ('test.paging')");
      after = page.next;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    const ids = (await demo.db.query<{ id: string }>("SELECT id::text AS id FROM audit_log WHERE action = 'test.paging' AND at = $1", [at])).map((r) => r.id);
    expect(seen.filter((id) => ids.includes(id)).length).toBe(130);
    // Rows of one instant come by id, newest first.
    expect(seen.map(Number)).toEqual([...seen.map(Number)].sort((a, b) => b - a));
  });

  it('refuses bad filters with 422 and changes nothing: strings for ids, unreal dates, backwards ranges, unknown or repeated parameters', async () => {
    const bad = [
      'actor=abc',
      'actor=1.5',
      'actor=0',
      'entity=-1',
      'entity=99999999999',
      'from=2026-02-30',
      'from=2026-1-5',
      'to=hoy',
      'from=2026-05-02&to=2026-05-01',
      'action=DROP TABLE',
      'action=',
      'after=abc',
      'page=2',
      'actor=1&actor=2',
      'from=2026-01-01T00:00',
    ];
    for (const query of bad) {
      const res = await list(query);
      expect([query, res.status, res.body.error?.type]).toEqual([query, 422, 'VALIDATION']);
      expect([query, (await csv(query)).status]).toEqual([query, 422]);
    }
  });

  it('exports the filtered log as CSV: BOM, semicolons, Spanish labels and Madrid times, unknown actions by code', async () => {
    await demo.db.query("INSERT INTO audit_log (at, action) VALUES ('2024-06-01T10:00:00Z', 'edition.archive')");
    const res = await csv('from=2024-06-01&to=2024-06-01');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="registro-de-actividad-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = res.body.toString('utf8');
    expect(text.startsWith('\uFEFFFecha (hora de Madrid);Acción;Código;Usuario;Entidad;Id. entidad;Objeto;Detalles\r\n')).toBe(true);
    expect(text.split('\r\n')[1]).toBe('01/06/2024, 12:00:00;edition.archive;edition.archive;;;;;');
    const logins = (await csv('action=auth.login')).body.toString('utf8').split('\r\n').slice(1, -1);
    expect(logins.length).toBeGreaterThanOrEqual(3);
    for (const line of logins) expect(line).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2};Inicio de sesión;auth\.login;[^;]+@demo\.es;/);
  });

  it('exports every row of a log longer than a page, newest first, and leaves nothing of a page in the database client once written', async () => {
    // Three pages of the CSV's 500 rows: one instant, told apart by id.
    await demo.db.query(
      "INSERT INTO audit_log (at, action, details) SELECT '2023-02-01T10:00:00Z', 'test.export', jsonb_build_object('i', i) FROM generate_series(1, 1100) i",
    );
    const lines = (await csv('action=test.export')).body.toString('utf8').split('\r\n').slice(1, -1);
    expect(lines.map((line) => Number(/\{""i"": ?(\d+)\}/.exec(line)?.[1]))).toEqual(Array.from({ length: 1100 }, (_, k) => 1100 - k));
    // Every result the log's statements answered is empty once the CSV is written (releaseRows).
    const { queryable: watched, results } = recordingResults(demo.db);
    let written = '';
    for await (const chunk of auditCsv(watched, { action: 'test.export' })) written += chunk;
    expect(written.split('\r\n').slice(1, -1)).toEqual(lines);
    expect(results.map((r) => r.length)).toEqual([0, 0, 0]);
  });

  it('never holds a password or a token: sign-in, refresh, share, user creation and password regeneration leave none in the log, the API or the CSV', async () => {
    const secrets: string[] = ['demo1234'];
    const created = await post('users/create', {
      email: 'secreto@ayto.es',
      role: ROLES.USER,
      name: 'Secreto',
      entities: [(await demo.db.query<{ id: number }>('SELECT id FROM entities LIMIT 1'))[0].id],
    });
    const generated = created.body.response.generatedPassword as string;
    secrets.push(generated);
    const tokens = await signIn(demo.server, 'secreto@ayto.es', generated);
    secrets.push(tokens.access_token, tokens.refresh_token);
    const { oauth } = demo.server.ctx.config;
    const refreshed = await call(demo.server, 'POST', '/api/v1/auth/token', {
      form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: oauth.clientId, client_secret: oauth.clientSecret },
    });
    expect(refreshed.status).toBe(200);
    secrets.push(refreshed.body.access_token, refreshed.body.refresh_token);
    await call(demo.server, 'POST', '/api/v1/auth/token', {
      form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: oauth.clientId, client_secret: oauth.clientSecret },
    });
    const wrong = await call(demo.server, 'POST', '/api/v1/auth/login', {
      body: loginBody(demo.server, 'secreto@ayto.es', 'contraseña-equivocada-123', pkcePair().challenge),
    });
    expect(wrong.status).toBe(401);
    secrets.push('contraseña-equivocada-123');
    const [{ id: sentId }] = await demo.db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'sent' LIMIT 1");
    const shared = await post('campaigns/share', { id: sentId });
    secrets.push(shared.body.response.urlResults.split('/').pop(), demo.tokens.admin, demo.tokens.share);
    const regenerated = await post('users/regeneratePassword', { id: created.body.response.user.id });
    secrets.push(regenerated.body.response.password);
    for (const s of secrets) expect(s.length).toBeGreaterThanOrEqual(8);

    const stored = JSON.stringify(await demo.db.query('SELECT * FROM audit_log'));
    const listed = JSON.stringify(await allRows(''));
    const exported = (await csv('')).body.toString('utf8');
    expect(listed).toContain('user.regeneratePassword');
    expect(listed).toContain('auth.login_failed');
    expect(listed).toContain('auth.refresh_reused');
    expect(exported).toContain('Contraseña regenerada');
    for (const [where, text] of [
      ['audit_log', stored],
      ['API', listed],
      ['CSV', exported],
    ]) {
      for (const secret of secrets) expect([where, text.includes(secret)]).toEqual([where, false]);
    }
  });
});
