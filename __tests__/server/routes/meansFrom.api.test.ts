import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { signInDemoAccounts } from '../../helpers/auth.js';
import { answeredCampaignOfNewEntity, consistencyDifferences } from '../../helpers/concurrency.js';
import type { Db } from '../../../src/server/db/client.js';
import type { CampaignDetail } from '../../../src/shared/api/campaigns.js';
import type { EditionRow } from '../../../src/shared/api/editions.js';
import type { ResultResponse } from '../../../src/shared/api/results.js';

/**
 * An edition's means made from sent or from validated campaigns (scoring.md, "Means from validated campaigns"):
 * the setting, who may change it, and the means, sizes and ranks of its reports under each rule, checked against
 * figures computed here straight from the stored scores.
 */

const backends = await testBackends();

describe.each(backends)("an edition's means from sent or validated campaigns on $name", ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  const tokens = { admin: '', fec: '', user: '' };
  /** The current edition's year and id. */
  let edition = { year: 0, id: 0 };

  const post = (path: string, body: unknown, token: string) => call(server, 'POST', `/api/secure/v1/${path}`, { token, body });
  const settings = (meansFrom: unknown, token = tokens.admin, campaignNumber: unknown = edition.year) =>
    post('editions/settings', { campaignNumber, meansFrom }, token);
  const result = async (id: number) =>
    (await call(server, 'GET', `/api/secure/v1/campaigns/result?id=${id}`, { token: tokens.admin })).body.response as ResultResponse;

  let entities = 0;
  /** A new entity's campaign of the current edition, fully answered and sent by its member: awaiting review. */
  async function sentCampaign(): Promise<{ id: number; member: string }> {
    entities += 1;
    const member = { email: `medias${entities}@medias.es`, password: 'clave-medias-1' };
    const { id, memberToken } = await answeredCampaignOfNewEntity(server, db, tokens.admin, member, 'Medias', entities * 31);
    expect((await post('campaigns/submit', { id }, memberToken)).status).toBe(200);
    return { id, member: memberToken };
  }

  /** The country's participants and mean global percentage, computed here from the stored scores of the campaigns counted. */
  async function countryFromScores(countedOnly: 'sent' | 'validated'): Promise<{ participants: number; mean: number }> {
    const [row] = await db.query<{ participants: number; total: number }>(
      `SELECT count(*)::int AS participants, sum(cs.percentage) AS total
         FROM campaign_scores cs JOIN campaigns c ON c.id = cs.campaign_id
        WHERE c.edition_id = $1 AND c.status = 'sent' AND cs.scope = 'total' AND ($2 = 'sent' OR c.review_status = 'validated')`,
      [edition.id, countedOnly],
    );
    return { participants: row.participants, mean: row.total / row.participants };
  }

  /** What a result says of the country: its participants, its mean global percentage and the campaign's rank. */
  const countryOf = (r: ResultResponse) => ({
    participants: r.global.sizes.participants.country,
    mean: r.global.percentages.country,
    rankOf: r.global.rank.country?.of,
  });

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db);
    const demo = await signInDemoAccounts(server);
    Object.assign(tokens, { admin: demo.admin, fec: demo.fec, user: demo.user });
    [edition] = await db.query<{ year: number; id: number }>('SELECT campaign_number AS year, id FROM editions ORDER BY campaign_number DESC LIMIT 1');
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('lists every edition with its rule, sent campaigns by default, and its validated campaigns', async () => {
    const list = await call(server, 'GET', '/api/secure/v1/editions/list', { token: tokens.fec });
    const rows = list.body.response as EditionRow[];
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      const [counted] = await db.query<{ validated: number }>(
        "SELECT count(*)::int AS validated FROM campaigns WHERE edition_id = $1 AND status = 'sent' AND review_status = 'validated'",
        [row.id],
      );
      expect([row.year, row.meansFrom, row.campaigns.validated]).toEqual([row.year, 'sent', counted.validated]);
    }
  });

  it('lets ADMIN alone change it, refuses bodies out of shape and an edition that does not exist, and changes nothing then', async () => {
    for (const token of [tokens.fec, tokens.user]) expect((await settings('validated', token)).status).toBe(403);
    expect((await call(server, 'POST', '/api/secure/v1/editions/settings', { body: { campaignNumber: edition.year, meansFrom: 'validated' } })).status).toBe(
      401,
    );
    for (const body of [
      { campaignNumber: edition.year, meansFrom: 'all' },
      { campaignNumber: String(edition.year), meansFrom: 'validated' },
      { campaignNumber: edition.year, meansFrom: 'validated', extra: true },
      { campaignNumber: edition.year },
      { campaignNumber: 0, meansFrom: 'validated' },
      { campaignNumber: edition.year, meansFrom: null },
    ])
      expect((await post('editions/settings', body, tokens.admin)).status).toBe(422);
    const missing = await settings('validated', tokens.admin, 1990);
    expect([missing.status, missing.body.error.data]).toEqual([422, { campaignNumber: 'no such edition' }]);
    const [{ rules }] = await db.query<{ rules: string[] }>('SELECT array_agg(DISTINCT means_from) AS rules FROM editions');
    expect(rules).toEqual(['sent']);
  });

  it('makes the means of validated campaigns only once switched, ranks the others among them, and back, every figure exact', async () => {
    const a = await sentCampaign();
    const b = await sentCampaign();
    expect((await post('campaigns/review/validate', { id: b.id }, tokens.fec)).status).toBe(200);
    const sent = await countryFromScores('sent');
    const before = await result(a.id);
    expect(before.meansFrom).toBe('sent');
    expect(countryOf(before)).toEqual({ participants: sent.participants, mean: expect.closeTo(sent.mean, 12), rankOf: sent.participants });

    const switched = await settings('validated');
    expect(switched.status).toBe(200);
    const validated = await countryFromScores('validated');
    expect(switched.body.response).toMatchObject({ year: edition.year, meansFrom: 'validated', campaigns: { validated: validated.participants } });
    expect(validated.participants).toBeLessThan(sent.participants);
    expect(await consistencyDifferences(db)).toEqual([]);
    // The campaign awaiting validation: its own figures, the means of the validated ones, ranked among them as one more.
    const provisional = await result(a.id);
    expect([provisional.meansFrom, provisional.reviewStatus]).toEqual(['validated', 'pending']);
    expect(provisional.global.percentages.campaign).toBe(before.global.percentages.campaign);
    expect(countryOf(provisional)).toEqual({
      participants: validated.participants,
      mean: expect.closeTo(validated.mean, 12),
      rankOf: validated.participants + 1,
    });
    // A validated one is among them.
    expect(countryOf(await result(b.id))).toMatchObject({ participants: validated.participants, rankOf: validated.participants });
    const audit = await db.query<{ details: Record<string, unknown> }>("SELECT details FROM audit_log WHERE action = 'edition.settings'");
    expect(audit.map((r) => r.details)).toEqual([
      { year: edition.year, meansFrom: 'validated', previous: 'sent', campaigns: sent.participants, validated: validated.participants },
    ]);

    // Validating adds a campaign to the means; a new sending does not until it is validated; a reopening takes a validated one out.
    expect((await post('campaigns/review/validate', { id: a.id }, tokens.admin)).status).toBe(200);
    expect(countryOf(await result(a.id))).toMatchObject({ participants: validated.participants + 1, rankOf: validated.participants + 1 });
    const c = await sentCampaign();
    expect(countryOf(await result(c.id))).toMatchObject({ participants: validated.participants + 1, rankOf: validated.participants + 2 });
    expect(await consistencyDifferences(db)).toEqual([]);
    expect((await post('campaigns/reopen', { id: a.id, reason: 'Respuesta equivocada' }, tokens.admin)).status).toBe(200);
    expect(countryOf(await result(b.id)).participants).toBe(validated.participants);
    expect(await consistencyDifferences(db)).toEqual([]);

    // Corrections asked and sent: the campaign stays out of the means until validated.
    const [question] = (
      (await call(server, 'GET', `/api/secure/v1/campaigns/get?id=${c.id}`, { token: tokens.admin })).body.response as CampaignDetail
    ).indicators.flatMap((i) => i.subindicators);
    expect((await post('campaigns/review/mark', { id: c.id, question: question.id, verdict: 'fix', comment: 'Revise' }, tokens.admin)).status).toBe(200);
    expect((await post('campaigns/review/requestChanges', { id: c.id, message: 'Revise la marcada' }, tokens.admin)).status).toBe(200);
    expect((await post('campaigns/submit', { id: c.id }, c.member)).status).toBe(200);
    expect(countryOf(await result(c.id)).participants).toBe(validated.participants);
    expect(await consistencyDifferences(db)).toEqual([]);

    // Setting the rule it has changes nothing and is not logged again; switching back counts every sent campaign.
    expect((await settings('validated')).body.response.meansFrom).toBe('validated');
    const back = await settings('sent');
    expect(back.body.response.meansFrom).toBe('sent');
    const sentNow = await countryFromScores('sent');
    expect(countryOf(await result(c.id))).toEqual({ participants: sentNow.participants, mean: expect.closeTo(sentNow.mean, 12), rankOf: sentNow.participants });
    expect(await consistencyDifferences(db)).toEqual([]);
    expect(await db.query("SELECT 1 FROM audit_log WHERE action = 'edition.settings'")).toHaveLength(2);
  });
});
