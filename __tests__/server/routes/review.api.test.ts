import { randomUUID } from 'node:crypto';
import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { signIn, signInDemoAccounts } from '../../helpers/auth.js';
import { answeredCampaignOfNewEntity, consistencyDifferences } from '../../helpers/concurrency.js';
import type { Db } from '../../../src/server/db/client.js';
import type { CampaignDetail, Subindicator } from '../../../src/shared/api/campaigns.js';
import type { ReviewQueue } from '../../../src/shared/api/review.js';
import { listReviewQueue } from '../../../src/server/db/repositories/review.js';
import type { ComparisonResponse, ResultResponse } from '../../../src/shared/api/results.js';

const backends = await testBackends();

describe.each(backends)('the review of sent campaigns on $name', ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  const tokens = { admin: '', fec: '', user: '' };

  const get = (path: string, token: string) => call(server, 'GET', `/api/secure/v1/campaigns/${path}`, { token });
  const post = (path: string, body: unknown, token: string) => call(server, 'POST', `/api/secure/v1/campaigns/${path}`, { token, body });
  const detail = async (id: number, token: string) => (await get(`get?id=${id}`, token)).body.response as CampaignDetail;
  const questionsOf = (c: CampaignDetail) => c.indicators.flatMap((i) => i.subindicators);
  const best = (s: Subindicator) => s.responses.filter((r) => !r.obsolete).reduce((a, r) => (r.value > a.value ? r : a));
  const worst = (s: Subindicator) => s.responses.filter((r) => !r.obsolete).reduce((a, r) => (r.value < a.value ? r : a));

  let entities = 0;
  /** A new entity's campaign, fully answered and sent by its member: awaiting review. */
  async function sentCampaign(): Promise<{ id: number; member: string }> {
    entities += 1;
    const member = { email: `revisada${entities}@revision.es`, password: 'clave-revision-1' };
    const { id, memberToken } = await answeredCampaignOfNewEntity(server, db, tokens.admin, member, 'Revisión', entities);
    const sent = await post('submit', { id }, memberToken);
    expect(sent.body.response?.campaign).toMatchObject({ status: 'sent', reviewStatus: 'pending' });
    return { id, member: memberToken };
  }

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db);
    const demo = await signInDemoAccounts(server);
    tokens.admin = demo.admin;
    tokens.fec = demo.fec;
    tokens.user = demo.user;
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('lets only ADMIN and FEC review, and a campaign not sent cannot be reviewed', async () => {
    const { id, member } = await sentCampaign();
    const [question] = questionsOf(await detail(id, tokens.admin));
    for (const token of [member, tokens.user]) {
      expect((await post('review/mark', { id, question: question.id, verdict: 'ok' }, token)).status).toBe(403);
      expect((await post('review/validate', { id }, token)).status).toBe(403);
      expect((await post('review/requestChanges', { id, message: 'Revise' }, token)).status).toBe(403);
      expect((await get('review/queue', token)).status).toBe(403);
    }
    expect((await call(server, 'POST', '/api/secure/v1/campaigns/review/validate', { body: { id } })).status).toBe(401);
    expect((await post('review/mark', { id, question: question.id, verdict: 'ok' }, tokens.fec)).status).toBe(200);
    // A draft: nothing to review.
    const [{ id: draft }] = await db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'draft' LIMIT 1");
    const refused = await post('review/validate', { id: draft }, tokens.admin);
    expect(refused.status).toBe(409);
    expect(refused.body.error.data).toEqual({ code: 'REVIEW_STATE', reviewStatus: 'none' });
    expect((await post('review/validate', { id: 2147483647 }, tokens.admin)).status).toBe(404);
  });

  it('refuses marks that are not of the campaign, a correction without its comment, and bodies out of shape', async () => {
    const { id } = await sentCampaign();
    const [question] = questionsOf(await detail(id, tokens.admin));
    const noComment = await post('review/mark', { id, question: question.id, verdict: 'fix' }, tokens.admin);
    expect(noComment.status).toBe(422);
    expect(noComment.body.error.data).toEqual({ comment: 'is required to ask for a correction' });
    expect((await post('review/mark', { id, question: 999999, verdict: 'ok' }, tokens.admin)).status).toBe(422);
    for (const body of [
      { id, question: question.id, verdict: 'maybe' },
      { id, question: question.id, verdict: 'fix', comment: '' },
      { id, question: question.id, verdict: 'fix', comment: 'x'.repeat(2001) },
      { id, question: String(question.id), verdict: 'ok' },
      { id, question: question.id, verdict: 'ok', extra: true },
    ])
      expect((await post('review/mark', body, tokens.admin)).status).toBe(422);
    expect((await post('review/requestChanges', { id, message: '   ' }, tokens.admin)).status).toBe(422);
    expect((await get('review/queue?reviewStatus=none', tokens.admin)).status).toBe(422);
    expect((await get('review/queue?provinceId=4', tokens.admin)).status).toBe(422);
    // Nothing was marked.
    expect(questionsOf(await detail(id, tokens.admin)).every((s) => s.review === null)).toBe(true);
  });

  it('sends a campaign back for the answers marked to correct, and the entity corrects only those and sends it again', async () => {
    const { id, member } = await sentCampaign();
    const questions = questionsOf(await detail(id, tokens.admin)).filter((s) => s.evidenceRule === 'none' && !s.allowsNotApplicable);
    // One whose correction changes the score, and another.
    const toFix = questions.find((s) => s.type === 'single' && best(s).value > worst(s).value)!;
    const fine = questions.find((s) => s.id !== toFix.id)!;
    const globalFigures = async () => ((await get(`result?id=${id}`, tokens.admin)).body.response as ResultResponse).global;
    const before = await globalFigures();
    expect(before.values.campaign).toEqual(expect.any(Number));

    // Asking with nothing marked to correct is refused.
    const nothing = await post('review/requestChanges', { id, message: 'Revise la respuesta' }, tokens.admin);
    expect(nothing.status).toBe(409);
    expect(nothing.body.error.data).toBe('NOTHING_FLAGGED');

    const comment = 'El acta no muestra la fecha de aprobación';
    const marked = await post('review/mark', { id, question: toFix.id, verdict: 'fix', comment }, tokens.admin);
    expect(marked.status).toBe(200);
    expect(marked.body.response).toMatchObject({ verdict: 'fix', comment, reviewer: 'admin@demo.es' });
    expect((await post('review/mark', { id, question: fine.id, verdict: 'ok' }, tokens.fec)).status).toBe(200);
    // While the review goes on, the entity reads neither the marks nor a changed status.
    const pending = await detail(id, member);
    expect(pending.reviewStatus).toBe('pending');
    expect(questionsOf(pending).every((s) => s.review === null)).toBe(true);

    const asked = await post('review/requestChanges', { id, message: 'Corrija la respuesta marcada' }, tokens.admin);
    expect(asked.status).toBe(200);
    expect(asked.body.response.campaign).toMatchObject({ status: 'sent', reviewStatus: 'changesRequested' });
    const back = await detail(id, member);
    expect(back).toMatchObject({ reviewStatus: 'changesRequested', reviewMessage: 'Corrija la respuesta marcada' });
    expect((await get(`result?id=${id}`, tokens.admin)).body.response).toMatchObject({ reviewStatus: 'changesRequested', validatedAt: null });
    expect(questionsOf(back).find((s) => s.id === toFix.id)!.review).toMatchObject({ verdict: 'fix', comment });
    expect(questionsOf(back).find((s) => s.id === fine.id)!.review).toMatchObject({ verdict: 'ok', comment: null });
    // Reviewers wait for the entity.
    for (const [path, body] of [
      ['review/mark', { id, question: toFix.id, verdict: 'ok' }],
      ['review/validate', { id }],
      ['review/requestChanges', { id, message: 'Otra vez' }],
    ] as const) {
      const refused = await post(path, body, tokens.admin);
      expect(refused.status).toBe(409);
      expect(refused.body.error.data).toEqual({ code: 'REVIEW_STATE', reviewStatus: 'changesRequested' });
    }

    // Only the marked answer can change: its answer and its evidence; the others, whatever the call, are NOT_FLAGGED.
    const notFlagged = [
      await post('saveAnswer', { id, question: fine.id, answer: [worst(fine).id] }, member),
      await post('saveAnswer', { id, question: fine.id, answer: [best(fine).id], comment: 'Un comentario' }, member),
      await post('evidence/addLink', { id, question: fine.id, url: 'https://ayuntamiento.example.es/acta' }, member),
    ];
    for (const res of notFlagged) {
      expect(res.status).toBe(409);
      expect(res.body.error.data).toBe('NOT_FLAGGED');
    }
    const [{ id: otherEvidence }] = await db.query<{ id: number }>(
      'SELECT id FROM evidence WHERE campaign_id = $1 AND subindicator_id <> $2 ORDER BY id LIMIT 1',
      [id, toFix.id],
    );
    if (otherEvidence !== undefined) {
      const removal = await post('evidence/remove', { id, evidenceId: otherEvidence }, member);
      expect(removal.status).toBe(409);
      expect((await db.query('SELECT 1 FROM evidence WHERE id = $1', [otherEvidence])).length).toBe(1);
    }
    expect((await post('prefill', { id }, member)).status).toBe(409);
    // The edition's deadline (past, for a while) does not hold corrections back.
    const edition = 'SELECT edition_id FROM campaigns WHERE id = $1';
    const [{ closes_on: closesOn }] = await db.query<{ closes_on: string | null }>(`SELECT closes_on::text FROM editions WHERE id = (${edition})`, [id]);
    await db.query(`UPDATE editions SET closes_on = '2020-01-31' WHERE id = (${edition})`, [id]);
    const corrected = toFix.answer?.includes(best(toFix).id) ? worst(toFix) : best(toFix);
    let resent;
    try {
      expect((await post('saveAnswer', { id, question: toFix.id, answer: [corrected.id], comment: 'Corregido' }, member)).status).toBe(200);
      expect((await post('evidence/addLink', { id, question: toFix.id, url: 'https://ayuntamiento.example.es/acta-2' }, member)).status).toBe(200);
      // Still counted with the scores it was sent with until it is sent again.
      expect(await globalFigures()).toEqual(before);
      resent = await post('submit', { id }, member);
    } finally {
      await db.query(`UPDATE editions SET closes_on = $2 WHERE id = (${edition})`, [id, closesOn]);
    }
    expect(resent.status).toBe(200);
    expect(resent.body.response.campaign).toMatchObject({ status: 'sent', reviewStatus: 'pending' });
    expect(await consistencyDifferences(db)).toEqual([]);
    // Scored again with the corrected answer.
    expect((await globalFigures()).values.campaign).not.toBe(before.values.campaign);
    const after = await detail(id, member);
    expect(questionsOf(after).find((s) => s.id === toFix.id)).toMatchObject({ answer: [corrected.id], comment: 'Corregido', review: null });
    expect(after.reviewMessage).toBeNull();
    // Sent again, it changes no more.
    expect((await post('saveAnswer', { id, question: toFix.id, answer: [worst(toFix).id] }, member)).status).toBe(409);

    const audit = await db.query<{ action: string }>("SELECT action FROM audit_log WHERE target_type = 'campaign' AND target_id = $1 ORDER BY id", [
      String(id),
    ]);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['campaign.review.mark', 'campaign.review.requestChanges', 'campaign.corrections.submit']),
    );
  });

  it('validates only with no answer marked to correct, and a validated campaign changes no more', async () => {
    const { id, member } = await sentCampaign();
    // The result says it is provisional, and says so again once read from the report cache.
    const review = async () => {
      const { reviewStatus, validatedAt } = (await get(`result?id=${id}`, member)).body.response as ResultResponse;
      return { reviewStatus, validatedAt };
    };
    expect(await review()).toEqual({ reviewStatus: 'pending', validatedAt: null });
    expect(await review()).toEqual({ reviewStatus: 'pending', validatedAt: null });
    const comparisonReview = async () => {
      const { reviewStatus, validatedAt } = (await get(`comparison?id=${id}`, member)).body.response as ComparisonResponse;
      return { reviewStatus, validatedAt };
    };
    expect(await comparisonReview()).toEqual({ reviewStatus: 'pending', validatedAt: null });
    const [first, second] = questionsOf(await detail(id, tokens.admin));
    await post('review/mark', { id, question: first.id, verdict: 'fix', comment: 'Falta el enlace al acta' }, tokens.admin);
    await post('review/mark', { id, question: second.id, verdict: 'fix', comment: 'La fecha no coincide' }, tokens.admin);
    const refused = await post('review/validate', { id }, tokens.fec);
    expect(refused.status).toBe(409);
    expect(refused.body.error.data).toEqual({ code: 'ANSWERS_TO_FIX', questions: [first.id, second.id].sort((a, b) => a - b) });
    // A reviewer changes their mind: both are fine after all.
    await post('review/mark', { id, question: first.id, verdict: 'ok' }, tokens.admin);
    await post('review/mark', { id, question: second.id, verdict: 'ok', comment: 'Comprobado en el BOP' }, tokens.admin);
    const validated = await post('review/validate', { id }, tokens.fec);
    expect(validated.status).toBe(200);
    expect(validated.body.response.campaign).toMatchObject({ status: 'sent', reviewStatus: 'validated' });
    const read = await detail(id, member);
    expect(read.reviewStatus).toBe('validated');
    expect(Date.now() - Date.parse(read.validatedAt!)).toBeLessThan(60_000);
    expect(await review()).toEqual({ reviewStatus: 'validated', validatedAt: read.validatedAt });
    expect(await comparisonReview()).toEqual({ reviewStatus: 'validated', validatedAt: read.validatedAt });
    expect(questionsOf(read).find((s) => s.id === second.id)!.review).toMatchObject({ verdict: 'ok', comment: 'Comprobado en el BOP' });
    for (const [path, body] of [
      ['review/mark', { id, question: first.id, verdict: 'fix', comment: 'Otra cosa' }],
      ['review/validate', { id }],
      ['review/requestChanges', { id, message: 'Otra vez' }],
    ] as const)
      expect((await post(path, body, tokens.admin)).status).toBe(409);
    expect((await post('saveAnswer', { id, question: first.id, answer: null }, member)).status).toBe(409);
    expect((await post('submit', { id }, member)).status).toBe(409);
  });

  it('starts the review over when ADMIN reopens a campaign', async () => {
    const { id, member } = await sentCampaign();
    const [first] = questionsOf(await detail(id, tokens.admin));
    await post('review/mark', { id, question: first.id, verdict: 'fix', comment: 'Revise' }, tokens.admin);
    await post('review/requestChanges', { id, message: 'Revise la primera' }, tokens.admin);
    expect((await post('reopen', { id, reason: 'Reabierta para revisar todo' }, tokens.admin)).status).toBe(200);
    const reopened = await detail(id, tokens.admin);
    expect(reopened).toMatchObject({ status: 'draft', reviewStatus: 'none', reviewMessage: null, validatedAt: null });
    expect(questionsOf(reopened).every((s) => s.review === null)).toBe(true);
    expect((await post('submit', { id }, member)).body.response.campaign).toMatchObject({ reviewStatus: 'pending' });
    expect(await consistencyDifferences(db)).toEqual([]);
  });

  it('lists the queue of an edition oldest first, narrowed by territory and status, with the counts', async () => {
    const a = await sentCampaign();
    const b = await sentCampaign();
    const [question] = questionsOf(await detail(b.id, tokens.admin));
    await post('review/mark', { id: b.id, question: question.id, verdict: 'fix', comment: 'Revise' }, tokens.admin);
    await post('review/requestChanges', { id: b.id, message: 'Revise' }, tokens.admin);
    const queue = (await get('review/queue', tokens.fec)).body.response as ReviewQueue;
    const [{ n }] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM campaigns WHERE status = 'sent' AND edition_id = (SELECT id FROM editions ORDER BY campaign_number DESC LIMIT 1)",
    );
    expect(queue.campaigns).toHaveLength(n);
    expect(queue.counts.pending + queue.counts.changesRequested + queue.counts.validated).toBe(n);
    const sentAt = queue.campaigns.map((c) => c.sentAt);
    expect(sentAt).toEqual([...sentAt].sort());
    expect(queue.campaigns.find((c) => c.campaignId === a.id)).toMatchObject({ reviewStatus: 'pending', marked: { ok: 0, fix: 0 } });
    expect(queue.campaigns.find((c) => c.campaignId === b.id)).toMatchObject({ reviewStatus: 'changesRequested', marked: { ok: 0, fix: 1 } });

    const asked = (await get('review/queue?reviewStatus=changesRequested', tokens.admin)).body.response as ReviewQueue;
    expect(asked.campaigns.every((c) => c.reviewStatus === 'changesRequested')).toBe(true);
    expect(asked.campaigns.map((c) => c.campaignId)).toContain(b.id);
    expect(asked.counts).toEqual(queue.counts);
    const province = queue.campaigns.find((c) => c.campaignId === a.id)!.provinceId;
    const inProvince = (await get(`review/queue?provinceId=${province}`, tokens.admin)).body.response as ReviewQueue;
    expect(inProvince.campaigns.length).toBeGreaterThan(0);
    expect(inProvince.campaigns.every((c) => c.provinceId === province)).toBe(true);
    const sums = inProvince.counts.pending + inProvince.counts.changesRequested + inProvince.counts.validated;
    expect(sums).toBe(queue.campaigns.filter((c) => c.provinceId === province).length);
    expect((await get('review/queue?editionId=2147483647', tokens.admin)).status).toBe(422);

    // One page of 50 at a time; the filters offer every territory with a sent campaign.
    expect([queue.page, queue.pageSize, queue.total]).toEqual([1, 50, n]);
    expect((await get('review/queue?page=2', tokens.admin)).body.response).toMatchObject({ page: 2, total: n, campaigns: [] });
    for (const page of ['0', '-1', '1.5', 'x']) expect((await get(`review/queue?page=${page}`, tokens.admin)).status).toBe(422);
    const places = new Set(queue.campaigns.map((c) => `${c.autonomousCommunityId} ${c.provinceId}`));
    expect(new Set(queue.territories.provinces.map((p) => `${p.communityId} ${p.id}`))).toEqual(places);
    expect(queue.territories.communities.map((c) => c.id).sort()).toEqual([...new Set(queue.campaigns.map((c) => c.autonomousCommunityId))].sort());
    expect(inProvince.territories).toEqual(queue.territories);
  });

  it('pages the queue in order: the pages together are the whole queue, each row once', async () => {
    const [{ id: busiest }] = await db.query<{ id: number }>(
      "SELECT edition_id AS id FROM campaigns WHERE status = 'sent' GROUP BY edition_id ORDER BY count(*) DESC LIMIT 1",
    );
    const edition = { id: busiest, campaignNumber: 0 };
    const whole = await listReviewQueue(db, edition, {}, { number: 1, size: 1000 });
    expect(whole.total).toBeGreaterThan(7);
    const paged = [];
    for (let page = 1; page <= Math.ceil(whole.total / 3) + 1; page += 1) {
      const part = await listReviewQueue(db, edition, {}, { number: page, size: 3 });
      expect([part.total, part.counts]).toEqual([whole.total, whole.counts]);
      expect(part.campaigns.length).toBeLessThanOrEqual(3);
      paged.push(...part.campaigns);
    }
    expect(paged).toEqual(whole.campaigns);
    const pending = await listReviewQueue(db, edition, { reviewStatus: 'pending' }, { number: 2, size: 3 });
    expect(pending.campaigns).toEqual(whole.campaigns.filter((c) => c.reviewStatus === 'pending').slice(3, 6));
    expect(pending.total).toBe(whole.counts.pending);
  });

  it("checks the caller's session in the statement that reads the queue's version: signed out, a share link, no queue", async () => {
    const { access_token: token } = await signIn(server, 'fec@demo.es', 'demo1234');
    expect((await get('review/queue', token)).status).toBe(200);
    expect((await get('review/queue?editionId=2147483647', token)).status).toBe(422);
    const [{ id: sent }] = await db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'sent' ORDER BY id LIMIT 1");
    const shareId = randomUUID();
    await db.query("INSERT INTO share_links (id, campaign_id, expires_at) VALUES ($1, $2, now() + interval '1 day')", [shareId, sent]);
    const shareToken = await server.ctx.signer.signShare({ shareId, campaignId: sent }, 3600);
    expect((await get('review/queue', shareToken)).status).toBe(403);
    expect((await call(server, 'POST', '/api/secure/v1/auth/logout', { token })).status).toBe(200);
    for (const path of ['review/queue', 'review/queue?editionId=2147483647']) {
      const res = await get(path, token);
      expect([res.status, res.body.error.type]).toEqual([401, 'INVALID_TOKEN']);
    }
  });

  it('serves a kept queue only while nothing it shows has changed', async () => {
    const { id, member } = await sentCampaign();
    const [place] = await db.query<{ entity_id: number; name: string; province_id: string; edition_id: number }>(
      'SELECT en.id AS entity_id, en.name, en.province_id, c.edition_id FROM campaigns c JOIN entities en ON en.id = c.entity_id WHERE c.id = $1',
      [id],
    );
    const edition = { id: place.edition_id, campaignNumber: (await get('review/queue', tokens.admin)).body.response.campaignNumber };
    /** The queue of a province as the API answers it (kept or not) equals the one read from the database now. */
    const current = async (provinceId: string) => {
      const served = (await get(`review/queue?provinceId=${provinceId}`, tokens.fec)).body.response as ReviewQueue;
      expect(served).toEqual(await listReviewQueue(db, edition, { provinceId }, { number: 1, size: 50 }));
      return served.campaigns.find((c) => c.campaignId === id);
    };
    expect(await current(place.province_id)).toMatchObject({ entity: place.name, reviewStatus: 'pending', marked: { ok: 0, fix: 0 } });

    // A change the triggers are kept from seeing shows that the body is kept: the queue answers as it was.
    await db.query('ALTER TABLE entities DISABLE TRIGGER entities_review_versioned_on_update');
    await db.query('UPDATE entities SET name = $2 WHERE id = $1', [place.entity_id, `${place.name} (sin aviso)`]);
    await db.query('ALTER TABLE entities ENABLE TRIGGER entities_review_versioned_on_update');
    const kept = (await get(`review/queue?provinceId=${place.province_id}`, tokens.fec)).body.response as ReviewQueue;
    expect(kept.campaigns.find((c) => c.campaignId === id)?.entity).toBe(place.name);

    // Every change the queue shows is seen by the next call.
    await db.query('UPDATE entities SET name = $2 WHERE id = $1', [place.entity_id, `${place.name} renombrada`]);
    expect(await current(place.province_id)).toMatchObject({ entity: `${place.name} renombrada` });
    const [first, second] = questionsOf(await detail(id, tokens.admin));
    await post('review/mark', { id, question: first.id, verdict: 'ok' }, tokens.admin);
    expect(await current(place.province_id)).toMatchObject({ marked: { ok: 1, fix: 0 } });
    await post('review/mark', { id, question: second.id, verdict: 'fix', comment: 'Adjunte el acta' }, tokens.admin);
    expect(await current(place.province_id)).toMatchObject({ marked: { ok: 1, fix: 1 } });
    await post('review/requestChanges', { id, message: 'Revise la segunda' }, tokens.admin);
    expect(await current(place.province_id)).toMatchObject({ reviewStatus: 'changesRequested' });
    const [other] = await db.query<{ id: string }>('SELECT id FROM provinces WHERE id <> $1 ORDER BY id LIMIT 1', [place.province_id]);
    await db.query('UPDATE entities SET province_id = $2 WHERE id = $1', [place.entity_id, other.id]);
    expect(await current(place.province_id)).toBeUndefined();
    expect(await current(other.id)).toMatchObject({ campaignId: id, provinceId: other.id });
    await db.query('UPDATE entities SET province_id = $2, name = $3 WHERE id = $1', [place.entity_id, place.province_id, place.name]);
    const sentBefore = (await current(place.province_id))!.sentAt;
    expect((await post('submit', { id }, member)).status).toBe(200);
    expect(await current(place.province_id)).toMatchObject({ reviewStatus: 'pending' });
    expect((await current(place.province_id))!.sentAt > sentBefore).toBe(true);
    expect((await post('reopen', { id, reason: 'Reabierta para comprobar la cola' }, tokens.admin)).status).toBe(200);
    expect(await current(place.province_id)).toBeUndefined();
    expect((await post('submit', { id }, member)).status).toBe(200);
    expect(await current(place.province_id)).toMatchObject({ reviewStatus: 'pending', marked: { ok: 0, fix: 0 } });
    expect(await consistencyDifferences(db)).toEqual([]);
  });

  it('lets one of two reviewers acting at once on a campaign win, and leaves it consistent', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { id } = await sentCampaign();
      const [question] = questionsOf(await detail(id, tokens.admin));
      const [mark, validate] = await Promise.all([
        post('review/mark', { id, question: question.id, verdict: 'fix', comment: 'Revise' }, tokens.fec),
        post('review/validate', { id }, tokens.admin),
      ]);
      expect([mark.status, validate.status].sort()).toEqual([200, 409]);
      const after = await detail(id, tokens.admin);
      const review = questionsOf(after).find((s) => s.id === question.id)!.review;
      if (validate.status === 200) expect([after.reviewStatus, review]).toEqual(['validated', null]);
      else expect([after.reviewStatus, review?.verdict]).toEqual(['pending', 'fix']);
    }
  });
});
