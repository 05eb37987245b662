import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, signIn, signInDemoAccounts } from '../../helpers/auth.js';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtpServer.js';
import { foldText } from '../../../src/shared/text.js';
import type { Db } from '../../../src/server/db/client.js';

const backends = await testBackends();
const PROVINCE = '08';
const OTHER_PROVINCE = '17';
const COMMUNITY = '09';

describe.each(backends)('opening the edition for many entities, and reminders, on $name', ({ openDemo }) => {
  let db: Db;
  let smtp: TestSmtpServer;
  let server: TestServer;
  let withoutMail: TestServer;
  let tokens: { admin: string; fec: string; user: string };
  let editionId: number;

  const get = (s: TestServer, path: string, token: string) => call(s, 'GET', `/api/secure/v1/campaigns/${path}`, { token });
  const post = (s: TestServer, path: string, body: unknown, token: string) => call(s, 'POST', `/api/secure/v1/campaigns/${path}`, { token, body });
  /** The counts straight from the tables: entities of the filter without / with a campaign in the current edition. */
  async function counted(where: string): Promise<{ toCreate: number; existing: number }> {
    const [row] = await db.query<{ to_create: number; existing: number }>(
      `SELECT (count(*) FILTER (WHERE c.id IS NULL))::int AS to_create, count(c.id)::int AS existing
         FROM entities en JOIN provinces p ON p.id = en.province_id LEFT JOIN campaigns c ON c.entity_id = en.id AND c.edition_id = $1
        WHERE ${where}`,
      [editionId],
    );
    return { toCreate: row.to_create, existing: row.existing };
  }
  async function addEntity(name: string, provinceId: string): Promise<number> {
    const [{ id }] = await db.query<{ id: number }>('INSERT INTO entities (name, name_key, population, province_id) VALUES ($1, $2, 1000, $3) RETURNING id', [
      name,
      foldText(name),
      provinceId,
    ]);
    return id;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    db = await openDemo();
    server = await startTestServer(db, { SMTP_URL: smtp.url, SMTP_FROM: 'Campañas <campanas@example.org>' });
    withoutMail = await startTestServer(db);
    tokens = await signInDemoAccounts(server);
    [{ id: editionId }] = await db.query<{ id: number }>('SELECT id FROM editions ORDER BY campaign_number DESC LIMIT 1');
    // New entities without a campaign, so each scope has some to open, and users to e-mail.
    const opened = await addEntity('Ayuntamiento de Prueba Abierta', PROVINCE);
    const refused = await addEntity('Ayuntamiento de Prueba Rechazada', PROVINCE);
    await addEntity('Consell Comarcal de Prova', OTHER_PROVINCE);
    const [{ id: withCampaign }] = await db.query<{ id: number }>(
      'SELECT en.id FROM entities en JOIN campaigns c ON c.entity_id = en.id AND c.edition_id = $1 WHERE en.province_id = $2 ORDER BY en.id LIMIT 1',
      [editionId, PROVINCE],
    );
    await createTestUser(db, 'abierta@test.es', 'password-1234', 'USER', [opened]);
    await createTestUser(db, 'rechazado@test.es', 'password-1234', 'USER', [refused]);
    await createTestUser(db, 'yatenia@test.es', 'password-1234', 'USER', [withCampaign]);
  });
  afterAll(async () => {
    await server.close();
    await withoutMail.close();
    await db.close();
    await smtp.close();
  });

  it('lets only ADMIN open an edition in bulk (FEC and USER 403), and ADMIN and FEC see the reminders', async () => {
    for (const token of [tokens.fec, tokens.user]) {
      expect((await get(server, `openingSummary?scope=province&id=${PROVINCE}`, token)).status).toBe(403);
      expect((await post(server, 'openEdition', { scope: 'all', notify: false }, token)).status).toBe(403);
    }
    expect((await get(server, 'reminders', tokens.fec)).status).toBe(200);
    expect((await get(server, 'reminders', tokens.user)).status).toBe(403);
    expect((await post(server, 'remind', {}, tokens.user)).status).toBe(403);
    expect((await counted(`en.province_id = '${PROVINCE}'`)).toCreate).toBeGreaterThan(0);
  });

  it('refuses a bad scope with 422 and creates nothing', async () => {
    const before = await counted('true');
    for (const query of [
      'scope=planet',
      'scope=province',
      'scope=province&id=99',
      'scope=community&id=08x',
      'scope=all&id=08',
      `scope=province&id=${PROVINCE}&id=${PROVINCE}`,
    ]) {
      expect([query, (await get(server, `openingSummary?${query}`, tokens.admin)).status]).toEqual([query, 422]);
    }
    for (const body of [
      { scope: 'province', notify: false },
      { scope: 'province', id: '99', notify: false },
      { scope: 'all', id: '08', notify: false },
      { scope: 'all' },
      { scope: 'all', notify: 'yes' },
      { scope: 'all', notify: false, extra: 1 },
    ]) {
      expect([body, (await post(server, 'openEdition', body, tokens.admin)).status]).toEqual([body, 422]);
    }
    expect(await counted('true')).toEqual(before);
  });

  it('summarises, opens a province once (with the "campaign open" e-mail to the users of the entities opened), and repeating creates nothing', async () => {
    const expected = await counted(`en.province_id = '${PROVINCE}'`);
    const summary = await get(server, `openingSummary?scope=province&id=${PROVINCE}`, tokens.admin);
    expect(summary.body.response).toEqual({ edition: expect.any(Number), ...expected });
    const recipients = await db.query<{ email: string }>(
      `SELECT DISTINCT u.email FROM users u JOIN user_entities ue ON ue.user_id = u.id JOIN entities en ON en.id = ue.entity_id
        WHERE en.province_id = $1 AND NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.entity_id = en.id AND c.edition_id = $2)`,
      [PROVINCE, editionId],
    );
    // abierta@test.es chose Catalan in the interface: their message is in Catalan, everyone else's in Spanish.
    const abierta = await signIn(server, 'abierta@test.es', 'password-1234');
    expect((await call(server, 'POST', '/api/secure/v1/auth/me/language', { token: abierta.access_token, body: { language: 'ca' } })).status).toBe(200);
    smtp.received.length = 0;

    const opened = await post(server, 'openEdition', { scope: 'province', id: PROVINCE, notify: true }, tokens.admin);
    expect(opened.status).toBe(200);
    expect(opened.body.response).toMatchObject({ created: expected.toCreate, existing: expected.existing });
    expect(await counted(`en.province_id = '${PROVINCE}'`)).toEqual({ toCreate: 0, existing: expected.toCreate + expected.existing });
    // One message per user, to that user only; the refused recipient is reported, not thrown.
    expect(opened.body.response.mail).toEqual({
      sent: recipients.length - 1,
      failed: [{ email: 'rechazado@test.es', reason: expect.stringContaining('550') }],
    });
    expect(smtp.received.map((m) => m.rcpt).sort()).toEqual(
      recipients
        .filter((r) => r.email !== 'rechazado@test.es')
        .map((r) => [r.email])
        .sort(),
    );
    const mail = smtp.received.find((m) => m.to === 'abierta@test.es')!;
    expect(mail.subject).toMatch(/^Campanya \d{4} oberta$/);
    expect(mail.text).toContain('Ayuntamiento de Prueba Abierta');
    expect(mail.text).toContain('http://localhost:3000/');
    expect(mail.html).toContain('<a href="http://localhost:3000/">Accedir a l&#39;aplicació</a>');
    expect(mail.from).toContain('campanas@example.org');
    expect(smtp.received.some((m) => m.rcpt.includes('yatenia@test.es'))).toBe(false);

    const again = await post(server, 'openEdition', { scope: 'province', id: PROVINCE, notify: false }, tokens.admin);
    expect(again.body.response).toMatchObject({ created: 0, existing: expected.toCreate + expected.existing, mail: null });
    const audit = await db.query<{ details: Record<string, unknown> }>("SELECT details FROM audit_log WHERE action = 'edition.open' ORDER BY id");
    expect(audit.map((a) => a.details)).toEqual([
      expect.objectContaining({ scope: 'province', id: PROVINCE, created: expected.toCreate, notify: true }),
      expect.objectContaining({ scope: 'province', id: PROVINCE, created: 0 }),
    ]);
    const everything = JSON.stringify(await db.query('SELECT * FROM audit_log'));
    expect(everything).not.toContain(smtp.password);
    expect(everything).not.toContain('Acceder a la aplicación');
  });

  it('opens a community, then all Spain, each entity once', async () => {
    const community = await counted(`p.community_id = '${COMMUNITY}'`);
    expect(community.toCreate).toBeGreaterThan(0);
    const res = await post(server, 'openEdition', { scope: 'community', id: COMMUNITY, notify: false }, tokens.admin);
    expect(res.body.response).toMatchObject({ created: community.toCreate, existing: community.existing, mail: null });
    const all = await counted('true');
    expect((await get(server, 'openingSummary?scope=all', tokens.admin)).body.response).toMatchObject(all);
    expect((await post(server, 'openEdition', { scope: 'all', notify: false }, tokens.admin)).body.response).toMatchObject({
      created: all.toCreate,
      existing: all.existing,
    });
    expect(await counted('true')).toEqual({ toCreate: 0, existing: all.toCreate + all.existing });
  });

  it('sends a reminder to each user of the entities not started or not finished, one message each, and reports a refusal', async () => {
    const expected = await db.query<{ email: string }>(
      `SELECT DISTINCT u.email FROM users u JOIN user_entities ue ON ue.user_id = u.id
         JOIN campaigns c ON c.entity_id = ue.entity_id AND c.edition_id = $1 WHERE c.status <> 'sent' AND u.role <> 0`,
      [editionId],
    );
    const list = (await get(server, 'reminders', tokens.admin)).body.response;
    expect(list.smtpConfigured).toBe(true);
    expect(list.recipients.map((r: { email: string }) => r.email).sort()).toEqual(expected.map((e) => e.email).sort());
    expect(list.entities.every((e: { status: string }) => ['none', 'created', 'draft'].includes(e.status))).toBe(true);
    smtp.received.length = 0;
    const sent = await post(server, 'remind', {}, tokens.fec);
    expect(sent.status).toBe(200);
    expect(sent.body.response).toEqual({ sent: expected.length - 1, failed: [{ email: 'rechazado@test.es', reason: expect.stringContaining('550') }] });
    expect(smtp.received).toHaveLength(expected.length - 1);
    for (const m of smtp.received) {
      expect(m.rcpt).toHaveLength(1);
      expect(m.to).toBe(m.rcpt[0]);
      // Each in the language its user last chose: Catalan for abierta@test.es (the test above), Spanish for the rest.
      expect(m.subject).toMatch(m.to === 'abierta@test.es' ? /^Recordatori: campanya \d{4} pendent$/ : /^Recordatorio: campaña \d{4} pendiente$/);
    }
    expect(smtp.received.filter((m) => m.to === 'abierta@test.es')).toHaveLength(1);
    expect(smtp.received.length).toBeGreaterThan(1);
    const [audit] = await db.query<{ details: Record<string, unknown> }>("SELECT details FROM audit_log WHERE action = 'campaign.reminder'");
    expect(audit.details).toEqual({ edition: list.edition, recipients: expected.length, sent: expected.length - 1, failed: 1 });
  });

  it('without SMTP_URL says e-mail is not configured (409) and still lists the addresses', async () => {
    const remind = await post(withoutMail, 'remind', null, tokens.admin);
    expect([remind.status, remind.body.error.data]).toEqual([409, 'SMTP_NOT_CONFIGURED']);
    const notify = await post(withoutMail, 'openEdition', { scope: 'all', notify: true }, tokens.admin);
    expect([notify.status, notify.body.error.data]).toEqual([409, 'SMTP_NOT_CONFIGURED']);
    const list = (await get(withoutMail, 'reminders', tokens.admin)).body.response;
    expect(list.smtpConfigured).toBe(false);
    expect(list.recipients.map((r: { email: string }) => r.email)).toContain('abierta@test.es');
  });

  it('two openings at once create each campaign once', async () => {
    const [{ n }] = await db.query<{ n: number }>('SELECT max(campaign_number) + 1 AS n FROM editions');
    await db.query("INSERT INTO editions (campaign_number, title) VALUES ($1, 'Edición de prueba')", [n]);
    const [{ entities }] = await db.query<{ entities: number }>('SELECT count(*)::int AS entities FROM entities');
    const results = await Promise.all([0, 1, 2].map(() => post(server, 'openEdition', { scope: 'all', notify: false }, tokens.admin)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.reduce((sum, r) => sum + r.body.response.created, 0)).toBe(entities);
    const [{ count }] = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM campaigns c JOIN editions ed ON ed.id = c.edition_id WHERE ed.campaign_number = $1',
      [n],
    );
    expect(count).toBe(entities);
  });

  it('manages any edition named by editionId, the current one without it; an unknown or malformed one is 422', async () => {
    const [previous] = await db.query<{ id: number; campaign_number: number }>(
      'SELECT id, campaign_number FROM editions ORDER BY campaign_number DESC OFFSET 1 LIMIT 1',
    );
    const [current] = await db.query<{ id: number; campaign_number: number }>('SELECT id, campaign_number FROM editions ORDER BY campaign_number DESC LIMIT 1');
    // The reminders of last year's edition: its own pending entities, named by its year.
    const pendingIn = async (id: number) =>
      (await db.query<{ entity_id: number }>("SELECT entity_id FROM campaigns WHERE edition_id = $1 AND status <> 'sent' ORDER BY entity_id", [id])).map(
        (r) => r.entity_id,
      );
    await db.query(
      "UPDATE campaigns SET status = 'draft', end_date = NULL WHERE id = (SELECT id FROM campaigns WHERE edition_id = $1 AND status = 'sent' ORDER BY id LIMIT 1)",
      [previous.id],
    );
    const old = (await get(server, `reminders?editionId=${previous.id}`, tokens.fec)).body.response;
    expect(old.edition).toBe(previous.campaign_number);
    expect(
      old.entities
        .filter((e: { status: string }) => e.status !== 'none')
        .map((e: { entityId: number }) => e.entityId)
        .sort((a: number, b: number) => a - b),
    ).toEqual(await pendingIn(previous.id));
    expect((await get(server, 'reminders', tokens.fec)).body.response.edition).toBe(current.campaign_number);
    smtp.received.length = 0;
    const reminded = await post(server, 'remind', { editionId: previous.id }, tokens.admin);
    expect(reminded.status).toBe(200);
    expect(smtp.received.every((m) => m.subject.includes(String(previous.campaign_number)))).toBe(true);
    const [audit] = await db.query<{ target_id: string; details: { edition: number } }>(
      "SELECT target_id, details FROM audit_log WHERE action = 'campaign.reminder' ORDER BY id DESC LIMIT 1",
    );
    expect([audit.target_id, audit.details.edition]).toEqual([String(previous.id), previous.campaign_number]);
    // Opening last year's edition counts and creates its campaigns, not the current one's.
    const summary = (await get(server, `openingSummary?scope=province&id=${OTHER_PROVINCE}&editionId=${previous.id}`, tokens.admin)).body.response;
    expect(summary.edition).toBe(previous.campaign_number);
    const opened = (await post(server, 'openEdition', { scope: 'province', id: OTHER_PROVINCE, notify: false, editionId: previous.id }, tokens.admin)).body
      .response;
    expect([opened.edition, opened.created]).toEqual([previous.campaign_number, summary.toCreate]);
    for (const bad of [
      ['reminders?editionId=999999', 'GET'],
      ['reminders?editionId=abc', 'GET'],
      ['reminders?editionId=1.5', 'GET'],
      [`openingSummary?scope=all&editionId=999999`, 'GET'],
    ]) {
      const res = await get(server, bad[0], tokens.admin);
      expect([bad[0], res.status, res.body.error.type]).toEqual([bad[0], 422, 'VALIDATION']);
    }
    for (const body of [{ editionId: 999999 }, { editionId: '1' }, { editionId: previous.id, other: 1 }]) {
      expect((await post(server, 'remind', body, tokens.admin)).status).toBe(422);
    }
    expect((await post(server, 'openEdition', { scope: 'all', notify: false, editionId: 999999 }, tokens.admin)).status).toBe(422);
  });
});
