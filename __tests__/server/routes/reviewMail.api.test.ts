import net from 'node:net';
import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, signInDemoAccounts } from '../../helpers/auth.js';
import { answerEverything, campaignOfNewEntity, seeded } from '../../helpers/concurrency.js';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtpServer.js';
import { loggerOptions } from '../../../src/server/app.js';
import type { Db } from '../../../src/server/db/client.js';
import type { CampaignDetail } from '../../../src/shared/api/campaigns.js';

const backends = await testBackends();
const PASSWORD = 'clave-correcciones-1';

/** A local port nothing listens on: an SMTP server that cannot be reached. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Polls until `check` holds (the e-mails go after the answer). */
async function eventually(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
}

describe.each(backends)('the e-mails of a submission signed, an axis assigned, corrections asked and objections resolved on $name', ({ openDemo }) => {
  let db: Db;
  let smtp: TestSmtpServer;
  let server: TestServer;
  /** A server whose SMTP server cannot be reached, its warnings kept in `logs`. */
  let unreachable: TestServer;
  const logs: string[] = [];
  let admin: string;

  const post = (s: TestServer, path: string, body: unknown, token: string) => call(s, 'POST', `/api/secure/v1/campaigns/${path}`, { token, body });
  const detail = async (s: TestServer, id: number) =>
    (await call(s, 'GET', `/api/secure/v1/campaigns/get?id=${id}`, { token: admin })).body.response as CampaignDetail;

  let entities = 0;
  /** A new entity's campaign with two USER members (both responsible), answered by the first; the second writes in `secondLanguage`. */
  async function answeredCampaign(s: TestServer, secondLanguage = 'es') {
    entities += 1;
    const [first, second] = [`primera${entities}@correcciones.es`, `segunda${entities}@correcciones.es`];
    await createTestUser(db, first, PASSWORD);
    await createTestUser(db, second, PASSWORD);
    await db.query('UPDATE users SET language = $2 WHERE email = $1', [second, secondLanguage]);
    const { id, memberToken } = await campaignOfNewEntity(s, db, admin, { email: first, password: PASSWORD }, 'Correcciones');
    await db.query('INSERT INTO user_entities (user_id, entity_id) SELECT u.id, c.entity_id FROM users u, campaigns c WHERE u.email = $1 AND c.id = $2', [
      second,
      id,
    ]);
    await answerEverything(db, id, seeded(entities));
    const [{ year, entity }] = await db.query<{ year: number; entity: string }>(
      'SELECT ed.campaign_number AS year, en.name AS entity FROM campaigns c JOIN editions ed ON ed.id = c.edition_id JOIN entities en ON en.id = c.entity_id WHERE c.id = $1',
      [id],
    );
    return { id, first, second, memberToken, year, entity };
  }

  /**
   * answeredCampaign, sent by the first member: awaiting review. Through the server with SMTP, the e-mails of the
   * submission are waited for and put aside: the tests read what follows.
   */
  async function sentCampaign(s: TestServer) {
    const campaign = await answeredCampaign(s);
    expect((await post(s, 'submit', { id: campaign.id }, campaign.memberToken)).body.response?.campaign).toMatchObject({
      status: 'sent',
      reviewStatus: 'pending',
    });
    if (s === server) {
      await eventually('the submission mailed to each member', () => [campaign.first, campaign.second].every((a) => smtp.received.some((m) => m.to === a)));
      smtp.received.length = 0;
    }
    return campaign;
  }

  /** Marks the campaign's first question `fix` through that server. */
  async function markOneToFix(s: TestServer, id: number): Promise<void> {
    const [question] = (await detail(s, id)).indicators.flatMap((i) => i.subindicators);
    expect((await post(s, 'review/mark', { id, question: question.id, verdict: 'fix', comment: 'Falta la firma' }, admin)).status).toBe(200);
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    db = await openDemo();
    server = await startTestServer(db, { SMTP_URL: smtp.url });
    const logger = loggerOptions('warn', { write: (line) => void logs.push(line) });
    unreachable = await startTestServer(db, { SMTP_URL: `smtp://mailer:${smtp.password}@127.0.0.1:${await closedPort()}` }, undefined, { logger });
    admin = (await signInDemoAccounts(server)).admin;
  });
  afterAll(async () => {
    await server.close();
    await unreachable.close();
    await smtp.close();
    await db.close();
  });

  it('mails each member once, in their own language, with the message, the count and the link; a refused request mails nothing', async () => {
    const { id, first, second, memberToken, year, entity } = await sentCampaign(server);
    // The first member chose Catalan in the interface; the second keeps the default, Spanish.
    expect((await call(server, 'POST', '/api/secure/v1/auth/me/language', { token: memberToken, body: { language: 'ca' } })).status).toBe(200);

    const nothing = await post(server, 'review/requestChanges', { id, message: 'Nada marcado' }, admin);
    expect([nothing.status, nothing.body.error.data]).toEqual([409, 'NOTHING_FLAGGED']);

    await markOneToFix(server, id);
    const message = 'Corrija el acta <b>sin firma</b> & la fecha';
    const asked = await post(server, 'review/requestChanges', { id, message }, admin);
    expect(asked.status).toBe(200);
    expect(asked.body.response.campaign).toMatchObject({ status: 'sent', reviewStatus: 'changesRequested' });

    await eventually('a mail to each member', () => [first, second].every((a) => smtp.received.some((m) => m.rcpt.includes(a))));
    // A moment more for any second message to arrive: there must be none, nor any of the refused request (asked before).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.map((m) => m.rcpt)).toEqual(expect.arrayContaining([[first], [second]]));
    expect(smtp.received).toHaveLength(2);

    const link = `${server.ctx.config.publicUrl}/my-campaigns/${id}`;
    const catalan = smtp.received.find((m) => m.to === first)!;
    expect(catalan.subject).toBe(`Correccions demanades a la Campanya ${year} de ${entity}`);
    expect(catalan.text).toContain('Hi ha 1 resposta marcada per corregir.');
    const spanish = smtp.received.find((m) => m.to === second)!;
    expect(spanish.subject).toBe(`Correcciones pedidas en la Campaña ${year} de ${entity}`);
    expect(spanish.text).toContain('Hay 1 respuesta marcada para corregir.');
    for (const mail of [catalan, spanish]) {
      expect(mail.text).toContain(`> ${message}`);
      expect(mail.text).toContain(link);
      expect(mail.html).toContain('<blockquote>Corrija el acta &#60;b&#62;sin firma&#60;/b&#62; &#38; la fecha</blockquote>');
      expect(mail.html).toContain(`<a href="${link}">`);
    }
  });

  it('mails every member the signed submission with its receipt, each in their language', async () => {
    const { id, first, second, memberToken, year, entity } = await answeredCampaign(server, 'ca');
    smtp.received.length = 0;
    const sent = await post(server, 'submit', { id }, memberToken);
    expect(sent.status).toBe(200);
    const { code, sha256 } = sent.body.response.receipt as { code: string; sha256: string };
    await eventually('a mail to each member', () => [first, second].every((a) => smtp.received.some((m) => m.to === a)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(2);
    const { publicUrl } = server.ctx.config;
    const spanish = smtp.received.find((m) => m.to === first)!;
    expect(spanish.subject).toBe(`Campaña ${year} de ${entity} enviada`);
    expect(spanish.text).toMatch(
      new RegExp(`^${first} ha firmado y enviado la Campaña ${year} de .+ el \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d \\(hora de Madrid\\)\\.$`, 'm'),
    );
    const catalan = smtp.received.find((m) => m.to === second)!;
    expect(catalan.subject).toBe(`Campanya ${year} de ${entity} enviada`);
    expect(catalan.text).toContain(`${first} ha signat i enviat la Campanya ${year}`);
    for (const mail of [spanish, catalan]) {
      for (const said of [code, sha256, `${publicUrl}/verificar/${code}`, `${publicUrl}/results/${id}`]) expect(mail.text).toContain(said);
      expect(mail.html).toContain(`<a href="${publicUrl}/results/${id}">`);
    }
  });

  it('mails the member an axis is assigned to, in their language, and not one who assigns an axis to themselves', async () => {
    const { id, first, second, memberToken, year, entity } = await answeredCampaign(server, 'en');
    const [{ id: axisId, text: axis }] = await db.query<{ id: number; text: string }>(
      'SELECT DISTINCT cat.id, cat.text FROM campaigns c JOIN indicators i ON i.edition_id = c.edition_id JOIN categories cat ON cat.id = i.axis_id WHERE c.id = $1 ORDER BY cat.id LIMIT 1',
      [id],
    );
    const [{ id: secondId }] = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [second]);
    smtp.received.length = 0;
    expect((await post(server, 'assign', { id, axisId, userId: secondId }, memberToken)).status).toBe(200);
    await eventually('a mail to the member assigned', () => smtp.received.some((m) => m.to === second));
    // The same choice again tells nobody anything new.
    expect((await post(server, 'assign', { id, axisId, userId: secondId }, memberToken)).status).toBe(200);
    const [{ id: firstId }] = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [first]);
    expect((await post(server, 'assign', { id, axisId, userId: firstId }, memberToken)).status).toBe(200);
    // Unassigned (null), nobody hears of it.
    expect((await post(server, 'assign', { id, axisId, userId: null }, memberToken)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.map((m) => m.to)).toEqual([second]);
    const [mail] = smtp.received;
    expect(mail.subject).toBe(`“${axis}” assigned to you · Campaign ${year} of ${entity}`);
    expect(mail.text).toContain(`${first} has assigned you the axis “${axis}” of Campaign ${year} of ${entity}.`);
    expect(mail.text).toContain(`${server.ctx.config.publicUrl}/my-campaigns/${id}`);
  });

  it("mails the person invited to a team, with a new account's temporary password, or in their language to an existing account", async () => {
    const { id, memberToken, entity } = await answeredCampaign(server);
    const [{ entity_id: entityId }] = await db.query<{ entity_id: number }>('SELECT entity_id FROM campaigns WHERE id = $1', [id]);
    const invite = (email: string) =>
      call(server, 'POST', '/api/secure/v1/entities/members/invite', { token: memberToken, body: { entityId, email, role: 'colaborador' } });
    smtp.received.length = 0;
    const created = await invite('nueva.invitada@correcciones.es');
    expect(created.status).toBe(200);
    const { temporaryPassword } = created.body.response as { temporaryPassword: string };
    await createTestUser(db, 'ya.tenia.cuenta@correcciones.es', PASSWORD);
    await db.query("UPDATE users SET language = 'en' WHERE email = 'ya.tenia.cuenta@correcciones.es'");
    expect((await invite('ya.tenia.cuenta@correcciones.es')).body.response).not.toHaveProperty('temporaryPassword');
    await eventually('both invitations', () => smtp.received.length >= 2);
    const fresh = smtp.received.find((m) => m.to === 'nueva.invitada@correcciones.es')!;
    expect(fresh.subject).toBe(`Te han invitado al equipo de ${entity}`);
    expect(fresh.text).toContain(`te ha añadido al equipo de ${entity} en Campañas de indicadores, como colaborador.`);
    expect(fresh.text).toContain(`Tu contraseña temporal es: ${temporaryPassword}`);
    expect(fresh.text).toContain(`${server.ctx.config.publicUrl}/auth/login`);
    const existing = smtp.received.find((m) => m.to === 'ya.tenia.cuenta@correcciones.es')!;
    expect(existing.subject).toBe(`You have been invited to the team of ${entity}`);
    expect(existing.text).toContain('Sign in with your usual account');
    expect(existing.text).not.toMatch(/password is/);
  });

  it('mails each member the resolution of their objection, in their language, with the question and the reason', async () => {
    const { id, first, second, memberToken, year, entity } = await sentCampaign(server);
    expect((await call(server, 'POST', '/api/secure/v1/auth/me/language', { token: memberToken, body: { language: 'en' } })).status).toBe(200);
    const until = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const published = await call(server, 'POST', '/api/secure/v1/editions/publishProvisional', {
      token: admin,
      body: { campaignNumber: year, objectionsUntil: until },
    });
    expect(published.status).toBe(200);
    const [question] = (await detail(server, id)).indicators.flatMap((i) => i.subindicators);
    const objected = await post(server, 'objection', { id, question: question.id, text: 'El acta está firmada' }, memberToken);
    expect(objected.status).toBe(200);
    const before = smtp.received.length;

    const resolved = await post(
      server,
      'objection/resolve',
      { objectionId: objected.body.response.id, accepted: false, reason: 'El acta no lleva fecha' },
      admin,
    );
    expect(resolved.status).toBe(200);
    const mails = () => smtp.received.slice(before);
    await eventually('a mail to each member', () => [first, second].every((a) => mails().some((m) => m.to === a)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mails()).toHaveLength(2);
    const english = mails().find((m) => m.to === first)!;
    expect(english.subject).toBe(`Objection refused on Campaign ${year} of ${entity}`);
    expect(english.text).toContain(`“${question.text}”`);
    const spanish = mails().find((m) => m.to === second)!;
    expect(spanish.subject).toBe(`Alegación rechazada en la Campaña ${year} de ${entity}`);
    expect(spanish.text).toContain(`«${question.text}»`);
    for (const mail of [english, spanish]) {
      expect(mail.text).toContain('> El acta no lleva fecha');
      expect(mail.text).toContain(`${server.ctx.config.publicUrl}/my-campaigns/${id}`);
    }
  });

  it('still answers 200, the campaign back with its entity, when the SMTP server cannot be reached, and logs the failure', async () => {
    const { id } = await sentCampaign(unreachable);
    await markOneToFix(unreachable, id);
    const asked = await post(unreachable, 'review/requestChanges', { id, message: 'Revise la respuesta marcada' }, admin);
    expect(asked.status).toBe(200);
    expect(asked.body.response.campaign).toMatchObject({ status: 'sent', reviewStatus: 'changesRequested' });
    expect(await detail(unreachable, id)).toMatchObject({ reviewStatus: 'changesRequested', reviewMessage: 'Revise la respuesta marcada' });
    await eventually('the failure logged', () => logs.some((line) => line.includes('corrections e-mail refused')));
    const logged = JSON.parse(logs.find((line) => line.includes('corrections e-mail refused'))!);
    expect(logged).toMatchObject({ level: 40, campaignId: id, failed: 2, of: 2 });
    expect(logs.join('\n')).not.toContain(smtp.password);
  });
});
