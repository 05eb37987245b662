import { randomUUID } from 'node:crypto';
import { postgresAvailable, testBackends } from '../../helpers/db.js';
import { startDemoServer, type DemoServer } from '../../helpers/demoServer.js';
import { call, startTestServer } from '../../helpers/server.js';
import { consistencyDifferences, submittableCampaign } from '../../helpers/concurrency.js';
import { seededRandom } from '../../../src/server/db/seed/random.js';
import type { CampaignDetail, CampaignSummary } from '../../../src/shared/api/campaigns.js';

const backends = await testBackends();
const PAST = '2000-01-02';
const FUTURE = '2999-12-31';

describe.each(backends)('deadlines, extensions and reopenings on $name', ({ name, openDemo }) => {
  let demo: DemoServer;
  let edition: number;
  let own: { sent: number; draft: number; draftEntity: number };
  let foreignDraft: number;

  const get = (path: string, token: string) => call(demo.server, 'GET', `/api/secure/v1/campaigns/${path}`, { token });
  const post = (path: string, body: unknown, token: string) => call(demo.server, 'POST', `/api/secure/v1/campaigns/${path}`, { token, body });
  const setDeadline = (opensOn: string | null, closesOn: string | null, token = demo.tokens.admin) =>
    post('setDeadline', { edition, opensOn, closesOn }, token);
  /** A question of the campaign with an answer to give it (its first offered response). */
  async function someAnswer(id: number) {
    const detail = (await get(`get?id=${id}`, demo.tokens.admin)).body.response as CampaignDetail;
    const sub = detail.indicators[0].subindicators[0];
    return { id, question: sub.id, answer: [sub.responses.find((r) => !r.obsolete)!.id] };
  }

  beforeAll(async () => {
    demo = await startDemoServer(openDemo);
    [{ campaign_number: edition }] = await demo.db.query<{ campaign_number: number }>('SELECT max(campaign_number) AS campaign_number FROM editions');
    const mine = (await get('all', demo.tokens.user)).body.response as CampaignSummary[];
    const draft = mine.find((c) => c.status === 'draft' && c.campaignNumber === edition)!;
    own = { sent: mine.find((c) => c.status === 'sent' && c.campaignNumber === edition)!.id, draft: draft.id, draftEntity: draft.entityId };
    const ownEntities = mine.map((c) => c.entityId);
    [{ id: foreignDraft }] = await demo.db.query<{ id: number }>(
      "SELECT c.id FROM campaigns c JOIN editions ed ON ed.id = c.edition_id WHERE c.status = 'draft' AND ed.campaign_number = $1 AND NOT c.entity_id = ANY($2::int[]) LIMIT 1",
      [edition, ownEntities],
    );
  });
  afterAll(() => demo.close());
  afterEach(async () => {
    await demo.db.query('UPDATE editions SET opens_on = NULL, closes_on = NULL');
    await demo.db.query('DELETE FROM deadline_extensions');
  });

  it('keeps an edition without dates open (an upgraded database)', async () => {
    const deadline = (await get('deadline', demo.tokens.fec)).body.response;
    expect(deadline).toMatchObject({ campaignNumber: edition, opensOn: null, closesOn: null, state: 'open', daysLeft: null, late: [] });
    expect((await post('saveAnswer', await someAnswer(own.draft), demo.tokens.user)).status).toBe(200);
  });

  it('lets only ADMIN change dates, extend and reopen; FEC reads the dates; USER neither', async () => {
    for (const token of [demo.tokens.fec, demo.tokens.user]) {
      expect((await setDeadline(null, PAST, token)).status).toBe(403);
      expect((await post('extendDeadline', { entityId: own.draftEntity, closesOn: FUTURE, reason: 'x' }, token)).status).toBe(403);
      expect((await post('reopen', { id: own.sent, reason: 'x' }, token)).status).toBe(403);
    }
    expect((await get('deadline', demo.tokens.fec)).status).toBe(200);
    expect((await get('deadline', demo.tokens.user)).status).toBe(403);
    expect((await get(`campaignDeadline?id=${own.draft}`, demo.tokens.user)).status).toBe(200);
    expect((await get(`campaignDeadline?id=${foreignDraft}`, demo.tokens.user)).status).toBe(404);
    const [{ status, closes }] = await demo.db.query<{ status: string; closes: string | null }>(
      'SELECT c.status, ed.closes_on::text AS closes FROM campaigns c JOIN editions ed ON ed.id = c.edition_id WHERE c.id = $1',
      [own.sent],
    );
    expect([status, closes]).toEqual(['sent', null]);
  });

  it('validates dates strictly: closing before opening, dates that do not exist, no coercion, a reason required', async () => {
    const before = await setDeadline('2027-04-01', '2027-03-31');
    expect([before.status, before.body.error.data]).toEqual([422, 'CLOSING_BEFORE_OPENING']);
    expect((await setDeadline(null, '2027-02-30')).status).toBe(422);
    // Each date's problem is named by its own field; year 0000 is no date (PostgreSQL has no year 0).
    expect((await setDeadline('2026-02-30', null)).body.error.data).toEqual({ opensOn: 'is not a calendar date' });
    expect((await setDeadline(null, '2027-02-29')).body.error.data).toEqual({ closesOn: 'is not a calendar date' });
    expect((await setDeadline('0000-01-01', null)).status).toBe(422);
    expect((await post('extendDeadline', { entityId: own.draftEntity, closesOn: '0000-01-01', reason: 'Cambio' }, demo.tokens.admin)).status).toBe(422);
    expect((await setDeadline(null, '31/03/2027')).status).toBe(422);
    expect((await post('setDeadline', { edition: String(edition), opensOn: null, closesOn: PAST }, demo.tokens.admin)).status).toBe(422);
    expect((await post('extendDeadline', { entityId: own.draftEntity, closesOn: FUTURE, reason: '   ' }, demo.tokens.admin)).status).toBe(422);
    expect((await post('reopen', { id: own.sent }, demo.tokens.admin)).status).toBe(422);
    expect((await get('deadline', demo.tokens.admin)).body.response.closesOn).toBeNull();
  });

  it('logs a change of dates once: the same dates saved again answer 200 and log nothing', async () => {
    const logged = async () => (await demo.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'edition.deadline'"))[0].n;
    const start = await logged();
    const current = (await get('deadline', demo.tokens.admin)).body.response;
    expect((await setDeadline(current.opensOn, current.closesOn)).status).toBe(200);
    expect(await logged()).toBe(start);
    expect((await setDeadline(current.opensOn, FUTURE)).status).toBe(200);
    expect((await setDeadline(current.opensOn, FUTURE)).status).toBe(200);
    expect(await logged()).toBe(start + 1);
    expect((await setDeadline(current.opensOn, current.closesOn)).status).toBe(200);
    expect(await logged()).toBe(start + 2);
  });

  it('refuses saves and submits after the closing date and before the opening date (409), and lists who is late', async () => {
    const set = await setDeadline(null, PAST);
    expect(set.status).toBe(200);
    expect(set.body.response).toMatchObject({ closesOn: PAST, state: 'closed', daysLeft: 0 });
    expect(set.body.response.late).toEqual(expect.arrayContaining([expect.objectContaining({ entityId: own.draftEntity, status: 'draft', closesOn: PAST })]));
    expect(set.body.response.late.some((l: { status: string }) => l.status === 'none')).toBe(true);
    const save = await post('saveAnswer', await someAnswer(own.draft), demo.tokens.user);
    expect([save.status, save.body.error.type, save.body.error.data]).toEqual([409, 'CONFLICT', 'EDITION_CLOSED']);
    expect((await post('submit', { id: own.draft }, demo.tokens.user)).body.error.data).toBe('EDITION_CLOSED');
    expect((await post('saveAnswer', await someAnswer(foreignDraft), demo.tokens.admin)).status).toBe(409);
    expect((await get(`campaignDeadline?id=${own.draft}`, demo.tokens.user)).body.response).toMatchObject({ state: 'closed', closesOn: PAST, extended: false });

    expect((await setDeadline(FUTURE, null)).status).toBe(200);
    const early = await post('saveAnswer', await someAnswer(own.draft), demo.tokens.user);
    expect([early.status, early.body.error.data]).toEqual([409, 'EDITION_NOT_OPEN']);
    expect((await post('submit', { id: own.draft }, demo.tokens.user)).body.error.data).toBe('EDITION_NOT_OPEN');
    const audit = await demo.db.query<{ details: { closesOn: string | null } }>("SELECT details FROM audit_log WHERE action = 'edition.deadline' ORDER BY id");
    expect(audit.map((a) => a.details.closesOn)).toEqual(expect.arrayContaining([PAST, null]));
  });

  it('lets an extended entity, and only it, save and submit until its own date', async () => {
    await setDeadline(null, PAST);
    const extended = await post('extendDeadline', { entityId: own.draftEntity, closesOn: FUTURE, reason: 'Cambio de alcalde' }, demo.tokens.admin);
    expect(extended.status).toBe(200);
    expect(extended.body.response.extensions).toEqual([{ entityId: own.draftEntity, closesOn: FUTURE }]);
    expect(extended.body.response.late.some((l: { entityId: number }) => l.entityId === own.draftEntity)).toBe(false);
    expect((await post('saveAnswer', await someAnswer(own.draft), demo.tokens.user)).status).toBe(200);
    expect((await get(`campaignDeadline?id=${own.draft}`, demo.tokens.user)).body.response).toMatchObject({ state: 'open', closesOn: FUTURE, extended: true });
    expect((await post('saveAnswer', await someAnswer(foreignDraft), demo.tokens.admin)).body.error?.data).toBe('EDITION_CLOSED');
    const [audit] = await demo.db.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM audit_log WHERE action = 'campaign.deadlineExtended' ORDER BY id DESC LIMIT 1",
    );
    expect(audit.details).toMatchObject({ closesOn: FUTURE, editionClosesOn: PAST, reason: 'Cambio de alcalde' });
    // Submitting needs every answer; the refusal is no longer about dates.
    expect((await post('submit', { id: own.draft }, demo.tokens.user)).body.error?.data).not.toMatch(/EDITION/);
    // The status rows' 'Plazo': the extension for the extended entity's campaign, the edition's date for the others.
    const rows = (await get('status', demo.tokens.admin)).body.response as { campaignId: number; campaignNumber: number; deadline: string | null }[];
    expect(rows.find((r) => r.campaignId === own.draft)?.deadline).toBe(FUTURE);
    expect(rows.find((r) => r.campaignId === foreignDraft)?.deadline).toBe(PAST);
    // The user's list says the same of its own campaigns.
    const mine = (await get('all', demo.tokens.user)).body.response as CampaignSummary[];
    expect(mine.find((c) => c.id === own.draft)?.deadline).toBe(FUTURE);
    expect((await get(`get?id=${own.draft}`, demo.tokens.user)).body.response.deadline).toBe(FUTURE);
  });

  it("gives every campaign of the entity's list and questionnaire its 'Plazo': the later of the edition's closing date and the extension, none without a closing date", async () => {
    const summaryOf = async (id: number) => ((await get('all', demo.tokens.user)).body.response as CampaignSummary[]).find((c) => c.id === id)!;
    await post('extendDeadline', { entityId: own.draftEntity, closesOn: '2999-01-01', reason: 'Cambio' }, demo.tokens.admin);
    await setDeadline(null, null);
    expect((await summaryOf(own.draft)).deadline).toBeNull();
    await setDeadline(null, FUTURE);
    // An extension earlier than the edition's date does not shorten it (the saves follow the same rule).
    await post('extendDeadline', { entityId: own.draftEntity, closesOn: PAST, reason: 'Cambio' }, demo.tokens.admin);
    expect((await summaryOf(own.draft)).deadline).toBe(FUTURE);
    expect((await get(`get?id=${own.draft}`, demo.tokens.user)).body.response.deadline).toBe(FUTURE);
    expect((await get(`campaignDeadline?id=${own.draft}`, demo.tokens.user)).body.response.closesOn).toBe(FUTURE);
    const rows = (await get('status', demo.tokens.admin)).body.response as { campaignId: number; deadline: string | null }[];
    expect(rows.find((r) => r.campaignId === own.draft)?.deadline).toBe(FUTURE);
    await post('extendDeadline', { entityId: own.draftEntity, closesOn: '2999-01-01', reason: 'Cambio' }, demo.tokens.admin);
    await setDeadline(null, PAST);
    expect((await summaryOf(own.draft)).deadline).toBe('2999-01-01');
  });

  it('reopens a sent campaign: draft with its answers, out of the sums and rank counts, no result; sent again, back in them', async () => {
    const linkId = randomUUID();
    await demo.db.query(
      "INSERT INTO share_links (id, campaign_id, expires_at, created_at) VALUES ($1, $2, now() + interval '1 day', now() - interval '1 hour')",
      [linkId, own.sent],
    );
    const oldLink = await demo.server.ctx.signer.signShare({ shareId: linkId, campaignId: own.sent }, 3600);
    const before = (await get(`result?id=${own.sent}`, demo.tokens.user)).body.response;
    const answersBefore = (await get(`answers?id=${own.sent}`, demo.tokens.admin)).body.response;

    const reopened = await post('reopen', { id: own.sent, reason: 'Error en el eje 2' }, demo.tokens.admin);
    expect([reopened.status, reopened.body.response.campaign.status, reopened.body.response.campaign.endDate]).toEqual([200, 'draft', null]);
    expect(await consistencyDifferences(demo.db)).toEqual([]);
    expect((await get(`answers?id=${own.sent}`, demo.tokens.admin)).body.response).toEqual(answersBefore);
    const [{ n }] = await demo.db.query<{ n: number }>('SELECT count(*)::int AS n FROM campaign_scores WHERE campaign_id = $1', [own.sent]);
    expect(n).toBe(0);
    const result = await get(`result?id=${own.sent}`, demo.tokens.user);
    expect([result.status, result.body.error.data]).toEqual([409, 'CAMPAIGN_NOT_SENT']);
    // A link shared while it was sent shows neither the result nor the answers of the draft; back when sent again.
    const sharedAnswers = () => call(demo.server, 'GET', `/api/secure/v1/campaigns/answers?id=${own.sent}`, { token: oldLink });
    for (const path of ['result', 'answers']) {
      const refused = await call(demo.server, 'GET', `/api/secure/v1/campaigns/${path}?id=${own.sent}`, { token: oldLink });
      expect([path, refused.status, refused.body.error.data]).toEqual([path, 409, 'CAMPAIGN_NOT_SENT']);
    }
    expect((await post('reopen', { id: own.sent, reason: 'otra vez' }, demo.tokens.admin)).status).toBe(409);
    const history = (await get(`reopenings?id=${own.sent}`, demo.tokens.user)).body.response;
    expect(history).toMatchObject({ reopenings: [{ actorEmail: 'admin@demo.es', reason: 'Error en el eje 2' }], linkBeforeReopening: false });
    const [audit] = await demo.db.query<{ details: { reason: string } }>("SELECT details FROM audit_log WHERE action = 'campaign.reopen' AND target_id = $1", [
      String(own.sent),
    ]);
    expect(audit.details.reason).toBe('Error en el eje 2');

    // Until it is sent again, the user's list and questionnaire carry when and why it was reopened.
    const listed = ((await get('all', demo.tokens.user)).body.response as CampaignSummary[]).find((c) => c.id === own.sent)!;
    expect(listed.reopening).toEqual({ at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/), reason: 'Error en el eje 2' });
    expect(Math.abs(Date.parse(listed.reopening!.at) - Date.now())).toBeLessThan(60_000);

    // The user changes one answer to another response and sends again.
    const detail = (await get(`get?id=${own.sent}`, demo.tokens.user)).body.response as CampaignDetail;
    expect(detail.reopening).toEqual(listed.reopening);
    const sub = detail.indicators
      .flatMap((i) => i.subindicators)
      .find(
        (s) => s.type === 'single' && s.responses.filter((r) => !r.obsolete && r.value !== s.responses.find((x) => x.id === s.answer![0])!.value).length > 0,
      )!;
    const other = sub.responses.find((r) => !r.obsolete && r.value !== sub.responses.find((x) => x.id === sub.answer![0])!.value)!;
    expect((await post('saveAnswer', { id: own.sent, question: sub.id, answer: [other.id] }, demo.tokens.user)).status).toBe(200);
    expect((await post('submit', { id: own.sent }, demo.tokens.user)).status).toBe(200);
    // Sent again, the reopening is history (the results page's), no longer a note on the campaign.
    expect(((await get('all', demo.tokens.user)).body.response as CampaignSummary[]).find((c) => c.id === own.sent)!.reopening).toBeNull();
    expect(await consistencyDifferences(demo.db)).toEqual([]);
    const after = (await get(`result?id=${own.sent}`, demo.tokens.user)).body.response;
    expect(after.global.values).not.toEqual(before.global.values);
    const fresh = await startTestServer(demo.db);
    try {
      expect((await call(fresh, 'GET', `/api/secure/v1/campaigns/result?id=${own.sent}`, { token: demo.tokens.user })).body.response).toEqual(after);
    } finally {
      await fresh.close();
    }
    expect((await sharedAnswers()).status).toBe(200);
    const shared = (await call(demo.server, 'GET', `/api/secure/v1/campaigns/reopenings?id=${own.sent}`, { token: oldLink })).body.response;
    expect(shared).toMatchObject({ reopenings: [{ actorEmail: null, reason: 'Error en el eje 2' }], linkBeforeReopening: true });
  });

  it("reads and changes any edition's dates and extensions by editionId, the current edition without it", async () => {
    const [previous] = await demo.db.query<{ id: number; campaign_number: number }>(
      'SELECT id, campaign_number FROM editions ORDER BY campaign_number DESC OFFSET 1 LIMIT 1',
    );
    const current = (await get('deadline', demo.tokens.admin)).body.response;
    const old = (await get(`deadline?editionId=${previous.id}`, demo.tokens.fec)).body.response;
    expect([old.editionId, old.campaignNumber]).toEqual([previous.id, previous.campaign_number]);
    // Setting last year's dates answers last year's edition, and leaves the current one's as they were.
    const set = await post('setDeadline', { edition: previous.campaign_number, opensOn: null, closesOn: '2025-12-31' }, demo.tokens.admin);
    expect([set.body.response.editionId, set.body.response.closesOn]).toEqual([previous.id, '2025-12-31']);
    expect((await get('deadline', demo.tokens.admin)).body.response).toEqual(current);
    // An extension in last year's edition is that edition's.
    const [{ entity_id: entityId }] = await demo.db.query<{ entity_id: number }>('SELECT entity_id FROM campaigns WHERE edition_id = $1 ORDER BY id LIMIT 1', [
      previous.id,
    ]);
    const extended = await post(
      'extendDeadline',
      { entityId, closesOn: '2026-01-15', reason: 'Cambio de secretario', editionId: previous.id },
      demo.tokens.admin,
    );
    expect(extended.body.response.extensions).toEqual(expect.arrayContaining([{ entityId, closesOn: '2026-01-15' }]));
    expect(extended.body.response.editionId).toBe(previous.id);
    const [{ count }] = await demo.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM deadline_extensions WHERE entity_id = $1 AND edition_id = $2',
      [entityId, previous.id],
    );
    expect(count).toBe(1);
    expect((await get('deadline', demo.tokens.admin)).body.response.extensions).toEqual(current.extensions);
    for (const query of ['deadline?editionId=999999', 'deadline?editionId=abc', 'deadline?editionId=0', 'deadline?editionId=1&x=2']) {
      const res = await get(query, demo.tokens.admin);
      expect([query, res.status]).toEqual([query, 422]);
    }
    expect((await post('extendDeadline', { entityId, closesOn: '2026-01-15', reason: 'x', editionId: 999999 }, demo.tokens.admin)).status).toBe(422);
    expect((await get(`deadline?editionId=${previous.id}`, demo.tokens.user)).status).toBe(403);
  });

  (name === 'postgres' ? it : it.skip)('keeps the sums exact when reopenings race submissions in the same territories', async () => {
    const random = seededRandom(18);
    const [{ id: municipality }] = await demo.db.query<{ id: string }>("SELECT id FROM municipalities WHERE province_id = '46' ORDER BY id LIMIT 1");
    const token = demo.tokens.admin;
    const toReopen = [];
    for (let i = 0; i < 4; i++) {
      const c = await submittableCampaign(demo.db, demo.server, token, municipality, random);
      expect((await post('submit', { id: c.campaignId }, token)).status).toBe(200);
      toReopen.push(c.campaignId);
    }
    const toSubmit = [];
    for (let i = 0; i < 4; i++) toSubmit.push((await submittableCampaign(demo.db, demo.server, token, municipality, random)).campaignId);
    const answers = await Promise.all([
      ...toReopen.map((id) => post('reopen', { id, reason: 'carrera' }, token)),
      ...toSubmit.map((id) => post('submit', { id }, token)),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(await consistencyDifferences(demo.db)).toEqual([]);
    const again = await Promise.all([
      ...toReopen.map((id) => post('submit', { id }, token)),
      ...toSubmit.map((id) => post('reopen', { id, reason: 'vuelta' }, token)),
    ]);
    expect(again.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(await consistencyDifferences(demo.db)).toEqual([]);
  });
});

if (!(await postgresAvailable())) console.warn('The reopening race needs PostgreSQL: skipped.');
