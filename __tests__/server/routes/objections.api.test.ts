import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, signIn, signInDemoAccounts } from '../../helpers/auth.js';
import { answeredCampaignOfNewEntity, consistencyDifferences } from '../../helpers/concurrency.js';
import type { Db } from '../../../src/server/db/client.js';
import type { EditionRow } from '../../../src/shared/api/editions.js';
import type { CampaignDetail, CampaignStatusRow, Subindicator } from '../../../src/shared/api/campaigns.js';
import type { Objection } from '../../../src/shared/api/objections.js';
import type { ResultResponse } from '../../../src/shared/api/results.js';
import { madridDate } from '../../../src/shared/dates.js';

/**
 * Objections to provisional results (docs/api.md, "Objections"): ADMIN publishes them with a last day to object,
 * the entity's members object to an answer, a reviewer refuses (with a reason the entity reads) or accepts (the
 * answer goes back to the entity, which sends it again to be validated again).
 */

const backends = await testBackends();

/** A calendar day `days` from today, on Madrid's calendar. */
const dayFromToday = (days: number) => madridDate(new Date(Date.now() + days * 86_400_000));

describe.each(backends)('objections to provisional results on $name', ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  const tokens = { admin: '', fec: '', user: '', other: '' };
  let year = 0;

  const get = (path: string, token: string) => call(server, 'GET', `/api/secure/v1/${path}`, { token });
  const post = (path: string, body: unknown, token: string) => call(server, 'POST', `/api/secure/v1/${path}`, { token, body });
  const questionsOf = async (id: number) =>
    ((await get(`campaigns/get?id=${id}`, tokens.admin)).body.response as CampaignDetail).indicators.flatMap((i) => i.subindicators);
  const publish = (objectionsUntil: string, token = tokens.admin) => post('editions/publishProvisional', { campaignNumber: year, objectionsUntil }, token);
  const object = (id: number, question: number, token: string, text = 'La respuesta está respaldada por el acta que adjuntamos.') =>
    post('campaigns/objection', { id, question, text }, token);
  const resolve = (objectionId: number, accepted: boolean, reason: string, token = tokens.fec) =>
    post('campaigns/objection/resolve', { objectionId, accepted, reason }, token);

  let entities = 0;
  /** A new entity's campaign of the current edition, answered, sent and validated; its member's token. */
  async function validatedCampaign(): Promise<{ id: number; member: string }> {
    entities += 1;
    const member = { email: `alega${entities}@alegaciones.es`, password: 'clave-alega-1' };
    const { id, memberToken } = await answeredCampaignOfNewEntity(server, db, tokens.admin, member, 'Alegaciones', entities * 17);
    expect((await post('campaigns/submit', { id }, memberToken)).status).toBe(200);
    expect((await post('campaigns/review/validate', { id }, tokens.fec)).status).toBe(200);
    return { id, member: memberToken };
  }

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db);
    Object.assign(tokens, await signInDemoAccounts(server));
    [{ year }] = await db.query<{ year: number }>('SELECT max(campaign_number) AS year FROM editions');
    await createTestUser(db, 'ajena@alegaciones.es', 'clave-ajena-1', 'USER', []);
    tokens.other = (await signIn(server, 'ajena@alegaciones.es', 'clave-ajena-1')).access_token;
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('takes no objection before the provisional results are published; ADMIN alone publishes them, for a day not past', async () => {
    const { id, member } = await validatedCampaign();
    const [question] = await questionsOf(id);
    expect(((await get(`campaigns/get?id=${id}`, member)).body.response as CampaignDetail).objectionsUntil).toBeNull();
    const early = await object(id, question.id, member);
    expect([early.status, early.body.error.data]).toEqual([409, { code: 'OBJECTIONS_CLOSED', objectionsUntil: null }]);

    for (const token of [tokens.fec, tokens.user]) expect((await publish(dayFromToday(10), token)).status).toBe(403);
    for (const body of [
      { campaignNumber: year, objectionsUntil: '2026-02-30' },
      { campaignNumber: year, objectionsUntil: dayFromToday(-1) },
      { campaignNumber: year, objectionsUntil: '15/03/2027' },
      { campaignNumber: String(year), objectionsUntil: dayFromToday(10) },
      { campaignNumber: year, objectionsUntil: dayFromToday(10), extra: 1 },
      { campaignNumber: 1990, objectionsUntil: dayFromToday(10) },
    ])
      expect([body, (await post('editions/publishProvisional', body, tokens.admin)).status]).toEqual([body, 422]);

    const published = await publish(dayFromToday(10));
    expect(published.status).toBe(200);
    expect(published.body.response).toMatchObject({ campaignNumber: year, objectionsUntil: dayFromToday(10), openObjections: 0 });
    expect(published.body.response.provisionalPublishedAt).toEqual(expect.any(String));
    // The entity's questionnaire says until when it may object.
    expect(((await get(`campaigns/get?id=${id}`, member)).body.response as CampaignDetail).objectionsUntil).toBe(dayFromToday(10));
    // Publishing again moves the last day and keeps the first moment.
    const moved = await publish(dayFromToday(14));
    expect(moved.body.response).toMatchObject({ objectionsUntil: dayFromToday(14), provisionalPublishedAt: published.body.response.provisionalPublishedAt });
  });

  it("lets only the entity's members object, once per answer while it is open, and a reviewer refuse it with a reason the entity reads", async () => {
    await publish(dayFromToday(10));
    const { id, member } = await validatedCampaign();
    const [question, second] = await questionsOf(id);
    expect((await object(id, question.id, tokens.other)).status).toBe(404);
    expect((await object(id, question.id, tokens.fec)).status).toBe(403);
    for (const text of ['', '   ', 'x'.repeat(2001)]) expect((await object(id, question.id, member, text)).status).toBe(422);
    expect((await object(id, 999_999, member)).status).toBe(422);

    const filed = await object(id, question.id, member);
    expect(filed.status).toBe(200);
    expect(filed.body.response).toMatchObject({ campaignId: id, question: question.id, status: 'open', reason: null, author: 'alega2@alegaciones.es' });
    const twice = await object(id, question.id, member);
    expect([twice.status, twice.body.error.data]).toEqual([409, 'OBJECTION_OPEN']);
    expect((await object(id, second.id, member)).status).toBe(200);
    expect((await publish(dayFromToday(10))).body.response.openObjections).toBe(2);
    // The editions page reads the same publication and count.
    const edition = ((await get('editions/list', tokens.fec)).body.response as EditionRow[]).find((e) => e.year === year)!;
    expect(edition.publication).toEqual({
      provisionalPublishedAt: expect.any(String),
      objectionsUntil: dayFromToday(10),
      openObjections: 2,
      finalPublishedAt: null,
    });
    // And the status page, beside the campaign's state.
    const status = (await get('campaigns/status', tokens.fec)).body.response as CampaignStatusRow[];
    expect(status.find((r) => r.campaignId === id)?.openObjections).toBe(2);

    // USER cannot resolve; FEC refuses with a reason; resolving again is refused.
    const objectionId = filed.body.response.id as number;
    expect((await resolve(objectionId, false, 'No procede', member)).status).toBe(403);
    expect((await resolve(objectionId, false, '  ')).status).toBe(422);
    const refused = await resolve(objectionId, false, 'El acta no corresponde a este año.');
    expect(refused.status).toBe(200);
    expect(refused.body.response).toMatchObject({ status: 'refused', reason: 'El acta no corresponde a este año.', resolvedBy: 'fec@demo.es' });
    expect((await resolve(objectionId, true, 'Otra vez')).body.error.data).toBe('OBJECTION_RESOLVED');
    // The campaign stays validated; the entity reads both objections, newest first; no one else does.
    expect(((await get(`campaigns/get?id=${id}`, member)).body.response as CampaignDetail).reviewStatus).toBe('validated');
    const listed = (await get(`campaigns/objections?id=${id}`, member)).body.response as Objection[];
    expect(listed.map((o) => [o.question, o.status, o.reason])).toEqual([
      [second.id, 'open', null],
      [question.id, 'refused', 'El acta no corresponde a este año.'],
    ]);
    expect((await get(`campaigns/objections?id=${id}`, tokens.other)).status).toBe(404);
    const audit = await db.query<{ action: string }>("SELECT action FROM audit_log WHERE target_id = $1 AND action LIKE 'campaign.objection%' ORDER BY id", [
      String(id),
    ]);
    expect(audit.map((a) => a.action)).toEqual(['campaign.objection', 'campaign.objection', 'campaign.objection.resolve']);

    // Reopened, its open objection is shown nowhere until it is sent again, so it is counted nowhere either.
    const before = (await publish(dayFromToday(10))).body.response.openObjections as number;
    expect((await post('campaigns/reopen', { id, reason: 'Reabierta para revisar' }, tokens.admin)).status).toBe(200);
    expect((await publish(dayFromToday(10))).body.response.openObjections).toBe(before - 1);
    const rows = (await get('campaigns/status', tokens.fec)).body.response as CampaignStatusRow[];
    expect(rows.find((r) => r.campaignId === id)?.openObjections).toBe(0);
    const listedEdition = ((await get('editions/list', tokens.fec)).body.response as EditionRow[]).find((e) => e.year === year)!;
    expect(listedEdition.publication.openObjections).toBe(before - 1);
  });

  it('sends an accepted objection back to the entity for that answer alone; sent again and validated, it counts again', async () => {
    await publish(dayFromToday(10));
    expect((await post('editions/settings', { campaignNumber: year, meansFrom: 'validated' }, tokens.admin)).status).toBe(200);
    try {
      const { id, member } = await validatedCampaign();
      const questions = (await questionsOf(id)).filter((s) => s.type === 'single' && s.evidenceRule === 'none' && !s.allowsNotApplicable);
      const [disputed, other] = questions;
      const country = async () => ((await get(`campaigns/result?id=${id}`, tokens.admin)).body.response as ResultResponse).global.sizes.participants.country;
      const counted = await country();

      const filed = await object(id, disputed.id, member);
      const accepted = await resolve(filed.body.response.id, true, 'Tiene razón: corrija la respuesta y adjunte el acta.');
      expect(accepted.body.response.status).toBe('accepted');
      // Back with the entity, that answer alone open, and out of the means of validated campaigns meanwhile.
      const back = (await get(`campaigns/get?id=${id}`, member)).body.response as CampaignDetail;
      expect([back.reviewStatus, back.reviewMessage]).toEqual(['changesRequested', 'Tiene razón: corrija la respuesta y adjunte el acta.']);
      expect(await country()).toBe(counted - 1);
      expect(await consistencyDifferences(db)).toEqual([]);
      const answer = (s: Subindicator) => [s.responses.find((r) => !r.obsolete && !s.answer?.includes(r.id))!.id];
      expect((await post('campaigns/saveAnswer', { id, question: other.id, answer: answer(other) }, member)).body.error.data).toBe('NOT_FLAGGED');
      expect((await post('campaigns/saveAnswer', { id, question: disputed.id, answer: answer(disputed) }, member)).status).toBe(200);
      // While it is back with the entity, it cannot object: it corrects.
      expect((await object(id, other.id, member)).body.error.data).toEqual({ code: 'REVIEW_STATE', reviewStatus: 'changesRequested' });
      expect((await post('campaigns/submit', { id }, member)).status).toBe(200);
      // The reviewer checks the corrected answer, then validates again.
      expect((await post('campaigns/review/validate', { id }, tokens.fec)).body.error.data).toEqual({ code: 'ANSWERS_TO_FIX', questions: [disputed.id] });
      expect((await post('campaigns/review/mark', { id, question: disputed.id, verdict: 'ok' }, tokens.fec)).status).toBe(200);
      expect((await post('campaigns/review/validate', { id }, tokens.fec)).status).toBe(200);
      expect(await country()).toBe(counted);
      expect(await consistencyDifferences(db)).toEqual([]);
    } finally {
      await post('editions/settings', { campaignNumber: year, meansFrom: 'sent' }, tokens.admin);
    }
  });

  it('takes evidence behind an answer objected to while its objection is open and the period lasts, and only there', async () => {
    await publish(dayFromToday(10));
    const { id, member } = await validatedCampaign();
    const [disputed, other] = await questionsOf(id);
    const link = (question: number, url: string, token = member) => post('campaigns/evidence/addLink', { id, question, url, title: 'Acta del pleno' }, token);
    // Before any objection, the sent campaign's evidence is closed, as ever.
    expect((await link(disputed.id, 'https://sede.example.es/acta-1.pdf')).status).toBe(409);
    const reviewed = await db.query<{ id: number }>('INSERT INTO evidence (campaign_id, subindicator_id, kind, url) VALUES ($1, $2, $3, $4) RETURNING id', [
      id,
      disputed.id,
      'link',
      'https://sede.example.es/acta-revisada.pdf',
    ]);

    const filed = await object(id, disputed.id, member);
    expect(filed.status).toBe(200);
    // Behind that answer: added (whatever the campaign's dates), and what was added since may go again; not the evidence
    // the review was made on, and nothing behind another answer.
    await db.query('UPDATE editions SET closes_on = current_date - 30, opens_on = current_date - 60 WHERE campaign_number = $1', [year]);
    const added = await link(disputed.id, 'https://sede.example.es/acta-2.pdf');
    expect(added.status).toBe(200);
    expect((await link(other.id, 'https://sede.example.es/acta-3.pdf')).status).toBe(409);
    expect((await link(disputed.id, 'https://sede.example.es/ajena.pdf', tokens.other)).status).toBe(404);
    expect((await post('campaigns/evidence/remove', { id, evidenceId: reviewed[0].id }, member)).status).toBe(409);
    const second = await link(disputed.id, 'https://sede.example.es/acta-4.pdf');
    expect((await post('campaigns/evidence/remove', { id, evidenceId: second.body.response.id }, member)).status).toBe(200);
    // The reviewer reads it beside the answer; the campaign's answers and review are as they were.
    const detail = (await get(`campaigns/get?id=${id}`, tokens.fec)).body.response as CampaignDetail;
    const evidence = detail.indicators.flatMap((i) => i.subindicators).find((s) => s.id === disputed.id)!.evidence;
    const urls = evidence.map((e) => e.url);
    expect(urls.slice(-2)).toEqual(['https://sede.example.es/acta-revisada.pdf', 'https://sede.example.es/acta-2.pdf']);
    expect(urls).not.toContain('https://sede.example.es/acta-4.pdf');
    expect(detail.reviewStatus).toBe('validated');

    // Once the objection is decided, or the period over, that evidence is closed again.
    await resolve(filed.body.response.id, false, 'El acta no corresponde a este año.');
    expect((await link(disputed.id, 'https://sede.example.es/acta-5.pdf')).status).toBe(409);
    expect((await post('campaigns/evidence/remove', { id, evidenceId: added.body.response.id }, member)).status).toBe(409);
    const again = await object(id, disputed.id, member);
    expect((await link(disputed.id, 'https://sede.example.es/acta-6.pdf')).status).toBe(200);
    await db.query('UPDATE editions SET objections_until = $2::date WHERE campaign_number = $1', [year, dayFromToday(-1)]);
    expect((await link(disputed.id, 'https://sede.example.es/acta-7.pdf')).status).toBe(409);
    expect(again.status).toBe(200);
    await db.query('UPDATE editions SET closes_on = NULL, opens_on = NULL WHERE campaign_number = $1', [year]);
    await publish(dayFromToday(10));
  });

  it('takes no objection after its last day, nor on a campaign not sent', async () => {
    const { id, member } = await validatedCampaign();
    const [question] = await questionsOf(id);
    await db.query('UPDATE editions SET objections_until = $2::date WHERE campaign_number = $1', [year, dayFromToday(-1)]);
    const late = await object(id, question.id, member);
    expect([late.status, late.body.error.data]).toEqual([409, { code: 'OBJECTIONS_CLOSED', objectionsUntil: dayFromToday(-1) }]);
    await publish(dayFromToday(3));
    const [{ id: draft }] = await db.query<{ id: number }>(
      "SELECT c.id FROM campaigns c JOIN editions e ON e.id = c.edition_id WHERE c.status = 'draft' AND e.campaign_number = $1 LIMIT 1",
      [year],
    );
    expect((await object(draft, question.id, tokens.admin)).body.error.data).toBe('CAMPAIGN_NOT_SENT');
  });
});
