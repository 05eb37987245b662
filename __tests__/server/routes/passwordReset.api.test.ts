import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, signIn } from '../../helpers/auth.js';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtpServer.js';
import type { Db } from '../../../src/server/db/client.js';

const backends = await testBackends();
const NEW_PASSWORD = 'grulla violeta sobre el tejado';

describe.each(backends)('forgotten passwords on $name', ({ open }) => {
  let db: Db;
  let server: TestServer;
  let smtp: TestSmtpServer;
  const password = 'correct horse battery';

  beforeAll(async () => {
    db = await open();
    smtp = await startSmtpServer();
    server = await startTestServer(db, { SMTP_URL: smtp.url });
    await createTestUser(db, 'ana@example.org', password);
    await createTestUser(db, 'bea@example.org', password);
    await createTestUser(db, 'carla@example.org', password);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
    await db.close();
  });

  const forgot = (email: string, language?: string) =>
    call(server, 'POST', '/api/v1/auth/forgotPassword', { body: { email, ...(language ? { language } : {}) } });
  const reset = (token: string, newPassword = NEW_PASSWORD) => call(server, 'POST', '/api/v1/auth/resetPassword', { body: { token, password: newPassword } });
  /** The mails to an address, once `count` have arrived (they are sent after the answer). */
  async function mailsTo(address: string, count: number) {
    for (let i = 0; i < 100; i += 1) {
      const mails = smtp.received.filter((m) => m.rcpt.includes(address));
      if (mails.length >= count) return mails;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail ${count} to ${address}`);
  }
  const tokenOf = (mail: { text: string }) => /\/auth\/reset-password#([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] as string;

  it('answers an unknown address as a known one, and mails only the known one a link in the language asked for', async () => {
    const known = await forgot('Ana@Example.org', 'ca');
    const unknown = await forgot('nadie@example.org', 'ca');
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(unknown.body).toEqual(known.body);
    const [mail] = await mailsTo('ana@example.org', 1);
    expect(mail.subject).toBe('Restableix la contrasenya');
    expect(mail.text).toContain(`${server.ctx.config.publicUrl}/auth/reset-password#`);
    expect(tokenOf(mail)).toBeTruthy();
    expect(smtp.received.filter((m) => m.rcpt.includes('nadie@example.org'))).toEqual([]);
    // Only the token's hash is stored.
    const rows = await db.query<{ token_hash: string }>('SELECT token_hash FROM password_resets');
    expect(rows.map((r) => r.token_hash)).not.toContain(tokenOf(mail));
  });

  it('sets a new password once with the link, ends every session of the user, and the old password no longer signs in', async () => {
    const session = await signIn(server, 'bea@example.org', password);
    await forgot('bea@example.org');
    const [mail] = await mailsTo('bea@example.org', 1);
    expect(mail.subject).toBe('Restablecer tu contraseña');
    const token = tokenOf(mail);
    const weak = await reset(token, 'contraseña1234');
    expect(weak.status).toBe(422);
    expect(weak.body.error.data.password).toMatch(/^ACCOUNT\.PASSWORD\./);
    expect((await reset(token)).status).toBe(200);
    expect((await call(server, 'GET', '/api/secure/v1/auth/me', { token: session.access_token })).body.error.type).toBe('INVALID_TOKEN');
    await expect(signIn(server, 'bea@example.org', password)).rejects.toThrow(/login failed/);
    expect((await signIn(server, 'bea@example.org', NEW_PASSWORD)).access_token).toBeTruthy();
    // Single use: the same link again is refused, and so is a made-up one, alike.
    const again = await reset(token, 'otra frase bastante larga y rara');
    const madeUp = await reset('x'.repeat(43));
    expect([again.status, again.body.error.data]).toEqual([422, { token: 'AUTH.RESET.INVALID_LINK' }]);
    expect([madeUp.status, madeUp.body.error.data]).toEqual([422, { token: 'AUTH.RESET.INVALID_LINK' }]);
  });

  it('refuses a link over an hour old', async () => {
    await forgot('carla@example.org');
    const [mail] = await mailsTo('carla@example.org', 1);
    await db.query("UPDATE password_resets SET expires_at = now() - interval '1 second'");
    const late = await reset(tokenOf(mail));
    expect([late.status, late.body.error.data]).toEqual([422, { token: 'AUTH.RESET.INVALID_LINK' }]);
  });

  it('throttles requests per e-mail, known or not, as the login: five at once, then a wait', async () => {
    for (const email of ['dora@example.org', 'ana@example.org']) {
      await db.query('DELETE FROM login_throttle');
      const answers = [];
      for (let i = 0; i < 7; i += 1) answers.push((await forgot(email)).status);
      expect(answers.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(answers[6]).toBe(429);
    }
  });

  it('refuses input that is not an e-mail or a token, with 422', async () => {
    expect((await forgot('not an e-mail')).status).toBe(422);
    expect((await call(server, 'POST', '/api/v1/auth/forgotPassword', { body: { email: 'ana@example.org', extra: 1 } })).status).toBe(422);
    expect((await reset('short')).status).toBe(422);
  });
});

describe.each(backends)('forgotten passwords without e-mail on $name', ({ open }) => {
  it('answers 409 SMTP_NOT_CONFIGURED, and health says there is no mail', async () => {
    const db = await open();
    const server = await startTestServer(db);
    try {
      const answer = await call(server, 'POST', '/api/v1/auth/forgotPassword', { body: { email: 'ana@example.org' } });
      expect([answer.status, answer.body.error.type, answer.body.error.data]).toEqual([409, 'CONFLICT', 'SMTP_NOT_CONFIGURED']);
      expect((await call(server, 'GET', '/api/v1/health')).body.response.mail).toBe(false);
    } finally {
      await server.close();
      await db.close();
    }
  });
});
