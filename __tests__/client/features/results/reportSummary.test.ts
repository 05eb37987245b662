import { reportSummary } from '../../../../src/client/features/results/reportSummary.js';
import { activeLevels } from '../../../../src/client/features/results/reportModel.js';
import type { TrendEdition, TrendResponse } from '../../../../src/shared/api/results.js';
import { resultFixture } from '../../../helpers/resultFixture.js';

const result = resultFixture();
const everyTerritory = { entity: true, province: true, autonomousCommunity: true, country: true, sizeBand: true };
const levels = (compareWithParticipants = true) => activeLevels(everyTerritory, result, result.edition, compareWithParticipants);

const figures = (campaign: number | null) => {
  const by = { campaign, province: 0.5, autonomousCommunity: 0.5, country: 0.5, sizeBand: 0.5 };
  return { percentages: by, percentagesComparedToAll: by };
};
const edition = (year: number, global: number | null, axes: [string, number | null][]): TrendEdition => ({
  year,
  campaignId: year,
  global: figures(global),
  axes: axes.map(([axisText, p]) => ({ axisText, ...figures(p) })),
  sizes: {
    participants: { province: 1, autonomousCommunity: 1, country: 1, sizeBand: 1 },
    comparedToAll: { province: 1, autonomousCommunity: 1, country: 1, sizeBand: 1 },
  },
  withheld: [],
});
const trend = (...editions: TrendEdition[]): TrendResponse => ({
  territoryTexts: result.territoryTexts,
  sizeBand: result.sizeBand,
  minGroupSize: 1,
  axisTexts: [],
  axisNames: {},
  editions,
});

describe('the printed report summary', () => {
  it('gives the score, the means of the mode chosen and the ranks of the shown territories', () => {
    const summary = reportSummary(result, levels(), true, null);
    expect(summary.percentage).toBe(0.6);
    expect(summary.means.map((m) => [m.level.level, m.percentage])).toEqual([
      ['province', 0.6],
      ['autonomousCommunity', 0.5],
      ['country', 0.45],
      ['sizeBand', 0.52],
    ]);
    expect(reportSummary(result, levels(false), false, null).means.map((m) => m.percentage)).toEqual([0.3, 0.25, 0.2, 0.26]);
    expect(summary.ranks.map((r) => [r.level.level, r.rank])).toEqual([
      ['province', { position: 1, of: 1 }],
      ['autonomousCommunity', { position: 2, of: 4 }],
      ['country', { position: 6, of: 20 }],
      ['sizeBand', { position: 3, of: 6 }],
    ]);
    // The trend not read (loading, or failed): nothing said of earlier campaigns, not even that there are none.
    expect(summary.history).toBeNull();
  });

  it('names the three axes that rose most since the previous campaign, largest first, matched by name; rises only', () => {
    const summary = reportSummary(
      result,
      levels(),
      true,
      trend(
        edition(2024, 0.3, [['Agua', 0.1]]),
        edition(2025, 0.4, [
          ['Agua', 0.2],
          ['Energía', 0.5],
          ['Residuos', 0.6],
          ['Movilidad', 0.1],
          ['Suelo', 0.3],
          ['Ruido', null],
        ]),
        edition(2026, 0.6, [
          ['Agua', 0.5],
          ['Energía', 0.55],
          ['Residuos', 0.5],
          ['Movilidad', 0.3],
          ['Suelo', 0.5],
          ['Ruido', 0.9],
          ['Nuevo', 0.9],
        ]),
        // A later campaign of the entity is not this report's.
        edition(2027, 0.9, [['Agua', 1]]),
      ),
    );
    const history = summary.history!;
    expect(history.previousYear).toBe(2025);
    // Agua +30, Movilidad +20, Suelo +20 (ties by name), Energía +5 left out; Residuos fell; Ruido and Nuevo have no earlier figure.
    expect(history.improvements).toEqual([
      { axisText: 'Agua', from: 0.2, to: 0.5 },
      { axisText: 'Movilidad', from: 0.1, to: 0.3 },
      { axisText: 'Suelo', from: 0.3, to: 0.5 },
    ]);
    expect(history.trend).toEqual([
      { year: 2024, percentage: 0.3 },
      { year: 2025, percentage: 0.4 },
      { year: 2026, percentage: 0.6 },
    ]);
  });

  it("names the axes that rose as the trend names them (in the reader's language once localized)", () => {
    const rising = { ...trend(edition(2025, 0.4, [['Agua', 0.2]]), edition(2026, 0.6, [['Agua', 0.5]])), axisNames: { Agua: 'Aigua' } };
    expect(reportSummary(result, levels(), true, rising).history!.improvements).toEqual([{ axisText: 'Aigua', from: 0.2, to: 0.5 }]);
  });

  it("has no improvements for an entity's first campaign, and a withheld rank is left out", () => {
    const withheld = { ...result, global: { ...result.global, rank: { ...result.global.rank, province: null } } };
    const summary = reportSummary(withheld, levels(), true, trend(edition(2026, 0.6, [['Agua', 0.5]])));
    expect(summary.history).toEqual({ previousYear: null, improvements: [], trend: [{ year: 2026, percentage: 0.6 }] });
    expect(summary.ranks.map((r) => r.level.level)).toEqual(['autonomousCommunity', 'country', 'sizeBand']);
  });
});
