import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, signIn, signInDemoAccounts } from '../../helpers/auth.js';
import { campaignOfNewEntity, createEntity, entityWithSentCampaign2025 } from '../../helpers/concurrency.js';
import type { Db } from '../../../src/server/db/client.js';
import type { CampaignDetail, Subindicator } from '../../../src/shared/api/campaigns.js';
import type { ResultResponse } from '../../../src/shared/api/results.js';
import { maxPoints } from '../../../src/shared/scoring.js';

const backends = await testBackends();

const questionsOfDetail = (detail: CampaignDetail) => detail.indicators.flatMap((i) => i.subindicators);

/** Free Spanish text as an entity writes it: accents, ñ, the euro sign, an emoji, quotes and line breaks. */
const SPANISH_TEXT = 'Año 2025: 1.200 € en compostaje 🌱\nAprobado en el pleno del "día 3" — véase el acta nº 7.';

describe.each(backends)('comments, "No aplica" and evidence on $name', ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  const tokens: Record<'admin' | 'fec' | 'member' | 'other', string> = { admin: '', fec: '', member: '', other: '' };

  const get = (path: string, token: string) => call(server, 'GET', `/api/secure/v1/campaigns/${path}`, { token });
  const post = (path: string, body: unknown, token: string) => call(server, 'POST', `/api/secure/v1/campaigns/${path}`, { token, body });

  /** A fresh campaign of the current edition for a new entity, the member being one of its users. */
  async function freshCampaign(): Promise<number> {
    const { id, memberToken } = await campaignOfNewEntity(server, db, tokens.admin, { email: 'tecnica@notas.es', password: 'clave-notas-1' }, 'Notas');
    tokens.member = memberToken;
    return id;
  }

  const questionsOf = async (id: number, token = tokens.admin) =>
    ((await get(`get?id=${id}`, token)).body.response as CampaignDetail).indicators.flatMap((i) => i.subindicators);
  const questionOf = async (id: number, question: number) => (await questionsOf(id)).find((s) => s.id === question)!;
  const best = (s: Subindicator) => s.responses.filter((r) => !r.obsolete).reduce((a, r) => (r.value > a.value ? r : a));

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db);
    const demo = await signInDemoAccounts(server);
    tokens.admin = demo.admin;
    tokens.fec = demo.fec;
    await createTestUser(db, 'tecnica@notas.es', 'clave-notas-1', 'USER', []);
    const [{ id: otherEntity }] = await db.query<{ id: number }>('SELECT id FROM entities ORDER BY id DESC LIMIT 1');
    await createTestUser(db, 'ajena@notas.es', 'clave-ajena-1', 'USER', [otherEntity]);
    tokens.other = (await signIn(server, 'ajena@notas.es', 'clave-ajena-1')).access_token;
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('keeps a comment byte for byte, leaves it when left out and removes it with null', async () => {
    const id = await freshCampaign();
    const [sub] = await questionsOf(id);
    const answer = [best(sub).id];
    expect((await post('saveAnswer', { id, question: sub.id, answer, comment: SPANISH_TEXT }, tokens.member)).status).toBe(200);
    expect((await questionOf(id, sub.id)).comment).toBe(SPANISH_TEXT);
    expect((await post('saveAnswer', { id, question: sub.id, answer: null }, tokens.member)).status).toBe(200);
    expect(await questionOf(id, sub.id)).toMatchObject({ answer: null, comment: SPANISH_TEXT });
    // 2,000 characters, each an emoji of two UTF-16 units: the limit counts characters, as the database does.
    const longest = '🌱'.repeat(2000);
    expect((await post('saveAnswer', { id, question: sub.id, answer, comment: longest }, tokens.member)).status).toBe(200);
    expect((await questionOf(id, sub.id)).comment).toBe(longest);
    expect((await post('saveAnswer', { id, question: sub.id, answer, comment: null }, tokens.member)).status).toBe(200);
    expect((await questionOf(id, sub.id)).comment).toBeNull();
  });

  it('keeps an answer chosen before the edition stopped offering its response when a comment is saved beside it', async () => {
    const id = await freshCampaign();
    const subs = await questionsOf(id);
    const sub = subs.find((s) => s.responses.some((r) => r.obsolete))!;
    const gone = sub.responses.find((r) => r.obsolete)!;
    // Chosen while it was offered (stored as such an answer was).
    await db.query('INSERT INTO answers (campaign_id, subindicator_id, response_ids, updated_at) VALUES ($1, $2, ARRAY[$3]::int[], now())', [
      id,
      sub.id,
      gone.id,
    ]);
    const saved = await post('saveAnswer', { id, question: sub.id, answer: [gone.id], comment: 'Se mantiene lo elegido' }, tokens.member);
    expect(saved.status).toBe(200);
    expect(await questionOf(id, sub.id)).toMatchObject({ answer: [gone.id], comment: 'Se mantiene lo elegido' });
    // Once changed to a response still offered, the old one cannot be chosen again.
    const offered = sub.responses.find((r) => !r.obsolete && !r.exclusive)!;
    expect((await post('saveAnswer', { id, question: sub.id, answer: [offered.id] }, tokens.member)).status).toBe(200);
    const again = await post('saveAnswer', { id, question: sub.id, answer: [gone.id] }, tokens.member);
    expect(again.status).toBe(422);
    expect(again.body.error.message).toContain('no longer offered');
    expect((await questionOf(id, sub.id)).answer).toEqual([offered.id]);
  });

  it('refuses comments that are empty, too long, not text or hold control characters, and changes nothing', async () => {
    const id = await freshCampaign();
    const [sub] = await questionsOf(id);
    const answer = [best(sub).id];
    await post('saveAnswer', { id, question: sub.id, answer, comment: 'Primera versión' }, tokens.member);
    for (const comment of ['', '   \n ', 'a'.repeat(2001), 'nulo\u0000dentro', 'escape \u001b[31m', 42, ['a'], { text: 'a' }, '\u202eotra']) {
      const res = await post('saveAnswer', { id, question: sub.id, answer: null, comment }, tokens.member);
      expect(res.status).toBe(422);
    }
    expect(await questionOf(id, sub.id)).toMatchObject({ answer, comment: 'Primera versión' });
  });

  it('takes "No aplica" only where allowed, with a reason and no answer, and an answer replaces it', async () => {
    const id = await freshCampaign();
    const subs = await questionsOf(id);
    const allowing = subs.find((s) => s.allowsNotApplicable)!;
    const compulsory = subs.find((s) => !s.allowsNotApplicable)!;
    const reason = 'No hay playas en el término municipal 🏖️';
    const refused = await post('saveAnswer', { id, question: compulsory.id, answer: null, notApplicable: { reason } }, tokens.member);
    expect(refused.status).toBe(422);
    expect(refused.body.error.data).toEqual({ notApplicable: 'this question does not allow "No aplica"' });
    const withAnswer = await post('saveAnswer', { id, question: allowing.id, answer: [best(allowing).id], notApplicable: { reason } }, tokens.member);
    expect(withAnswer.status).toBe(422);
    for (const bad of [{ reason: 'no' }, { reason: 'x'.repeat(501) }, { reason: 'motivo', extra: 1 }, {}, 'motivo', true]) {
      expect((await post('saveAnswer', { id, question: allowing.id, answer: null, notApplicable: bad }, tokens.member)).status).toBe(422);
    }
    const saved = await post('saveAnswer', { id, question: allowing.id, answer: null, notApplicable: { reason } }, tokens.member);
    expect(saved.status).toBe(200);
    // "No aplica" is an answer: the campaign is now a draft.
    expect(saved.body.response.campaign.status).toBe('draft');
    expect(await questionOf(id, allowing.id)).toMatchObject({ answer: null, notApplicable: { reason } });
    await post('saveAnswer', { id, question: allowing.id, answer: [best(allowing).id] }, tokens.member);
    expect(await questionOf(id, allowing.id)).toMatchObject({ answer: [best(allowing).id], notApplicable: null });
    await post('saveAnswer', { id, question: allowing.id, answer: null, notApplicable: { reason } }, tokens.member);
    expect(await questionOf(id, allowing.id)).toMatchObject({ answer: null, notApplicable: { reason } });
    await post('saveAnswer', { id, question: allowing.id, answer: null, notApplicable: null }, tokens.member);
    expect(await questionOf(id, allowing.id)).toMatchObject({ answer: null, notApplicable: null });
  });

  it('adds and removes links as evidence, with who added them and when; only http and https', async () => {
    const id = await freshCampaign();
    const [sub] = await questionsOf(id);
    for (const url of [
      'javascript:alert(1)',
      'ftp://ayto.es/plan.pdf',
      'data:text/html,hola',
      '/relativa',
      'https://',
      'https://ayto .es',
      'h'.repeat(2001),
      7,
    ]) {
      expect((await post('evidence/addLink', { id, question: sub.id, url }, tokens.member)).status).toBe(422);
    }
    const added = await post(
      'evidence/addLink',
      { id, question: sub.id, url: 'https://ayto.example/plan-ñ.pdf', title: 'Plan de compostaje €' },
      tokens.member,
    );
    expect(added.status).toBe(200);
    expect(added.body.response).toEqual({
      id: expect.any(Number),
      kind: 'link',
      url: 'https://ayto.example/plan-ñ.pdf',
      title: 'Plan de compostaje €',
      addedBy: 'tecnica@notas.es',
      addedAt: expect.any(String),
    });
    expect(Date.now() - Date.parse(added.body.response.addedAt)).toBeLessThan(60_000);
    const second = (await post('evidence/addLink', { id, question: sub.id, url: 'http://ayto.example/acta' }, tokens.admin)).body.response;
    expect((await questionOf(id, sub.id)).evidence.map((e) => [e.url, e.title, e.addedBy])).toEqual([
      ['https://ayto.example/plan-ñ.pdf', 'Plan de compostaje €', 'tecnica@notas.es'],
      ['http://ayto.example/acta', undefined, 'admin@demo.es'],
    ]);
    expect((await post('evidence/remove', { id, evidenceId: second.id }, tokens.member)).status).toBe(200);
    expect((await post('evidence/remove', { id, evidenceId: second.id }, tokens.member)).status).toBe(404);
    expect((await questionOf(id, sub.id)).evidence).toHaveLength(1);
    const audit = await db.query<{ action: string }>("SELECT action FROM audit_log WHERE target_type = 'campaign' AND target_id = $1 ORDER BY id", [
      String(id),
    ]);
    expect(audit.map((a) => a.action)).toEqual(['campaign.create', 'campaign.evidence.add', 'campaign.evidence.add', 'campaign.evidence.remove']);
  });

  it('lets neither FEC, another entity nor a question of another edition touch evidence', async () => {
    const id = await freshCampaign();
    const [sub] = await questionsOf(id);
    const link = { id, question: sub.id, url: 'https://ayto.example/a' };
    expect((await post('evidence/addLink', link, tokens.fec)).status).toBe(403);
    expect((await post('evidence/addLink', link, tokens.other)).status).toBe(404);
    expect((await call(server, 'POST', '/api/secure/v1/campaigns/evidence/addLink', { body: link })).status).toBe(401);
    const [{ id: oldQuestion }] = await db.query<{ id: number }>(
      'SELECT s.id FROM subindicators s JOIN indicators i ON i.id = s.indicator_id JOIN editions e ON e.id = i.edition_id WHERE e.campaign_number = 2025 LIMIT 1',
    );
    expect((await post('evidence/addLink', { ...link, question: oldQuestion }, tokens.member)).status).toBe(422);
    const item = (await post('evidence/addLink', link, tokens.member)).body.response;
    expect((await post('evidence/remove', { id, evidenceId: item.id }, tokens.other)).status).toBe(404);
    expect((await post('evidence/remove', { id, evidenceId: item.id }, tokens.fec)).status).toBe(403);
    expect((await post('evidence/remove', { id, evidenceId: item.id, extra: true }, tokens.member)).status).toBe(422);
    expect((await questionOf(id, sub.id)).evidence).toHaveLength(1);
  });

  it('sends only with required evidence given, scores without the "No aplica" questions, then freezes it all', async () => {
    const id = await freshCampaign();
    const subs = await questionsOf(id);
    const allowing = subs.find((s) => s.allowsNotApplicable && s.evidenceRule !== 'required')!;
    const required = subs.filter((s) => s.evidenceRule === 'required');
    expect(required.length).toBeGreaterThan(0);
    for (const sub of subs) {
      const body = sub === allowing ? { answer: null, notApplicable: { reason: 'No procede en esta entidad' } } : { answer: [best(sub).id] };
      expect((await post('saveAnswer', { id, question: sub.id, ...body }, tokens.member)).status).toBe(200);
    }
    const refused = await post('submit', { id }, tokens.member);
    expect(refused.status).toBe(422);
    expect(refused.body.error.data).toEqual({ code: 'EVIDENCE_MISSING', questions: required.map((s) => s.id) });
    // The lowest answer (0 points) of a required question needs no evidence.
    const [zeroPoints, ...rest] = required;
    const zero = zeroPoints.responses.find((r) => !r.obsolete && r.value === 0)!;
    await post('saveAnswer', { id, question: zeroPoints.id, answer: [zero.id] }, tokens.member);
    for (const sub of rest) await post('evidence/addLink', { id, question: sub.id, url: `https://ayto.example/${sub.id}` }, tokens.member);
    const sent = await post('submit', { id }, tokens.member);
    expect(sent.status).toBe(200);

    const [total] = await db.query<{ value: number; max_value: number }>(
      "SELECT value, max_value FROM campaign_scores WHERE campaign_id = $1 AND scope = 'total'",
      [id],
    );
    const scored = subs.filter((s) => s !== allowing);
    expect(total.max_value).toBeCloseTo(
      scored.reduce((a, s) => a + maxPoints(s), 0),
      9,
    );
    expect(total.value).toBeCloseTo(
      scored.reduce((a, s) => a + (s === zeroPoints ? 0 : best(s).value), 0),
      9,
    );
    expect((await questionOf(id, allowing.id)).notApplicable).toEqual({ reason: 'No procede en esta entidad' });

    const [sub] = rest;
    const item = (await questionOf(id, sub.id)).evidence[0];
    expect((await post('evidence/addLink', { id, question: sub.id, url: 'https://ayto.example/tarde' }, tokens.member)).status).toBe(409);
    expect((await post('evidence/remove', { id, evidenceId: item.id }, tokens.member)).status).toBe(409);
    expect((await post('saveAnswer', { id, question: sub.id, answer: [best(sub).id], comment: 'tarde' }, tokens.member)).status).toBe(409);
    expect((await questionOf(id, sub.id)).evidence).toHaveLength(1);
  });

  it('leaves out of the scores a measure all of whose questions are "No aplica"', async () => {
    const id = await freshCampaign();
    const detail = (await get(`get?id=${id}`, tokens.admin)).body.response as CampaignDetail;
    const subs = detail.indicators.flatMap((i) => i.subindicators.map((s) => ({ ...s, measureId: i.measureId })));
    const measureId = subs[0].measureId;
    const inMeasure = subs.filter((s) => s.measureId === measureId);
    // The demo edition has no measure whose every question allows "No aplica": those answers are written as the
    // server would have stored them had the edition allowed it.
    await db.query(
      `INSERT INTO answer_notes (campaign_id, subindicator_id, not_applicable_reason) SELECT $1, unnest($2::int[]), 'Competencia de la diputación'`,
      [id, inMeasure.map((s) => s.id)],
    );
    for (const sub of subs.filter((s) => s.measureId !== measureId)) {
      expect((await post('saveAnswer', { id, question: sub.id, answer: [best(sub).id] }, tokens.admin)).status).toBe(200);
      if (sub.evidenceRule === 'required') await post('evidence/addLink', { id, question: sub.id, url: 'https://ayto.example/e' }, tokens.admin);
    }
    expect((await post('submit', { id }, tokens.admin)).status).toBe(200);
    const rows = await db.query<{ scope: string; category_id: number; max_value: number }>(
      'SELECT scope, category_id, max_value FROM campaign_scores WHERE campaign_id = $1',
      [id],
    );
    expect(rows.some((r) => r.scope === 'measure' && r.category_id === measureId)).toBe(false);
    const total = rows.find((r) => r.scope === 'total')!;
    expect(total.max_value).toBeCloseTo(
      subs.filter((s) => s.measureId !== measureId).reduce((a, s) => a + maxPoints(s), 0),
      9,
    );
  });

  it("leaves an entity that answered a whole policy 'No aplica' out of that policy's means in both modes, with the policy's own n", async () => {
    const id = await freshCampaign();
    const detail = (await get(`get?id=${id}`, tokens.admin)).body.response as CampaignDetail;
    const subs = detail.indicators.flatMap((i) => i.subindicators.map((s) => ({ ...s, policyId: i.policyId, axisId: i.axisId })));
    const { policyId, axisId } = subs[0];
    const inPolicy = subs.filter((s) => s.policyId === policyId);
    // Written as the server would have stored them had the edition allowed 'No aplica' there.
    await db.query(
      `INSERT INTO answer_notes (campaign_id, subindicator_id, not_applicable_reason) SELECT $1, unnest($2::int[]), 'Competencia de la diputación'`,
      [id, inPolicy.map((s) => s.id)],
    );
    for (const sub of subs.filter((s) => s.policyId !== policyId)) {
      expect((await post('saveAnswer', { id, question: sub.id, answer: [best(sub).id] }, tokens.admin)).status).toBe(200);
      if (sub.evidenceRule === 'required') await post('evidence/addLink', { id, question: sub.id, url: 'https://ayto.example/e' }, tokens.admin);
    }
    expect((await post('submit', { id }, tokens.admin)).status).toBe(200);

    // Twice: built afresh, then filled from the kept template and parts.
    for (let read = 0; read < 2; read++) {
      const res = await get(`result?id=${id}`, tokens.admin);
      expect(res.status).toBe(200);
      const result = res.body.response as ResultResponse;
      const axis = result.axisDetails.find((a) => a.valuesByPolicy.some((p) => p.policyText === result.table.texts.policy[policyId]))!;
      const policy = axis.valuesByPolicy.find((p) => p.policyText === result.table.texts.policy[policyId])!;
      // No figure of its own: 'No aplica' on screen; none in the measures table either.
      expect(policy.percentages.campaign).toBeNull();
      expect(result.table.valuesPerAxis[String(axisId)].valuesByPolicy[String(policyId)].percentage).toBeNull();
      // The policy's means are built from one entity fewer than the edition's in every territory, in both modes...
      const edition = result.edition.sizes;
      for (const t of ['province', 'autonomousCommunity', 'country', 'sizeBand'] as const) {
        expect(policy.sizes.participants[t]).toBe(edition.participants[t] - 1);
        expect(policy.sizes.comparedToAll[t]).toBe(edition.comparedToAll[t] - 1);
        // ... and each mean divides the same participants' sum by its own n.
        if (policy.sizes.participants[t] > 0) {
          expect(policy.percentagesComparedToAll[t]! * policy.sizes.comparedToAll[t]).toBeCloseTo(policy.percentages[t]! * policy.sizes.participants[t], 9);
        }
      }
      // Every other group counts the entity: its own n is the edition's.
      expect(result.global.sizes).toEqual(edition);
      const other = result.global.valuesByPolicy.find((p) => p.policyText !== policy.policyText)!;
      expect(other.sizes).toEqual(edition);
    }
  });

  it('refuses to send while an answer copied from the previous edition awaits confirmation, and saving confirms it', async () => {
    const id = await freshCampaign();
    const subs = await questionsOf(id);
    for (const sub of subs)
      await post('saveAnswer', { id, question: sub.id, answer: [sub.responses.find((r) => !r.obsolete && r.value === 0)?.id ?? best(sub).id] }, tokens.admin);
    for (const sub of subs.filter((s) => s.evidenceRule === 'required')) {
      await post('evidence/addLink', { id, question: sub.id, url: 'https://ayto.example/e' }, tokens.admin);
    }
    const [copied] = subs;
    await db.query('INSERT INTO answer_notes (campaign_id, subindicator_id, prefilled) VALUES ($1, $2, true)', [id, copied.id]);
    expect((await questionOf(id, copied.id)).prefilled).toBe(true);
    const refused = await post('submit', { id }, tokens.admin);
    expect(refused.status).toBe(422);
    expect(refused.body.error.data).toEqual({ code: 'PREFILL_UNCONFIRMED', questions: [copied.id] });
    await post('saveAnswer', { id, question: copied.id, answer: (await questionOf(id, copied.id)).answer }, tokens.admin);
    expect((await questionOf(id, copied.id)).prefilled).toBe(false);
    expect((await post('submit', { id }, tokens.admin)).status).toBe(200);
  });

  it('removes notes and evidence with their campaign', async () => {
    const id = await freshCampaign();
    const [sub] = await questionsOf(id);
    await post('saveAnswer', { id, question: sub.id, answer: [best(sub).id], comment: 'Se borrará' }, tokens.member);
    await post('evidence/addLink', { id, question: sub.id, url: 'https://ayto.example/borrar' }, tokens.member);
    expect((await post('delete', { id }, tokens.admin)).status).toBe(200);
    const [left] = await db.query<{ notes: number; evidence: number }>(
      'SELECT (SELECT count(*)::int FROM answer_notes WHERE campaign_id = $1) AS notes, (SELECT count(*)::int FROM evidence WHERE campaign_id = $1) AS evidence',
      [id],
    );
    expect(left).toEqual({ notes: 0, evidence: 0 });
  });
});

