import { buildTrend, type TrendSource } from '../../../src/server/reports/trend.js';
import { editionFigures, figureInputs } from '../../../src/server/reports/figures.js';
import type { FigureRows } from '../../../src/server/db/repositories/resultQueries.js';

const names = { campaign: 'Ayuntamiento de Prueba', province: 'Soria', autonomousCommunity: 'Castilla y León', country: 'España' };
const about = { territoryTexts: names, sizeBand: { minPopulation: 5001, maxPopulation: 20000 }, minGroupSize: 1 };

/** An edition from rows as the trend statement reads them, means of fewer than minGroupSize participants withheld. */
function edition(year: number, campaignId: number, tree: TrendSource['tree'], rows: FigureRows, minGroupSize = 1): TrendSource {
  return { year, campaignId, tree, ...editionFigures(figureInputs(rows), minGroupSize) };
}

describe('buildTrend', () => {
  // 2024: the entity scores 40% overall, axis 1 50%. Its province has 2 participants (sum 1.0 -> mean 0.5) out
  // of 4 registered (0.25 compared to all); community 3 participants (sum 1.5 -> 0.5) out of 6 (0.25); country 4
  // participants (sum 2.0 -> 0.5) out of 10 (0.2); band 3 participants (sum 1.2 -> 0.4) out of 5 (0.24). Axis 1 in
  // the province: 2 participants, sum 0.9 -> 0.45, 0.225.
  const rows2024: FigureRows = {
    own: [
      ['total', 0, 0.4, 40],
      ['axis', 1, 0.5, 10],
    ],
    sums: [
      ['province', 'total', 0, 2, 1.0, 100],
      ['autonomousCommunity', 'total', 0, 3, 1.5, 150],
      ['country', 'total', 0, 4, 2.0, 200],
      ['sizeBand', 'total', 0, 3, 1.2, 120],
      ['province', 'axis', 1, 2, 0.9, 18],
    ],
    registered: { province: 4, autonomousCommunity: 6, country: 10, sizeBand: 5 },
  };
  const e2024 = edition(2024, 7, [{ id: 1, text: 'Gobernanza' }], rows2024);
  // 2025: an axis renamed and one added (matched by name); nobody else in the province yet.
  const e2025 = edition(
    2025,
    9,
    [
      { id: 3, text: 'Energía' },
      { id: 1, text: 'Gobernanza' },
    ],
    {
      own: [
        ['total', 0, 0.6, 60],
        ['axis', 1, 0.7, 14],
        ['axis', 3, 0.5, 5],
      ],
      sums: [
        ['province', 'total', 0, 1, 0.6, 60],
        ['autonomousCommunity', 'total', 0, 2, 1.0, 100],
        ['country', 'total', 0, 5, 2.5, 250],
      ],
      registered: { province: 4, autonomousCommunity: 6, country: 10, sizeBand: 5 },
    },
  );

  it("gives each edition its global and axis figures in both modes, and its means' sizes, oldest first", () => {
    const trend = buildTrend([e2024, e2025], about);
    expect(trend.territoryTexts).toEqual(names);
    expect(trend.sizeBand).toEqual({ minPopulation: 5001, maxPopulation: 20000 });
    expect(trend.editions.map((e) => [e.year, e.campaignId])).toEqual([
      [2024, 7],
      [2025, 9],
    ]);
    const [first, second] = trend.editions;
    expect(first.global.percentages).toEqual({ campaign: 0.4, province: 0.5, autonomousCommunity: 0.5, country: 0.5, sizeBand: expect.closeTo(0.4) });
    expect(first.global.percentagesComparedToAll).toEqual({
      campaign: 0.4,
      province: 0.25,
      autonomousCommunity: 0.25,
      country: 0.2,
      sizeBand: expect.closeTo(0.24),
    });
    expect(first.axes).toEqual([
      {
        axisText: 'Gobernanza',
        percentages: { campaign: 0.5, province: 0.45, autonomousCommunity: null, country: null, sizeBand: null },
        percentagesComparedToAll: { campaign: 0.5, province: 0.225, autonomousCommunity: null, country: null, sizeBand: null },
      },
    ]);
    expect(first.sizes).toEqual({
      participants: { province: 2, autonomousCommunity: 3, country: 4, sizeBand: 3 },
      comparedToAll: { province: 4, autonomousCommunity: 6, country: 10, sizeBand: 5 },
    });
    expect(first.withheld).toEqual([]);
    expect(second.global.percentages).toEqual({ campaign: 0.6, province: 0.6, autonomousCommunity: 0.5, country: 0.5, sizeBand: null });
    expect(second.global.percentagesComparedToAll).toEqual({ campaign: 0.6, province: 0.15, autonomousCommunity: 1 / 6, country: 0.25, sizeBand: null });
    expect(second.axes.map((a) => [a.axisText, a.percentages.campaign])).toEqual([
      ['Energía', 0.5],
      ['Gobernanza', 0.7],
    ]);
  });

  it("names every axis once, the latest edition's order first, then axes only earlier editions had", () => {
    const old = edition(
      2023,
      5,
      [
        { id: 8, text: 'Agua' },
        { id: 1, text: 'Gobernanza' },
      ],
      { own: [['total', 0, 0.2, 20]], sums: null, registered: null },
    );
    const trend = buildTrend([old, e2024, e2025], about);
    expect(trend.axisTexts).toEqual(['Energía', 'Gobernanza', 'Agua']);
    // No territorial sums: every mean is null, every size 0; the missing axis score is null, not 0.
    expect(trend.editions[0].global.percentages).toEqual({ campaign: 0.2, province: null, autonomousCommunity: null, country: null, sizeBand: null });
    expect(trend.editions[0].axes[0].percentages.campaign).toBeNull();
    expect(trend.editions[0].sizes.participants).toEqual({ province: 0, autonomousCommunity: 0, country: 0, sizeBand: 0 });
  });

  it("gives each axis's name in every language some axis is translated into, from the latest edition that has it", () => {
    const none = { own: [['total', 0, 0.2, 20]], sums: null, registered: null } satisfies FigureRows;
    const old = edition(2023, 5, [{ id: 8, text: 'Agua', translations: { ca: { text: 'Aigua vella' }, en: { text: 'Water' } } }], none);
    const latest = edition(
      2024,
      7,
      [
        { id: 9, text: 'Agua', translations: { ca: { text: 'Aigua' } } },
        { id: 1, text: 'Gobernanza' },
      ],
      none,
    );
    const trend = buildTrend([old, latest], about);
    expect(trend.axisNames).toEqual({ Agua: 'Agua', Gobernanza: 'Gobernanza' });
    // The latest edition's translation; one without a translation keeps its Spanish; Valencian reads Catalan's. The
    // latest 'Agua' has no English: the whole English map is Spanish, so English is not sent.
    expect(trend.translations).toEqual({
      ca: { axisNames: { Agua: 'Aigua', Gobernanza: 'Gobernanza' } },
      va: { axisNames: { Agua: 'Aigua', Gobernanza: 'Gobernanza' } },
    });
    expect(buildTrend([e2024], about).translations).toBeUndefined();
  });

  it('withholds, edition by edition, the means of fewer participants than the minimum', () => {
    // With a minimum of 3, 2024's province (2 participants) is withheld; its community, country and band (3, 4, 3) are not.
    const trend = buildTrend([edition(2024, 7, [{ id: 1, text: 'Gobernanza' }], rows2024, 3)], { ...about, minGroupSize: 3 });
    const [only] = trend.editions;
    expect(trend.minGroupSize).toBe(3);
    expect(only.withheld).toEqual(['province']);
    expect(only.global.percentages).toEqual({ campaign: 0.4, province: null, autonomousCommunity: 0.5, country: 0.5, sizeBand: expect.closeTo(0.4) });
    expect(only.axes[0].percentagesComparedToAll.province).toBeNull();
    expect(only.sizes.participants.province).toBe(2);
  });

  it('is empty without editions', () => {
    expect(buildTrend([], about)).toEqual({ ...about, axisTexts: [], axisNames: {}, editions: [] });
  });
});
