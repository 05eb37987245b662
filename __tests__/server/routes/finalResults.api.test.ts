import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { signInDemoAccounts } from '../../helpers/auth.js';
import { consistencyDifferences } from '../../helpers/concurrency.js';
import type { Db } from '../../../src/server/db/client.js';
import { applySizeBands } from '../../../src/server/db/repositories/sizeBands.js';
import type { EditionRow } from '../../../src/shared/api/editions.js';
import type { CampaignDetail } from '../../../src/shared/api/campaigns.js';
import type { FinalBlockedData } from '../../../src/shared/api/objections.js';
import type { ResultResponse, TrendResponse } from '../../../src/shared/api/results.js';
import { madridDate } from '../../../src/shared/dates.js';

/**
 * Final results (docs/api.md, "Final results"): ADMIN publishes them once the period to object is over, every sent
 * campaign validated and every objection decided; from then on every call that would change the edition is 409
 * EDITION_FINAL, and its figures stay as published whatever happens to entities, bands or MIN_GROUP_SIZE later.
 */

const backends = await testBackends();

const dayFromToday = (days: number) => madridDate(new Date(Date.now() + days * 86_400_000));

describe.each(backends)('final results on $name', ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  const tokens = { admin: '', fec: '', user: '' };
  /** The demo's earliest edition (its review and period to object over) and the current one (campaigns awaiting review). */
  let earliest = 0;
  let current = 0;

  const get = (path: string, token: string, on = server) => call(on, 'GET', `/api/secure/v1/${path}`, { token });
  const post = (path: string, body: unknown, token: string) => call(server, 'POST', `/api/secure/v1/${path}`, { token, body });
  const publishFinal = (campaignNumber: number, token = tokens.admin) => post('editions/publishFinal', { campaignNumber }, token);
  const result = async (id: number, on = server) => {
    const res = await get(`campaigns/result?id=${id}`, tokens.admin, on);
    expect(res.status).toBe(200);
    return res.body.response as ResultResponse;
  };
  const sentCampaigns = (year: number) =>
    db.query<{ id: number; entity_id: number; name: string; population: number; province_id: string }>(
      `SELECT c.id, c.entity_id, en.name, en.population, en.province_id FROM campaigns c JOIN editions e ON e.id = c.edition_id
         JOIN entities en ON en.id = c.entity_id WHERE e.campaign_number = $1 AND c.status = 'sent' ORDER BY c.id`,
      [year],
    );

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db);
    Object.assign(tokens, await signInDemoAccounts(server));
    [{ earliest, current }] = await db.query<{ earliest: number; current: number }>(
      'SELECT min(campaign_number) AS earliest, max(campaign_number) AS current FROM editions',
    );
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('is refused with all that blocks it: no provisional results, a period to object still open, campaigns not validated, objections awaiting a decision', async () => {
    for (const token of [tokens.fec, tokens.user]) expect((await publishFinal(earliest, token)).status).toBe(403);
    for (const body of [{ campaignNumber: 1990 }, { campaignNumber: String(earliest) }, { campaignNumber: earliest, extra: true }, {}])
      expect([body, (await post('editions/publishFinal', body, tokens.admin)).status]).toEqual([body, 422]);

    // The current edition: nothing published, campaigns awaiting review.
    const pending = await db.query<{ campaignId: number; entityName: string }>(
      `SELECT c.id AS "campaignId", en.name AS "entityName" FROM campaigns c JOIN editions e ON e.id = c.edition_id JOIN entities en ON en.id = c.entity_id
        WHERE e.campaign_number = $1 AND c.status = 'sent' AND c.review_status <> 'validated' ORDER BY c.end_date, c.id`,
      [current],
    );
    expect(pending.length).toBeGreaterThan(0);
    const refused = await publishFinal(current);
    expect(refused.status).toBe(409);
    const data = refused.body.error.data as FinalBlockedData;
    expect(data).toMatchObject({ code: 'FINAL_BLOCKED', provisionalPublished: false, objectionsUntil: null, objectionsPeriodOpen: false, openObjections: [] });
    expect(data.notValidated.map((c) => [c.campaignId, c.entityName])).toEqual(pending.map((c) => [c.campaignId, c.entityName]));
    // Published provisionally, the period to object blocks it too.
    expect((await post('editions/publishProvisional', { campaignNumber: current, objectionsUntil: dayFromToday(5) }, tokens.admin)).status).toBe(200);
    expect((await publishFinal(current)).body.error.data).toMatchObject({
      provisionalPublished: true,
      objectionsUntil: dayFromToday(5),
      objectionsPeriodOpen: true,
    });

    // The earliest edition: an objection filed while its period was open awaits a decision.
    const [{ id, entity_id: entityId }] = await sentCampaigns(earliest);
    const edition = await db.query<{ objections_until: string }>('SELECT objections_until::text FROM editions WHERE campaign_number = $1', [earliest]);
    await db.query('UPDATE editions SET objections_until = $2::date WHERE campaign_number = $1', [earliest, dayFromToday(0)]);
    const question = ((await get(`campaigns/get?id=${id}`, tokens.admin)).body.response as CampaignDetail).indicators[0].subindicators[0];
    const filed = await post('campaigns/objection', { id, question: question.id, text: 'La puntuación no recoge el plan aprobado.' }, tokens.admin);
    expect(filed.status).toBe(200);
    await db.query('UPDATE editions SET objections_until = $2::date WHERE campaign_number = $1', [earliest, edition[0].objections_until]);
    const blocked = await publishFinal(earliest);
    expect(blocked.body.error.data).toMatchObject({
      objectionsPeriodOpen: false,
      notValidated: [],
      openObjections: [{ objectionId: filed.body.response.id, campaignId: id, entityId }],
    });
    expect(
      (
        await post(
          'campaigns/objection/resolve',
          { objectionId: filed.body.response.id, accepted: false, reason: 'El plan no estaba aprobado en plazo.' },
          tokens.fec,
        )
      ).status,
    ).toBe(200);
    // Nothing was frozen by a refusal.
    expect(await db.query('SELECT count(*)::int AS n FROM final_places')).toEqual([{ n: 0 }]);
  });

  it('freezes the edition: the figures as they were, every changing call 409 EDITION_FINAL, the publication audited', async () => {
    const campaigns = await sentCampaigns(earliest);
    const [first] = campaigns;
    const [{ id: evidenceId }] = await db.query<{ id: number }>(
      `INSERT INTO evidence (campaign_id, subindicator_id, kind, url)
       SELECT c.id, s.id, 'link', 'https://sede.example.es/acta.pdf' FROM campaigns c JOIN indicators i ON i.edition_id = c.edition_id
         JOIN subindicators s ON s.indicator_id = i.id WHERE c.id = $1 ORDER BY s.id LIMIT 1 RETURNING id`,
      [first.id],
    );
    const before = await result(first.id);
    expect(before.finalPublishedAt).toBeNull();

    const published = await publishFinal(earliest);
    expect(published.status).toBe(200);
    expect(published.body.response).toMatchObject({ campaignNumber: earliest, openObjections: 0, finalPublishedAt: expect.any(String) });
    const listed = ((await get('editions/list', tokens.fec)).body.response as EditionRow[]).find((e) => e.year === earliest)!;
    expect(listed.publication.finalPublishedAt).toBe(published.body.response.finalPublishedAt);
    const after = await result(first.id);
    expect(after.finalPublishedAt).toBe(published.body.response.finalPublishedAt);
    expect({ ...after, finalPublishedAt: null }).toEqual(before);
    const [audit] = await db.query<{ details: Record<string, unknown> }>("SELECT details FROM audit_log WHERE action = 'edition.publishFinal'");
    expect(audit.details).toMatchObject({ year: earliest, campaigns: campaigns.length, minGroupSize: 1 });

    // Every call that would change the edition, by ADMIN, is refused; so is publishing again.
    const [{ id: questionId, responses }] = ((await get(`campaigns/get?id=${first.id}`, tokens.admin)).body.response as CampaignDetail).indicators[0]
      .subindicators;
    const [{ editionId }] = await db.query<{ editionId: number }>('SELECT id AS "editionId" FROM editions WHERE campaign_number = $1', [earliest]);
    const [{ id: objectionId }] = await db.query<{ id: number }>('SELECT id FROM objections WHERE campaign_id = $1', [first.id]);
    const calls: [string, unknown][] = [
      ['editions/publishFinal', { campaignNumber: earliest }],
      ['editions/publishProvisional', { campaignNumber: earliest, objectionsUntil: dayFromToday(3) }],
      ['editions/settings', { campaignNumber: earliest, meansFrom: 'validated' }],
      ['campaigns/setDeadline', { edition: earliest, opensOn: null, closesOn: null }],
      ['campaigns/extendDeadline', { entityId: first.entity_id, closesOn: dayFromToday(3), reason: 'Prórroga por el cierre', editionId }],
      ['campaigns/openEdition', { scope: 'all', notify: false, editionId }],
      ['campaigns/saveAnswer', { id: first.id, question: questionId, answer: [responses[0].id] }],
      ['campaigns/evidence/addLink', { id: first.id, question: questionId, url: 'https://example.org/acta.pdf' }],
      ['campaigns/evidence/remove', { id: first.id, evidenceId }],
      ['campaigns/prefill', { id: first.id }],
      ['campaigns/submit', { id: first.id }],
      ['campaigns/reopen', { id: first.id, reason: 'Revisar de nuevo' }],
      ['campaigns/review/mark', { id: first.id, question: questionId, verdict: 'ok' }],
      ['campaigns/review/requestChanges', { id: first.id, message: 'Revise la respuesta' }],
      ['campaigns/review/validate', { id: first.id }],
      ['campaigns/objection', { id: first.id, question: questionId, text: 'Otra alegación' }],
      ['campaigns/objection/resolve', { objectionId, accepted: true, reason: 'Procede' }],
    ];
    for (const [path, body] of calls) {
      const res = await post(path, body, tokens.admin);
      expect([path, res.status, res.body.error?.data]).toEqual([path, 409, { code: 'EDITION_FINAL' }]);
    }
    expect(await result(first.id)).toEqual(after);
    expect(await consistencyDifferences(db)).toEqual([]);
  });

  it('keeps the published figures whatever entities, bands and MIN_GROUP_SIZE become; the other editions follow them', async () => {
    const [first, second] = await sentCampaigns(earliest);
    const frozen = await result(first.id);
    const [{ id: currentCampaign }] = await sentCampaigns(current);
    const currentBefore = await result(currentCampaign);

    // The entity moves to another province and band; a new entity registers in its old province; the bands change.
    const [{ id: elsewhere }] = await db.query<{ id: string }>('SELECT id FROM municipalities WHERE province_id <> $1 ORDER BY id LIMIT 1', [
      first.province_id,
    ]);
    const moved = await post(
      'entities/update',
      { id: first.entity_id, entity: { name: first.name, population: first.population * 40 + 1 }, municipalities: [elsewhere] },
      tokens.admin,
    );
    expect(moved.status).toBe(200);
    const [{ id: nearby }] = await db.query<{ id: string }>('SELECT id FROM municipalities WHERE province_id = $1 ORDER BY id DESC LIMIT 1', [
      first.province_id,
    ]);
    expect(
      (await post('entities/create', { entity: { name: 'Consorcio recién llegado', population: 900 }, municipalities: [nearby] }, tokens.admin)).status,
    ).toBe(200);
    expect(await applySizeBands(db, [1, 1001, 3001, 10001])).toBe(true);

    // A server that withholds every mean of fewer than 1,000 participants, with nothing cached.
    const strict = await startTestServer(db, { MIN_GROUP_SIZE: '1000' });
    try {
      for (const on of [server, strict]) {
        expect(await result(first.id, on)).toEqual(frozen);
        expect((await result(second.id, on)).finalPublishedAt).toBe(frozen.finalPublishedAt);
      }
      // And so is its point in the entity's trend.
      const trendPoint = async (on: TestServer) =>
        ((await get(`campaigns/trend?id=${first.id}`, tokens.admin, on)).body.response as TrendResponse).editions.find((e) => e.year === earliest);
      expect(await trendPoint(strict)).toEqual(await trendPoint(server));
      expect((await trendPoint(strict))?.global.percentages.country).not.toBeNull();
      // The current edition follows today's settings: its means withheld on that server.
      const strictCurrent = await result(currentCampaign, strict);
      expect(strictCurrent.finalPublishedAt).toBeNull();
      expect(strictCurrent.global.percentages.country).toBeNull();
      expect(currentBefore.global.percentages.country).not.toBeNull();
    } finally {
      await strict.close();
    }
    expect(await consistencyDifferences(db)).toEqual([]);
  });

  it('lets one of two publications at once win; the other finds the results final', async () => {
    await db.query('UPDATE editions SET objections_until = $2::date WHERE campaign_number = $1', [current, dayFromToday(-1)]);
    await db.query(
      "UPDATE campaigns SET review_status = 'validated', validated_at = now(), validated_by = 'fec@demo.es' WHERE status = 'sent' AND edition_id = (SELECT id FROM editions WHERE campaign_number = $1)",
      [current],
    );
    const both = await Promise.all([publishFinal(current), publishFinal(current)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.error.data).toEqual({ code: 'EDITION_FINAL' });
    expect(await db.query("SELECT count(*)::int AS n FROM audit_log WHERE action = 'edition.publishFinal'")).toEqual([{ n: 2 }]);
  });
});
