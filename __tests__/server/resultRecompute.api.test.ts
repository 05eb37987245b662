import { testBackends } from '../helpers/db.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';
import { signIn } from '../helpers/auth.js';
import type { Db } from '../../src/server/db/client.js';
import type { CampaignSummary, IndicatorGroup, Subindicator } from '../../src/shared/api/campaigns.js';
import type { ResultResponse } from '../../src/shared/api/results.js';

const backends = await testBackends();

/**
 * The points model of docs/scoring.md written again from its text, without the server's code: a question's
 * points are its chosen responses' values; its maximum the largest (single) or the sum (multiple) of its
 * responses that are not obsolete.
 */
function points(sub: Subindicator): { value: number; max: number } {
  const chosen = sub.responses.filter((r) => sub.answer?.includes(r.id));
  const offered = sub.responses.filter((r) => !r.obsolete).map((r) => r.value);
  return {
    value: chosen.reduce((sum, r) => sum + r.value, 0),
    max: sub.type === 'single' ? Math.max(0, ...offered) : offered.reduce((a, b) => a + b, 0),
  };
}

function sums(indicators: IndicatorGroup[], key: (i: IndicatorGroup) => number | 'total') {
  const out = new Map<number | 'total', { value: number; max: number }>();
  for (const indicator of indicators) {
    const group = out.get(key(indicator)) ?? { value: 0, max: 0 };
    for (const sub of indicator.subindicators) {
      const p = points(sub);
      group.value += p.value;
      group.max += p.max;
    }
    out.set(key(indicator), group);
  }
  return out;
}

describe.each(backends)('a demo result recomputed from its answers on $name', ({ openDemo }) => {
  let db: Db;
  let server: TestServer;

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it("gives the entity's own points and percentages per measure, policy, axis and in total", async () => {
    const token = (await signIn(server, 'usuario@demo.es', 'demo1234')).access_token;
    const get = async <T>(path: string) => (await call(server, 'GET', `/api/secure/v1/campaigns/${path}`, { token })).body.response as T;
    const sent = (await get<CampaignSummary[]>('all')).filter((c) => c.status === 'sent');
    expect(sent.length).toBeGreaterThan(0);
    for (const campaign of sent) {
      const { indicators } = (await get<{ campaign: { indicators: IndicatorGroup[] } }>(`answers?id=${campaign.id}`)).campaign;
      const result = await get<ResultResponse>(`result?id=${campaign.id}`);
      const total = sums(indicators, () => 'total').get('total')!;
      expect(result.table.valuesPerAxis.total.value).toBeCloseTo(total.value, 10);
      expect(result.global.percentages.campaign).toBeCloseTo(total.value / total.max, 10);
      for (const [axisId, axis] of sums(indicators, (i) => i.axisId)) {
        expect(result.table.valuesPerAxis[String(axisId)]).toMatchObject({ value: axis.value });
        expect(result.table.valuesPerAxis[String(axisId)].percentage).toBeCloseTo(axis.value / axis.max, 10);
      }
      const policyOf = new Map(indicators.map((i) => [i.policyId, i.axisId]));
      for (const [policyId, policy] of sums(indicators, (i) => i.policyId)) {
        const shown = result.table.valuesPerAxis[String(policyOf.get(policyId as number))].valuesByPolicy[String(policyId)];
        expect(shown.value).toBeCloseTo(policy.value, 10);
        expect(shown.percentage).toBeCloseTo(policy.value / policy.max, 10);
      }
      const placeOf = new Map(indicators.map((i) => [i.measureId, [i.axisId, i.policyId]]));
      for (const [measureId, measure] of sums(indicators, (i) => i.measureId)) {
        const [axisId, policyId] = placeOf.get(measureId as number)!;
        const shown = result.table.valuesPerAxis[String(axisId)].valuesByPolicy[String(policyId)].valuesByMeasure[String(measureId)];
        expect(shown.percentage).toBeCloseTo(measure.max > 0 ? measure.value / measure.max : 0, 10);
      }
      const axisTexts = [...new Set(indicators.map((i) => i.axisText))];
      expect(result.axisDetails.map((a) => a.axisText)).toEqual(axisTexts);
      for (const axis of result.axisDetails) {
        const id = indicators.find((i) => i.axisText === axis.axisText)!.axisId;
        expect(axis.values.campaign).toBeCloseTo(result.table.valuesPerAxis[String(id)].value, 10);
      }
    }
  });
});
