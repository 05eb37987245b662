import fs from 'node:fs/promises';
import path from 'node:path';
import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { signIn } from '../../helpers/auth.js';
import { importCatalogue } from '../../../src/server/catalogue/import.js';
import type { Catalogue } from '../../../src/server/catalogue/parse.js';
import type { Db } from '../../../src/server/db/client.js';
import type { CampaignDetail, IndicatorGroup } from '../../../src/shared/api/campaigns.js';
import type { ResultResponse } from '../../../src/shared/api/results.js';

const backends = await testBackends();

/** Sub-indicator id -> answer, as a response shows them. */
const answersOf = (indicators: IndicatorGroup[]) => Object.fromEntries(indicators.flatMap((i) => i.subindicators.map((s) => [s.id, s.answer])));

describe.each(backends)('questionnaires cached per edition, answers read per call, on $name', ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  let admin = '';
  const get = (p: string) => call(server, 'GET', `/api/secure/v1/campaigns/${p}`, { token: admin });

  /** The campaign's answers straight from the table, in the shape of a response. */
  async function storedAnswers(campaignId: number, indicators: IndicatorGroup[]) {
    const rows = await db.query<{ subindicator_id: number; response_ids: number[] }>(
      'SELECT subindicator_id, response_ids FROM answers WHERE campaign_id = $1',
      [campaignId],
    );
    const stored = new Map(rows.map((r) => [r.subindicator_id, r.response_ids]));
    return Object.fromEntries(indicators.flatMap((i) => i.subindicators.map((s) => [s.id, stored.get(s.id) ?? null])));
  }

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db);
    admin = (await signIn(server, 'admin@demo.es', 'demo1234')).access_token;
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('gives two campaigns of one edition each its own answers', async () => {
    const sent = await db.query<{ id: number }>(
      "SELECT c.id FROM campaigns c JOIN editions e ON e.id = c.edition_id WHERE c.status = 'sent' AND e.campaign_number = 2026 ORDER BY c.id LIMIT 2",
    );
    const bodies = [];
    for (const { id } of sent) {
      const answers = (await get(`answers?id=${id}`)).body.response.campaign.indicators as IndicatorGroup[];
      const result = (await get(`result?id=${id}`)).body.response as ResultResponse;
      expect(answersOf(answers)).toEqual(await storedAnswers(id, answers));
      expect(result.answers.campaign.indicators).toEqual(answers);
      bodies.push(answersOf(answers));
    }
    expect(bodies[0]).not.toEqual(bodies[1]);
  });

  it('shows an answer saved after the questionnaire was cached', async () => {
    const [{ id }] = await db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'draft' ORDER BY id LIMIT 1");
    const before = (await get(`get?id=${id}`)).body.response as CampaignDetail;
    const question = before.indicators.flatMap((i) => i.subindicators).find((s) => s.type === 'single')!;
    const other = question.responses.find((r) => !r.obsolete && !(question.answer ?? []).includes(r.id))!;
    const saved = await call(server, 'POST', '/api/secure/v1/campaigns/saveAnswer', { token: admin, body: { id, question: question.id, answer: [other.id] } });
    expect(saved.status).toBe(200);
    const after = (await get(`get?id=${id}`)).body.response as CampaignDetail;
    expect(answersOf(after.indicators)).toEqual({ ...answersOf(before.indicators), [question.id]: [other.id] });
    const answers = (await get(`answers?id=${id}`)).body.response.campaign.indicators as IndicatorGroup[];
    expect(answersOf(answers)[question.id]).toEqual([other.id]);
    expect({ ...after, indicators: undefined }).toEqual({ ...before, indicators: undefined, status: 'draft' });
  });

  it("shows a category renamed by a later import in earlier editions' reports too", async () => {
    const [{ id }] = await db.query<{ id: number }>(
      "SELECT c.id FROM campaigns c JOIN editions e ON e.id = c.edition_id WHERE c.status = 'sent' AND e.campaign_number = 2025 ORDER BY c.id LIMIT 1",
    );
    const before = (await get(`result?id=${id}`)).body.response as ResultResponse;
    const catalogue: Catalogue = JSON.parse(await fs.readFile(path.resolve('src/server/db/seed/catalogues/demo-2026.json'), 'utf8'));
    catalogue.edition = 2099;
    catalogue.axes[0].text = 'Gobernanza, transparencia y participación';
    await importCatalogue(db, catalogue);
    const after = (await get(`result?id=${id}`)).body.response as ResultResponse;
    expect(before.axisDetails[0].axisText).not.toBe(catalogue.axes[0].text);
    expect(after.axisDetails[0].axisText).toBe(catalogue.axes[0].text);
    expect(after.answers.campaign.indicators[0].axisText).toBe(catalogue.axes[0].text);
    expect({ ...after, axisDetails: undefined, table: undefined, answers: undefined }).toEqual({
      ...before,
      axisDetails: undefined,
      table: undefined,
      answers: undefined,
    });
  });
});