describe.each(backends)("starting from the previous edition's answers on $name", ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  let admin = '';
  let fec = '';

  const post = (path: string, body: unknown, token = admin) => call(server, 'POST', `/api/secure/v1/campaigns/${path}`, { token, body });
  const detailOf = async (id: number) => (await call(server, 'GET', `/api/secure/v1/campaigns/get?id=${id}`, { token: admin })).body.response as CampaignDetail;

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db);
    ({ admin, fec } = await signInDemoAccounts(server));
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  /**
   * A new entity whose 2025 campaign was sent with every question answered (its first response), a comment on the
   * first question, "No aplica" on the first that allows it and a link on the second; and its created 2026 campaign.
   */
  async function entityWithHistory() {
    const { entityId, old, answered } = await entityWithSentCampaign2025(server, db, admin, 'Historia', SPANISH_TEXT);
    const created = await post('create', { entityId });
    return { entityId, old, id: created.body.response.campaign.id as number, answered };
  }

  it('copies the unchanged questions as answers to confirm, keeps what was answered, and says how many changed', async () => {
    const { id, old } = await entityWithHistory();
    const before = await detailOf(id);
    expect(before.prefillFrom).toBe(2025);
    const subs = questionsOfDetail(before);
    // One question answered before copying keeps its answer.
    const own = subs[2];
    const ownAnswer = [own.responses.filter((r) => !r.obsolete).at(-1)!.id];
    expect((await post('saveAnswer', { id, question: own.id, answer: ownAnswer })).status).toBe(200);

    const res = await post('prefill', { id });
    expect(res.status).toBe(200);
    const { copied, changed, fromYear, campaign } = res.body.response;
    expect(fromYear).toBe(2025);
    expect(campaign.status).toBe('draft');
    expect(changed).toBeGreaterThan(0);
    const after = questionsOfDetail(await detailOf(id));
    const prefilled = after.filter((s) => s.prefilled);
    expect(prefilled).toHaveLength(copied);
    expect(copied).toBeGreaterThan(0);
    expect(after.find((s) => s.id === own.id)).toMatchObject({ answer: ownAnswer, prefilled: false });
    // Answers carry the same responses by code; the comment, "No aplica" and link came along.
    const oldAnswers = await db.query<{ code: string; text: string }>(
      `SELECT s.code, r.text FROM answers a JOIN subindicators s ON s.id = a.subindicator_id JOIN responses r ON r.id = a.response_ids[1] WHERE a.campaign_id = $1`,
      [old],
    );
    const oldByQuestion = new Map(oldAnswers.map((a) => [a.code, a.text]));
    const codes = new Map(
      (await db.query<{ id: number; code: string }>('SELECT id, code FROM subindicators WHERE id = ANY($1::int[])', [after.map((s) => s.id)])).map((r) => [
        r.id,
        r.code,
      ]),
    );
    for (const s of prefilled.filter((x) => x.answer !== null)) {
      expect([s.id, s.responses.find((r) => r.id === s.answer![0])!.text]).toEqual([s.id, oldByQuestion.get(codes.get(s.id)!)]);
    }
    expect(after.some((s) => s.prefilled && s.comment === SPANISH_TEXT)).toBe(true);
    expect(after.some((s) => s.prefilled && s.notApplicable?.reason === 'Sin costa')).toBe(true);
    expect(after.some((s) => s.prefilled && s.evidence.some((e) => e.url === 'https://ayto.example/2025' && e.title === 'Acta 2025'))).toBe(true);

    // Sending waits for every copied answer to be confirmed; saving one confirms it.
    const refused = await post('submit', { id });
    expect(refused.status).toBe(422);
    // Questions that changed are still to answer: that is said first.
    expect(refused.body.error.data).toBe('NOT_ALL_ANSWERED');
    const first = prefilled.find((s) => s.answer !== null)!;
    await post('saveAnswer', { id, question: first.id, answer: first.answer });
    expect(questionsOfDetail(await detailOf(id)).find((s) => s.id === first.id)!.prefilled).toBe(false);

    // A second copy changes nothing that is there already.
    const again = await post('prefill', { id });
    expect(again.body.response.copied).toBe(0);
    const audit = await db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE target_type = 'campaign' AND target_id = $1 AND action = 'campaign.prefill'",
      [String(id)],
    );
    expect(audit).toHaveLength(2);
  });

  it('refuses to send while copied answers are unconfirmed, and sends once they are', async () => {
    const { id } = await entityWithHistory();
    await post('prefill', { id });
    const subs = questionsOfDetail(await detailOf(id));
    // Everything not copied answered, and the required evidence given.
    for (const s of subs.filter((x) => !x.prefilled)) await post('saveAnswer', { id, question: s.id, answer: [s.responses.find((r) => !r.obsolete)!.id] });
    for (const s of subs.filter((x) => x.evidenceRule === 'required' && x.evidence.length === 0))
      await post('evidence/addLink', { id, question: s.id, url: 'https://ayto.example/e' });
    const refused = await post('submit', { id });
    expect(refused.status).toBe(422);
    expect(refused.body.error.data).toEqual({ code: 'PREFILL_UNCONFIRMED', questions: subs.filter((s) => s.prefilled).map((s) => s.id) });
    for (const s of subs.filter((x) => x.prefilled))
      await post('saveAnswer', { id, question: s.id, answer: s.answer, ...(s.notApplicable ? { notApplicable: s.notApplicable } : {}) });
    expect((await post('submit', { id })).status).toBe(200);
  });

  it('answers 409 without an earlier sent campaign or once sent, and lets only those who answer copy', async () => {
    const [{ municipality_id: municipality }] = await db.query<{ municipality_id: string }>('SELECT municipality_id FROM entity_municipalities LIMIT 1');
    const entityId = await createEntity(server, admin, municipality, 'Nueva');
    const created = (await post('create', { entityId })).body.response.campaign.id;
    expect((await detailOf(created)).prefillFrom).toBeNull();
    const none = await post('prefill', { id: created });
    expect([none.status, none.body.error.data]).toEqual([409, 'NO_PREVIOUS_CAMPAIGN']);
    const { id, old } = await entityWithHistory();
    expect((await post('prefill', { id }, fec)).status).toBe(403);
    expect((await post('prefill', { id: old })).status).toBe(409);
    expect((await detailOf(old)).prefillFrom).toBeNull();
    for (const body of [{}, { id: 'x' }, { id, extra: 1 }, null]) expect((await post('prefill', body)).status).toBe(422);
  });
});
