import { consistencySummary, describeDifference, sumsAgree, territorialDifferences } from '../../../src/server/reports/consistency.js';
import type { ScoreSumsPair, TerritorialFigures } from '../../../src/server/db/repositories/consistency.js';

const key = { edition: 2026, territory: 'province', territoryId: '46', scope: 'policy', categoryId: 12 };
const sums = (participants: number, percentageSum: number, valueSum: number) => ({ participants, percentageSum, valueSum });
const figures = (
  scores: ScoreSumsPair[],
  registered: TerritorialFigures['registered'] = [],
  counts: TerritorialFigures['counts'] = [],
): TerritorialFigures => ({ scores, registered, counts });

describe('territorial figures against their recomputation', () => {
  it('finds nothing when every stored figure equals its recomputation', () => {
    const same = figures(
      [{ ...key, stored: sums(3, 1.5, 40), recomputed: sums(3, 1.5, 40) }],
      [{ territory: 'country', territoryId: 'ES', stored: 36, recomputed: 36 }],
    );
    expect(territorialDifferences(same)).toEqual([]);
  });

  it('compares sums of floats within a relative tolerance, since a sum kept one term at a time differs in the last bits', () => {
    // 0.1 + 0.2 + 0.3 in two orders: 0.6000000000000001 and 0.6.
    const reordered = figures([{ ...key, stored: sums(3, 0.1 + 0.2 + 0.3, 1e6 + 1e-5), recomputed: sums(3, 0.3 + 0.2 + 0.1, 1e6) }]);
    expect(0.1 + 0.2 + 0.3).not.toBe(0.3 + 0.2 + 0.1);
    expect(territorialDifferences(reordered)).toEqual([]);
    expect(sumsAgree(2.3, 2.3 + 1e-7)).toBe(false);
    expect(sumsAgree(0, 1e-10)).toBe(true);
  });

  it('reports each field that differs: a phantom participant moves the count and both sums', () => {
    const phantom = figures([{ ...key, stored: sums(4, 2.95, 49), recomputed: sums(3, 2.3, 40) }]);
    expect(territorialDifferences(phantom)).toEqual([
      { ...key, field: 'participants', stored: 4, recomputed: 3 },
      { ...key, field: 'percentage_sum', stored: 2.95, recomputed: 2.3 },
      { ...key, field: 'value_sum', stored: 49, recomputed: 40 },
    ]);
  });

  it('counts participants exactly, even when a participant with no points leaves the sums unchanged', () => {
    expect(territorialDifferences(figures([{ ...key, stored: sums(4, 1, 10), recomputed: sums(3, 1, 10) }]))).toEqual([
      { ...key, field: 'participants', stored: 4, recomputed: 3 },
    ]);
  });

  it('takes a missing row on either side as zeros: a kept row of zeros is right, a row without participants is not', () => {
    expect(
      territorialDifferences(
        figures([{ ...key, stored: sums(0, 0, 0), recomputed: null }], [{ territory: 'province', territoryId: '03', stored: 0, recomputed: null }]),
      ),
    ).toEqual([]);
    expect(territorialDifferences(figures([{ ...key, stored: null, recomputed: sums(1, 0.5, 8) }]))).toEqual([
      { ...key, field: 'participants', stored: 0, recomputed: 1 },
      { ...key, field: 'percentage_sum', stored: 0, recomputed: 0.5 },
      { ...key, field: 'value_sum', stored: 0, recomputed: 8 },
    ]);
  });

  it('compares entity counts exactly', () => {
    expect(territorialDifferences(figures([], [{ territory: 'autonomousCommunity', territoryId: '10', stored: 9, recomputed: 8 }]))).toEqual([
      { territory: 'autonomousCommunity', territoryId: '10', field: 'registered', stored: 9, recomputed: 8 },
    ]);
  });

  it('compares the rank counts exactly, a missing row counting as zero', () => {
    const count = { edition: 2026, territory: 'sizeBand', territoryId: '5001', scope: 'total', categoryId: 0, shownPercentage: 453 };
    expect(
      territorialDifferences(
        figures(
          [],
          [],
          [
            { ...count, stored: 2, recomputed: 2 },
            { ...count, shownPercentage: 454, stored: 0, recomputed: null },
          ],
        ),
      ),
    ).toEqual([]);
    const differences = territorialDifferences(figures([], [], [{ ...count, stored: 3, recomputed: 2 }]));
    expect(differences).toEqual([{ ...count, field: 'ranked', stored: 3, recomputed: 2 }]);
    expect(describeDifference(differences[0])).toBe('edition 2026, sizeBand 5001, total 0, shown 45.3 %: ranked stored 3, recomputed 2');
  });

  it('describes a difference in one line and sums the check up', () => {
    expect(describeDifference({ ...key, field: 'participants', stored: 15, recomputed: 9 })).toBe(
      'edition 2026, province 46, policy 12: participants stored 15, recomputed 9',
    );
    expect(describeDifference({ territory: 'country', territoryId: 'ES', field: 'registered', stored: 35, recomputed: 36 })).toBe(
      'entities registered, country ES: registered stored 35, recomputed 36',
    );
    const checked = figures([{ ...key, stored: sums(1, 1, 1), recomputed: sums(1, 1, 1) }], []);
    expect(consistencySummary(checked, [])).toBe(
      'ok: 1 territorial sums, 0 entity counts and 0 rank counts equal their recomputation from the stored scores and entities',
    );
    expect(consistencySummary(checked, [{ ...key, field: 'participants', stored: 2, recomputed: 1 }])).toBe(
      '1 difference in 1 territorial sums, 0 entity counts and 0 rank counts',
    );
  });
});
