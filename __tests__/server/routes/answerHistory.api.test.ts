import { testBackends, testPostgresUrl } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, signIn, signInDemoAccounts } from '../../helpers/auth.js';
import { campaignOfNewEntity, entityWithSentCampaign2025 } from '../../helpers/concurrency.js';
import { openPostgres, type Db } from '../../../src/server/db/client.js';
import type { AnswerHistoryEntry, CampaignDetail, StaleAnswer, Subindicator } from '../../../src/shared/api/campaigns.js';

const backends = await testBackends();

/** Free Spanish text as an entity writes it: accents, ñ, the euro sign, an emoji, quotes and a line break. */
const SPANISH_TEXT = 'Año 2025: 1.200 € en compostaje 🌱\nAprobado en el pleno del "día 3".';
/** Rounds of two saves made at once on the same version. */
const ROUNDS = 8;

const ANA = { email: 'ana@historia.es', password: 'clave-historia-1' };
const LUIS = { email: 'luis@historia.es', password: 'clave-historia-2' };

const offered = (s: Subindicator) => s.responses.filter((r) => !r.obsolete && !r.exclusive);
const isIso = (at: string) => new Date(at).toISOString() === at;

describe.each(backends)('answer history and stale saves on $name', ({ name, openDemo }) => {
  let db: Db;
  let server: TestServer;
  let secondDb: Db | undefined;
  let secondServer: TestServer | undefined;
  const tokens = { admin: '', fec: '', other: '' };

  const get = (path: string, token: string, on = server) => call(on, 'GET', `/api/secure/v1/campaigns/${path}`, { token });
  const post = (path: string, body: unknown, token: string, on = server) => call(on, 'POST', `/api/secure/v1/campaigns/${path}`, { token, body });
  const questionsOf = async (id: number, token = tokens.admin) =>
    ((await get(`get?id=${id}`, token)).body.response as CampaignDetail).indicators.flatMap((i) => i.subindicators);
  const questionOf = async (id: number, question: number, token = tokens.admin) => (await questionsOf(id, token)).find((s) => s.id === question)!;
  async function historyOf(id: number, question: number, token = tokens.admin): Promise<AnswerHistoryEntry[]> {
    const res = await get(`history?id=${id}&question=${question}`, token);
    expect(res.status).toBe(200);
    return res.body.response;
  }
  const rowsOf = async (id: number) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM answer_history WHERE campaign_id = $1', [id]))[0].n;
  /** The answer's version as the database has it: the id of its latest change of answer, comment or "No aplica". */
  const versionInDb = async (id: number, question: number) =>
    (
      await db.query<{ v: number }>(
        "SELECT coalesce(max(id), 0)::float8 AS v FROM answer_history WHERE campaign_id = $1 AND subindicator_id = $2 AND kind IN ('answer', 'comment', 'notApplicable')",
        [id, question],
      )
    )[0].v;

  /** A fresh campaign of the current edition for a new entity whose members are Ana and Luis (both signed in again, to carry it). */
  async function freshCampaign(): Promise<{ id: number; ana: string; luis: string }> {
    const { id, memberToken: ana } = await campaignOfNewEntity(server, db, tokens.admin, ANA, 'Historia');
    await db.query('INSERT INTO user_entities (user_id, entity_id) SELECT u.id, c.entity_id FROM users u, campaigns c WHERE u.email = $1 AND c.id = $2', [
      LUIS.email,
      id,
    ]);
    return { id, ana, luis: (await signIn(server, LUIS.email, LUIS.password)).access_token };
  }

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db);
    const demo = await signInDemoAccounts(server);
    tokens.admin = demo.admin;
    tokens.fec = demo.fec;
    await createTestUser(db, ANA.email, ANA.password);
    await createTestUser(db, LUIS.email, LUIS.password);
    const [{ id: otherEntity }] = await db.query<{ id: number }>('SELECT id FROM entities ORDER BY id LIMIT 1');
    await createTestUser(db, 'ajena@historia.es', 'clave-ajena-1', 'USER', [otherEntity]);
    tokens.other = (await signIn(server, 'ajena@historia.es', 'clave-ajena-1')).access_token;
  });
  afterAll(async () => {
    await secondServer?.close();
    await secondDb?.close();
    await server.close();
    await db.close();
  });

  it('records each change to an answer, its comment, its "No aplica" and its evidence, with who made it, newest first', async () => {
    const { id, ana, luis } = await freshCampaign();
    const sub = (await questionsOf(id)).find((s) => s.allowsNotApplicable && offered(s).length >= 2)!;
    const [first, second] = offered(sub).map((r) => r.id);
    const reason = 'No hay playas en el término municipal 🏖️';
    const url = 'https://ayto.example/acta-ñ';
    expect(await questionOf(id, sub.id)).toMatchObject({ version: 0, lastChange: null });

    const saved = await post('saveAnswer', { id, question: sub.id, answer: [first], comment: SPANISH_TEXT }, ana);
    expect(saved.status).toBe(200);
    expect(saved.body.response).toMatchObject({ success: true, campaign: { id, status: 'draft' }, version: await versionInDb(id, sub.id) });
    expect((await post('saveAnswer', { id, question: sub.id, answer: [second] }, luis)).status).toBe(200);
    expect((await post('saveAnswer', { id, question: sub.id, answer: null, notApplicable: { reason } }, ana)).status).toBe(200);
    const commentRemoved = await post('saveAnswer', { id, question: sub.id, answer: null, comment: null }, luis);
    expect(commentRemoved.status).toBe(200);
    const link = await post('evidence/addLink', { id, question: sub.id, url, title: 'Acta del pleno' }, ana);
    expect(link.status).toBe(200);
    expect((await post('evidence/remove', { id, evidenceId: link.body.response.id }, luis)).status).toBe(200);

    // Evidence does not change the version (it overwrites nothing), but it is the latest change.
    const afterEvidence = await questionOf(id, sub.id);
    expect(afterEvidence.version).toBe(commentRemoved.body.response.version);
    expect(afterEvidence.lastChange?.userEmail).toBe(LUIS.email);

    const lastSave = await post('saveAnswer', { id, question: sub.id, answer: null, notApplicable: null }, ana);
    expect(lastSave.status).toBe(200);
    const item = { evidenceId: link.body.response.id, kind: 'link', url, title: 'Acta del pleno' };
    const history = await historyOf(id, sub.id);
    expect(history.map(({ kind, value, userEmail }) => ({ kind, value, userEmail }))).toEqual([
      { kind: 'notApplicable', value: null, userEmail: ANA.email },
      { kind: 'evidenceRemoved', value: item, userEmail: LUIS.email },
      { kind: 'evidenceAdded', value: item, userEmail: ANA.email },
      { kind: 'comment', value: null, userEmail: LUIS.email },
      { kind: 'notApplicable', value: { reason }, userEmail: ANA.email },
      { kind: 'answer', value: null, userEmail: ANA.email },
      { kind: 'answer', value: [second], userEmail: LUIS.email },
      { kind: 'comment', value: SPANISH_TEXT, userEmail: ANA.email },
      { kind: 'answer', value: [first], userEmail: ANA.email },
    ]);
    expect(history.every((h) => isIso(h.at))).toBe(true);
    const times = history.map((h) => Date.parse(h.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // campaigns/get: the version of the latest save, and who made the latest change and when.
    const now = await questionOf(id, sub.id, luis);
    expect(now).toMatchObject({ answer: null, comment: null, notApplicable: null, version: lastSave.body.response.version });
    expect(now.version).toBe(await versionInDb(id, sub.id));
    expect(now.lastChange).toEqual({ userEmail: ANA.email, at: history[0].at });
    // Nothing else of the campaign has a history.
    expect((await questionsOf(id)).filter((s) => s.id !== sub.id && (s.version !== 0 || s.lastChange !== null))).toEqual([]);
  });

  it('records nothing for a save that changes nothing, nor for the same responses chosen in another order', async () => {
    const { id, ana, luis } = await freshCampaign();
    const subs = await questionsOf(id);
    const single = subs.find((s) => s.type === 'single')!;
    const multiple = subs.find((s) => s.type === 'multiple' && offered(s).length >= 2)!;
    const saved = await post('saveAnswer', { id, question: single.id, answer: [offered(single)[0].id], comment: 'Nota' }, ana);
    const rows = await rowsOf(id);
    expect(rows).toBe(2);
    for (const [body, token] of [
      [{ answer: [offered(single)[0].id] }, ana],
      [{ answer: [offered(single)[0].id], comment: 'Nota' }, luis],
    ] as const) {
      const again = await post('saveAnswer', { id, question: single.id, ...body }, token);
      expect([again.status, again.body.response.version]).toEqual([200, saved.body.response.version]);
    }
    expect(await rowsOf(id)).toBe(rows);

    const [a, b] = offered(multiple).map((r) => r.id);
    await post('saveAnswer', { id, question: multiple.id, answer: [b, a] }, ana);
    expect((await historyOf(id, multiple.id)).map((h) => h.value)).toEqual([[a, b].sort((x, y) => x - y)]);
    expect((await post('saveAnswer', { id, question: multiple.id, answer: [a, b] }, luis)).status).toBe(200);
    expect(await historyOf(id, multiple.id)).toHaveLength(1);
    // The order chosen is kept, as before.
    expect((await questionOf(id, multiple.id)).answer).toEqual([a, b]);

    // Clearing a question never answered changes nothing.
    const untouched = subs.find((s) => s.id !== single.id && s.id !== multiple.id)!;
    const cleared = await post('saveAnswer', { id, question: untouched.id, answer: null }, ana);
    expect([cleared.status, cleared.body.response.version]).toEqual([200, 0]);
    expect(await questionOf(id, untouched.id)).toMatchObject({ version: 0, lastChange: null });
    expect(await rowsOf(id)).toBe(rows + 1);
  });

  it('records an evidence file added and removed with its name', async () => {
    const { id, ana } = await freshCampaign();
    const [sub] = await questionsOf(id);
    const form = new FormData();
    form.append('id', String(id));
    form.append('question', String(sub.id));
    const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'Acta del pleno €.pdf');
    const res = await fetch(`${server.url}/api/secure/v1/campaigns/evidence/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ana}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const evidenceId = (await res.json()).response.id;
    expect((await post('evidence/remove', { id, evidenceId }, tokens.admin)).status).toBe(200);
    const item = { evidenceId, kind: 'file', fileName: 'Acta del pleno €.pdf' };
    expect((await historyOf(id, sub.id)).map(({ kind, value, userEmail }) => ({ kind, value, userEmail }))).toEqual([
      { kind: 'evidenceRemoved', value: item, userEmail: 'admin@demo.es' },
      { kind: 'evidenceAdded', value: item, userEmail: ANA.email },
    ]);
    expect(await questionOf(id, sub.id)).toMatchObject({ version: 0, lastChange: { userEmail: 'admin@demo.es' } });
  });

  it("records what the previous edition's copy brought, marked prefilled, and a copied answer saved as it is as its confirmation", async () => {
    const { entityId } = await entityWithSentCampaign2025(server, db, tokens.admin, 'Historia copiada', SPANISH_TEXT);
    const id = (await post('create', { entityId }, tokens.admin)).body.response.campaign.id as number;
    await db.query('INSERT INTO user_entities (user_id, entity_id) SELECT id, $1 FROM users WHERE email = ANY($2::text[])', [
      entityId,
      [ANA.email, LUIS.email],
    ]);
    const ana = (await signIn(server, ANA.email, ANA.password)).access_token;
    const luis = (await signIn(server, LUIS.email, LUIS.password)).access_token;

    expect((await post('prefill', { id }, ana)).status).toBe(200);
    const after = await questionsOf(id);
    const copied = after.filter((s) => s.prefilled);
    // One row per thing copied, in one go: answers, comments, "No aplica" and links.
    const [counts] = await db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM answers WHERE campaign_id = $1) + (SELECT count(*) FROM answer_notes WHERE campaign_id = $1 AND comment IS NOT NULL)
            + (SELECT count(*) FROM answer_notes WHERE campaign_id = $1 AND not_applicable_reason IS NOT NULL)
            + (SELECT count(*) FROM evidence WHERE campaign_id = $1) AS n`,
      [id],
    );
    expect(await rowsOf(id)).toBe(Number(counts.n));
    const withComment = copied.find((s) => s.comment === SPANISH_TEXT)!;
    expect((await historyOf(id, withComment.id, luis)).map(({ kind, value, userEmail }) => ({ kind, value, userEmail }))).toEqual([
      { kind: 'comment', value: { comment: SPANISH_TEXT, prefilled: true }, userEmail: ANA.email },
      { kind: 'answer', value: { answer: withComment.answer, prefilled: true }, userEmail: ANA.email },
    ]);
    const withReason = copied.find((s) => s.notApplicable?.reason === 'Sin costa')!;
    expect((await historyOf(id, withReason.id)).map((h) => [h.kind, h.value])).toEqual([['notApplicable', { reason: 'Sin costa', prefilled: true }]]);
    const withLink = copied.find((s) => s.evidence.length > 0)!;
    expect((await historyOf(id, withLink.id)).map((h) => [h.kind, h.value])).toEqual([
      ['evidenceAdded', { evidenceId: withLink.evidence[0].id, kind: 'link', url: 'https://ayto.example/2025', title: 'Acta 2025', prefilled: true }],
      ['answer', { answer: withLink.answer, prefilled: true }],
    ]);
    // Every copied question has a version, as any answer changed.
    expect(copied.every((s) => s.version > 0 && s.lastChange?.userEmail === ANA.email)).toBe(true);

    // Luis confirms a copied answer as it is: its answer row, his; saving it again records nothing more.
    const confirmed = await post('saveAnswer', { id, question: withComment.id, answer: withComment.answer, expectedVersion: withComment.version }, luis);
    expect(confirmed.status).toBe(200);
    const history = await historyOf(id, withComment.id);
    expect(history.map(({ kind, value, userEmail }) => ({ kind, value, userEmail }))[0]).toEqual({
      kind: 'answer',
      value: withComment.answer,
      userEmail: LUIS.email,
    });
    expect(history).toHaveLength(3);
    expect(await questionOf(id, withComment.id)).toMatchObject({ prefilled: false, version: confirmed.body.response.version });
    expect((await post('saveAnswer', { id, question: withComment.id, answer: withComment.answer }, luis)).body.response.version).toBe(
      confirmed.body.response.version,
    );
    expect(await historyOf(id, withComment.id)).toHaveLength(3);
  });

  it('refuses a save made on another version (409 STALE_ANSWER) with the answer as it is, its author and moment, writing nothing', async () => {
    const { id, ana, luis } = await freshCampaign();
    const sub = (await questionsOf(id)).find((s) => offered(s).length >= 2)!;
    const [first, second] = offered(sub).map((r) => r.id);
    const saved = await post('saveAnswer', { id, question: sub.id, answer: [first], comment: 'De Ana', expectedVersion: 0 }, ana);
    expect(saved.status).toBe(200);
    const version = saved.body.response.version as number;
    expect(version).toBeGreaterThan(0);

    const rows = await rowsOf(id);
    const stale = await post('saveAnswer', { id, question: sub.id, answer: [second], comment: 'De Luis', expectedVersion: 0 }, luis);
    expect(stale.status).toBe(409);
    expect(stale.body.error.type).toBe('CONFLICT');
    const data = stale.body.error.data as StaleAnswer;
    const [latest] = await historyOf(id, sub.id);
    expect(data).toEqual({
      code: 'STALE_ANSWER',
      current: { answer: [first], comment: 'De Ana', notApplicable: null, version, userEmail: ANA.email, at: latest.at },
    });
    expect(await rowsOf(id)).toBe(rows);
    expect(await questionOf(id, sub.id)).toMatchObject({ answer: [first], comment: 'De Ana', version });

    // Made on the version read, it is saved; evidence added meanwhile does not make it stale.
    const redone = await post('saveAnswer', { id, question: sub.id, answer: [second], comment: 'De Luis', expectedVersion: version }, luis);
    expect(redone.status).toBe(200);
    expect(redone.body.response.version).toBeGreaterThan(version);
    expect((await post('evidence/addLink', { id, question: sub.id, url: 'https://ayto.example/plan' }, ana)).status).toBe(200);
    const onTop = await post('saveAnswer', { id, question: sub.id, answer: [first], expectedVersion: redone.body.response.version }, ana);
    expect(onTop.status).toBe(200);
    // Without expectedVersion a save is made whatever the version, as before.
    expect((await post('saveAnswer', { id, question: sub.id, answer: [second] }, luis)).status).toBe(200);

    // An answer stored before its history was kept: version 0, author and moment unknown.
    const older = (await questionsOf(id)).find((s) => s.id !== sub.id && s.type === 'single')!;
    await db.query('INSERT INTO answers (campaign_id, subindicator_id, response_ids) VALUES ($1, $2, ARRAY[$3]::int[])', [id, older.id, offered(older)[0].id]);
    const unknown = await post('saveAnswer', { id, question: older.id, answer: null, expectedVersion: 3 }, ana);
    expect([unknown.status, unknown.body.error.data]).toEqual([
      409,
      { code: 'STALE_ANSWER', current: { answer: [offered(older)[0].id], comment: null, notApplicable: null, version: 0, userEmail: null, at: null } },
    ]);
    expect((await post('saveAnswer', { id, question: older.id, answer: null, expectedVersion: 0 }, ana)).status).toBe(200);

    const before = await rowsOf(id);
    for (const expectedVersion of [-1, '0', 1.5, null, 2 ** 53]) {
      const res = await post('saveAnswer', { id, question: sub.id, answer: [first], expectedVersion }, ana);
      expect([expectedVersion, res.status]).toEqual([expectedVersion, 422]);
    }
    expect(await rowsOf(id)).toBe(before);
  });

  /** Rounds of Ana and Luis saving the same answer at once on the version both read: one wins, the other is told what won. */
  async function raceRounds(id: number, question: number, ana: string, luis: string, onLuis: TestServer): Promise<void> {
    const winners: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { version } = await questionOf(id, question);
      const [fromAna, fromLuis] = await Promise.all([
        post('saveAnswer', { id, question, answer: null, comment: `Ana ${round}`, expectedVersion: version }, ana),
        post('saveAnswer', { id, question, answer: null, comment: `Luis ${round}`, expectedVersion: version }, luis, onLuis),
      ]);
      expect([fromAna.status, fromLuis.status].sort()).toEqual([200, 409]);
      const [won, lost, winner, comment] =
        fromAna.status === 200 ? [fromAna, fromLuis, ANA.email, `Ana ${round}`] : [fromLuis, fromAna, LUIS.email, `Luis ${round}`];
      expect(lost.body.error.data).toMatchObject({ code: 'STALE_ANSWER', current: { comment, version: won.body.response.version, userEmail: winner } });
      expect(await questionOf(id, question)).toMatchObject({ comment, version: won.body.response.version, lastChange: { userEmail: winner } });
      winners.push(comment);
    }
    // The history holds the winners' comments only, in order.
    expect((await historyOf(id, question)).map((h) => h.value).reverse()).toEqual(winners);
  }

  it('of two saves made at once on the same version, saves exactly one', async () => {
    const { id, ana, luis } = await freshCampaign();
    const [sub] = await questionsOf(id);
    await raceRounds(id, sub.id, ana, luis, server);
  });

  // PGlite lives in one process: a second instance on its data is not possible.
  if (name === 'postgres')
    it('of two saves made at once through two app instances on one database, saves exactly one', async () => {
      const [{ current }] = await db.query<{ current: string }>('SELECT current_database() AS current');
      // Its own connection pool and caches, as a second process would have.
      secondDb = openPostgres(testPostgresUrl(current), 5);
      secondServer = await startTestServer(secondDb);
      const { id, ana, luis } = await freshCampaign();
      const [, sub] = await questionsOf(id);
      await raceRounds(id, sub.id, ana, luis, secondServer);
    });

  it('lets whoever may read the campaign read the history, as campaigns/get; another entity 404, another edition 422', async () => {
    const { id, ana, luis } = await freshCampaign();
    const [sub] = await questionsOf(id);
    await post('saveAnswer', { id, question: sub.id, answer: [offered(sub)[0].id] }, ana);
    for (const token of [ana, luis, tokens.admin, tokens.fec]) expect(await historyOf(id, sub.id, token)).toHaveLength(1);
    expect((await get(`history?id=${id}&question=${sub.id}`, tokens.other)).status).toBe(404);
    expect((await get(`history?id=2147483647&question=${sub.id}`, tokens.admin)).status).toBe(404);
    const [{ id: elsewhere }] = await db.query<{ id: number }>(
      `SELECT s.id FROM subindicators s JOIN indicators i ON i.id = s.indicator_id
        WHERE i.edition_id <> (SELECT edition_id FROM campaigns WHERE id = $1) LIMIT 1`,
      [id],
    );
    for (const question of [elsewhere, 2147483647]) {
      const res = await get(`history?id=${id}&question=${question}`, ana);
      expect([res.status, res.body.error.data]).toEqual([422, { question: 'not in this campaign' }]);
    }
    // A question not of the campaign's edition is still not found for someone who may not read the campaign.
    expect((await get(`history?id=${id}&question=${elsewhere}`, tokens.other)).status).toBe(404);
    for (const query of [
      `id=${id}`,
      `question=${sub.id}`,
      `id=${id}&question=x`,
      `id=${id}&question=${sub.id}&question=${sub.id}`,
      `id=${id}&question=${sub.id}&extra=1`,
    ])
      expect([query, (await get(`history?${query}`, ana)).status]).toEqual([query, 422]);
    expect((await call(server, 'GET', `/api/secure/v1/campaigns/history?id=${id}&question=${sub.id}`)).status).toBe(401);
  });
});
