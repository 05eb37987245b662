import { testBackends } from '../../helpers/db.js';
import { call } from '../../helpers/server.js';
import { createTestUser, loginBody, pkcePair, signIn } from '../../helpers/auth.js';
import { startDemoServer, type DemoServer } from '../../helpers/demoServer.js';
import type { CampaignDetail } from '../../../src/shared/api/campaigns.js';
import type { PersonalData } from '../../../src/shared/api/auth.js';

const backends = await testBackends();

const ANA = { email: 'Ana.Datos@Example.org', password: 'clave de ana para sus datos' };

describe.each(backends)("a user's personal data: download and erasure on $name", ({ openDemo }) => {
  let demo: DemoServer;
  let ana: { id: number; token: string };
  let entityId: number;
  let question: { code: string };

  const secure = (method: 'GET' | 'POST', path: string, token: string, body?: unknown) =>
    call(demo.server, method, `/api/secure/v1/${path}`, { token, ...(body === undefined ? {} : { body }) });

  /**
   * The result and comparison of the sent campaigns of the user's entity, and of a few others (their means count every
   * entity), as an administrator reads them, byte for byte.
   */
  async function reports(): Promise<string[]> {
    const sent = await demo.db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'sent' ORDER BY entity_id = $1 DESC, id LIMIT 6", [entityId]);
    const texts: string[] = [];
    for (const { id } of sent) {
      for (const path of [`campaigns/result?id=${id}`, `campaigns/comparison?id=${id}`]) {
        const res = await fetch(`${demo.server.url}/api/secure/v1/${path}`, { headers: { authorization: `Bearer ${demo.tokens.admin}` } });
        texts.push(`${path} ${res.status} ${await res.text()}`);
      }
    }
    return texts;
  }

  /** Every text, character and JSON column of the database that holds the text, without case. */
  async function columnsHolding(text: string): Promise<string[]> {
    const columns = await demo.db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')`,
    );
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const [{ n }] = await demo.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE strpos(lower("${column}"::text), lower($1)) > 0`, [
        text,
      ]);
      if (n > 0) found.push(`${table}.${column}`);
    }
    return found;
  }

  beforeAll(async () => {
    demo = await startDemoServer(openDemo);
    [{ entity_id: entityId }] = await demo.db.query<{ entity_id: number }>(
      `SELECT c.entity_id FROM campaigns c JOIN user_entities ue ON ue.entity_id = c.entity_id JOIN users u ON u.id = ue.user_id
        WHERE u.email = 'usuario@demo.es' AND c.status <> 'sent' ORDER BY c.id LIMIT 1`,
    );
    const id = await createTestUser(demo.db, ANA.email, ANA.password, 'USER', [entityId]);
    // A wrong password first: the log and the throttle keep the address it was tried with.
    const { challenge } = pkcePair();
    expect((await call(demo.server, 'POST', '/api/v1/auth/login', { body: loginBody(demo.server, ANA.email, 'no es la clave', challenge) })).status).toBe(401);
    ana = { id, token: (await signIn(demo.server, ANA.email, ANA.password)).access_token };
    const [{ id: campaignId }] = await demo.db.query<{ id: number }>("SELECT id FROM campaigns WHERE entity_id = $1 AND status <> 'sent' ORDER BY id LIMIT 1", [
      entityId,
    ]);
    const detail = (await secure('GET', `campaigns/get?id=${campaignId}`, ana.token)).body.response as CampaignDetail;
    const sub = detail.indicators.flatMap((i) => i.subindicators).find((s) => s.responses.some((r) => !r.obsolete && !r.exclusive))!;
    const response = sub.responses.find((r) => !r.obsolete && !r.exclusive)!;
    const saved = await secure('POST', 'campaigns/saveAnswer', ana.token, {
      id: campaignId,
      question: sub.id,
      answer: [response.id],
      comment: 'Lo aprobó el pleno',
    });
    expect(saved.status).toBe(200);
    [question] = await demo.db.query<{ code: string }>('SELECT code FROM subindicators WHERE id = $1', [sub.id]);
    // A complaint about accessibility, signed with the address written in another case.
    const complaint = { email: ANA.email.toLowerCase(), text: 'El gráfico no se lee con el lector de pantalla.' };
    expect((await call(demo.server, 'POST', '/api/v1/accessibility/complaint', { body: complaint })).status).toBe(200);
  });
  afterAll(() => demo?.close());

  it('gives the user everything the database holds of them, as a file to keep', async () => {
    const res = await secure('GET', 'auth/me/export', ana.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="mis-datos.json"');
    const data = res.body.response as PersonalData;
    expect(data.account).toMatchObject({ id: ana.id, email: ANA.email, language: 'es', erasureRequestedAt: null });
    expect(data.memberships).toEqual([expect.objectContaining({ entityId, role: 'responsable' })]);
    expect(data.answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ question: question.code, kind: 'answer' }),
        expect.objectContaining({ question: question.code, kind: 'comment', value: 'Lo aprobó el pleno' }),
      ]),
    );
    expect(data.complaints).toEqual([{ text: 'El gráfico no se lee con el lector de pantalla.', receivedAt: expect.any(String) }]);
    const actions = data.activity.map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.login_failed', 'auth.login']));
    // Nobody else's: the demo user's sign-in is not there.
    expect(JSON.stringify(data)).not.toContain('usuario@demo.es');
  });

  it("files the user's request to erase their data, which the administrators see in the users list", async () => {
    const asked = await secure('POST', 'auth/me/erasure', ana.token, { reason: 'Ya no trabajo en el ayuntamiento' });
    expect(asked.status).toBe(200);
    const users = (await secure('GET', 'users/list', demo.tokens.admin)).body.response as { id: number; erasureRequestedAt?: string }[];
    expect(users.find((u) => u.id === ana.id)?.erasureRequestedAt).toBe(asked.body.response.requestedAt);
    expect(users.filter((u) => u.erasureRequestedAt).map((u) => u.id)).toEqual([ana.id]);
    expect((await secure('POST', 'auth/me/erasure', ana.token, { reason: 'x'.repeat(2001) })).status).toBe(422);
    expect((await secure('POST', 'auth/me/erasure', ana.token, { reason: 7 })).status).toBe(422);
  });

  it('lets only an administrator erase, and not their own account', async () => {
    expect((await secure('POST', 'users/erase', demo.tokens.fec, { id: ana.id })).status).toBe(403);
    expect((await secure('POST', 'users/erase', ana.token, { id: ana.id })).status).toBe(403);
    const [{ id: adminId }] = await demo.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'admin@demo.es'");
    expect((await secure('POST', 'users/erase', demo.tokens.admin, { id: adminId })).status).toBe(403);
    expect((await secure('POST', 'users/erase', demo.tokens.admin, { id: '5' })).status).toBe(422);
    expect((await secure('POST', 'users/erase', demo.tokens.admin, { id: 2147483647 })).status).toBe(404);
  });

  it('erases the account and every copy of its e-mail, keeps the log under a pseudonym, and changes no figure', async () => {
    const before = await reports();
    expect(await columnsHolding(ANA.email)).not.toEqual([]);
    const erased = await secure('POST', 'users/erase', demo.tokens.admin, { id: ana.id });
    expect(erased.status).toBe(200);
    const pseudonym = `usuario-eliminado-${ana.id}`;
    expect(erased.body.response).toEqual({ success: true, pseudonym });
    expect(await columnsHolding(ANA.email)).toEqual([]);
    expect(await reports()).toEqual(before);
    // The history of the answer and the log stay, under the pseudonym.
    const history = await demo.db.query<{ user_email: string }>('SELECT user_email FROM answer_history WHERE user_id IS NULL');
    expect(history.map((h) => h.user_email)).toEqual(expect.arrayContaining([pseudonym]));
    const logged = await demo.db.query<{ action: string }>('SELECT action FROM audit_log WHERE actor_id = $1 ORDER BY id', [ana.id]);
    expect(logged.map((row) => row.action)).toEqual(expect.arrayContaining(['auth.login', 'user.erasureRequested']));
    const [erasure] = await demo.db.query<{ details: unknown }>("SELECT details FROM audit_log WHERE action = 'user.erase'");
    expect(erasure.details).toEqual({ pseudonym, role: 'USER' });
    // The account is gone: its session with it.
    expect((await secure('GET', 'auth/me', ana.token)).status).toBe(401);
    await expect(signIn(demo.server, ANA.email, ANA.password)).rejects.toThrow(/login failed/);
  });
});
