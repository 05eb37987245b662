import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, signIn, signInDemoAccounts } from '../../helpers/auth.js';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtpServer.js';
import { madridDate } from '../../../src/shared/dates.js';
import type { Db } from '../../../src/server/db/client.js';

const backends = await testBackends();

/** Polls until `check` holds (the e-mails go after the answer). */
async function eventually(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
}

describe.each(backends)('the accessibility statement and its complaints on $name', ({ openDemo }) => {
  let db: Db;
  let smtp: TestSmtpServer;
  let server: TestServer;
  let tokens: { user: string; admin: string; fec: string };
  const STATEMENT = '/api/v1/accessibility/statement';
  const COMPLAINT = '/api/v1/accessibility/complaint';

  const update = (body: unknown, token = tokens.admin) => call(server, 'POST', '/api/secure/v1/accessibility/statement/update', { token, body });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    db = await openDemo();
    server = await startTestServer(db, { SMTP_URL: smtp.url, COMPLAINT_RATE_LIMIT: '6' });
    tokens = await signInDemoAccounts(server);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await db?.close();
  });

  it('lets anyone read the statement and only an administrator change it, with a review date that has been', async () => {
    const read = await call(server, 'GET', STATEMENT);
    expect(read.status).toBe(200);
    expect(read.body.response).toEqual({
      conformance: expect.stringMatching(/^(FULL|PARTIAL|NONE)$/),
      exceptions: expect.any(String),
      reviewedOn: read.body.response.reviewedOn === null ? null : expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      updatedAt: expect.any(String),
    });

    const contents = { conformance: 'PARTIAL', exceptions: 'Los mapas no tienen todavía\nuna alternativa en texto.', reviewedOn: '2026-11-02' };
    for (const token of [tokens.user, tokens.fec]) expect((await update(contents, token)).status).toBe(403);
    expect((await call(server, 'POST', '/api/secure/v1/accessibility/statement/update', { body: contents })).status).toBe(401);

    const changed = await update(contents);
    expect(changed.status).toBe(200);
    expect(changed.body.response).toMatchObject(contents);
    expect((await call(server, 'GET', STATEMENT)).body.response).toMatchObject(contents);
    const [audit] = await db.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM audit_log WHERE action = 'accessibility.updateStatement' ORDER BY id DESC LIMIT 1",
    );
    expect(audit.details).toEqual({ conformance: 'PARTIAL', reviewedOn: '2026-11-02' });

    expect((await update({ ...contents, exceptions: '' })).body.response.exceptions).toBe('');
    const today = madridDate(new Date());
    expect((await update({ ...contents, reviewedOn: today })).status).toBe(200);
  });

  it('refuses contents that are not a statement with 422, and keeps the one it had', async () => {
    const before = (await call(server, 'GET', STATEMENT)).body.response;
    const tomorrow = madridDate(new Date(Date.now() + 36 * 3600 * 1000));
    const good = { conformance: 'FULL', exceptions: '', reviewedOn: '2026-01-15' };
    const future = await update({ ...good, reviewedOn: tomorrow });
    expect([future.status, future.body.error.data]).toEqual([422, { reviewedOn: 'ACCESSIBILITY.VALIDATION.FUTURE' }]);
    for (const bad of [
      { ...good, reviewedOn: '2026-02-30' },
      { ...good, reviewedOn: '15/01/2026' },
      { ...good, reviewedOn: null },
      { ...good, conformance: 'ALMOST' },
      { ...good, exceptions: ' \n ' },
      { ...good, exceptions: 'x'.repeat(8001) },
      { ...good, exceptions: 'bad\u0000byte' },
      { ...good, extra: true },
      { conformance: 'FULL', exceptions: '' },
    ]) {
      const res = await update(bad);
      expect([JSON.stringify(bad).slice(0, 80), res.status]).toEqual([JSON.stringify(bad).slice(0, 80), 422]);
    }
    expect((await call(server, 'GET', STATEMENT)).body.response).toEqual(before);
  });

  it('stores a complaint and mails every administrator in their language; only administrators read them', async () => {
    await createTestUser(db, 'segunda.admin@accesibilidad.es', 'clave segunda admin', 'ADMIN');
    await db.query("UPDATE users SET language = 'ca' WHERE email = 'segunda.admin@accesibilidad.es'");
    const admins = await db.query<{ email: string }>('SELECT email FROM users WHERE role = 2 ORDER BY id');
    smtp.received.length = 0;

    const text = 'El mapa de estado no se puede usar con el teclado.\nUso NVDA con Firefox.';
    const filed = await call(server, 'POST', COMPLAINT, { body: { email: 'vecina@ejemplo.es', text } });
    expect(filed.status).toBe(200);
    expect(Date.parse(filed.body.response.receivedAt)).toBeGreaterThan(Date.now() - 60_000);

    await eventually('one e-mail to each administrator', () => admins.every((a) => smtp.received.some((m) => m.rcpt.includes(a.email))));
    const catalan = smtp.received.find((m) => m.rcpt.includes('segunda.admin@accesibilidad.es'))!;
    expect(catalan.subject).toBe("Nova queixa d'accessibilitat");
    expect(catalan.text).toContain('vecina@ejemplo.es');
    expect(catalan.text).toContain('Uso NVDA con Firefox.');
    expect(catalan.text).toContain('/accesibilidad');
    const spanish = smtp.received.find((m) => m.rcpt.includes('admin@demo.es'))!;
    expect(spanish.subject).toBe('Nueva queja de accesibilidad');

    const admin = await signIn(server, 'segunda.admin@accesibilidad.es', 'clave segunda admin');
    const list = await call(server, 'GET', '/api/secure/v1/accessibility/complaints', { token: admin.access_token });
    expect(list.status).toBe(200);
    expect(list.body.response[0]).toEqual({ id: expect.any(Number), email: 'vecina@ejemplo.es', text, receivedAt: filed.body.response.receivedAt });
    for (const token of [tokens.user, tokens.fec]) expect((await call(server, 'GET', '/api/secure/v1/accessibility/complaints', { token })).status).toBe(403);
  });

  it('refuses a complaint without a valid address or text, and holds back an address that sends too many', async () => {
    const [{ n: before }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM accessibility_complaints');
    for (const body of [
      { email: 'no es un correo', text: 'Texto' },
      { email: 'vecina@ejemplo.es', text: '   ' },
      { email: 'vecina@ejemplo.es', text: 'x'.repeat(4001) },
      { email: 'vecina@ejemplo.es' },
      { email: 'vecina@ejemplo.es', text: 'Texto', copia: 'admin@demo.es' },
    ]) {
      expect((await call(server, 'POST', COMPLAINT, { body })).status).toBe(422);
    }
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM accessibility_complaints'))[0].n).toBe(before);

    // COMPLAINT_RATE_LIMIT is 6 an hour here: the earlier test filed one, and each refused request counts too.
    const limited = await call(server, 'POST', COMPLAINT, { body: { email: 'vecina@ejemplo.es', text: 'Otra más' } });
    expect(limited.status).toBe(429);
    expect(limited.body.error.type).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
  });

  it('takes no more complaints from anyone once the site has had 60 in the last hour', async () => {
    const other = await startTestServer(db, { COMPLAINT_RATE_LIMIT: '100' });
    try {
      const [{ n }] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM accessibility_complaints WHERE received_at > now() - interval '1 hour'");
      const body = (i: number) => ({ email: `vecino${i}@ejemplo.es`, text: `Queja ${i}` });
      for (let i = n; i < 60; i += 1) expect((await call(other, 'POST', COMPLAINT, { body: body(i) })).status).toBe(200);
      const refused = await call(other, 'POST', COMPLAINT, { body: body(60) });
      expect([refused.status, refused.body.error.type]).toEqual([429, 'RATE_LIMITED']);
      // An hour later the site takes them again.
      await db.query("UPDATE accessibility_complaints SET received_at = received_at - interval '61 minutes'");
      expect((await call(other, 'POST', COMPLAINT, { body: body(61) })).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
