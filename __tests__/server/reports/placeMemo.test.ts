import { PlaceMemo } from '../../../src/server/reports/placeMemo.js';
import type { CampaignPlace } from '../../../src/server/db/repositories/resultQueries.js';

/** A place as a statement reads it: what the memo looks at is its version (the rest is carried as it is). */
const place = (campaignId: number, placeVersion: string, entityName = 'Mancomunidad'): CampaignPlace =>
  ({ campaignId, placeVersion, entityName }) as CampaignPlace;

describe('the places kept by report calls', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 0;
  });

  it('offers a kept place under its key, to be checked against the version read now', () => {
    const memo = new PlaceMemo(10, 1000, now);
    expect(memo.candidate('comparison', 1)).toBeUndefined();
    memo.keep('comparison', 1, place(1, 'v1'));
    expect(memo.candidate('comparison', 1)).toMatchObject({ campaignId: 1, placeVersion: 'v1' });
    // Each kind of place under its own key.
    expect(memo.candidate('trend', 1)).toBeUndefined();
    // A campaign no longer found forgets its place.
    memo.keep('comparison', 1, undefined);
    expect(memo.candidate('comparison', 1)).toBeUndefined();
  });

  it('offers none for settleMs after it saw the version move: places are then read whole', () => {
    const memo = new PlaceMemo(10, 1000, now);
    memo.keep('campaign', 1, place(1, 'v1'));
    memo.saw('v1');
    expect(memo.candidate('campaign', 1)).toBeDefined();
    clock = 5000;
    memo.saw('v2');
    expect(memo.candidate('campaign', 1)).toBeUndefined();
    clock = 5999;
    expect(memo.candidate('campaign', 1)).toBeUndefined();
    clock = 6000;
    expect(memo.candidate('campaign', 1)).toBeDefined();
    // A place read with a newer version is a move too.
    memo.keep('campaign', 2, place(2, 'v3'));
    expect(memo.candidate('campaign', 1)).toBeUndefined();
  });

  it('keeps places frozen, since every call that uses one shares it', () => {
    const memo = new PlaceMemo(10, 0, now);
    memo.keep('campaign', 1, place(1, 'v1'));
    const kept = memo.candidate('campaign', 1)!;
    expect(() => {
      (kept as { entityName: string }).entityName = 'otra';
    }).toThrow(TypeError);
  });

  it('keeps at most max places and maxBytes of them, least recently used out', () => {
    const memo = new PlaceMemo(2, 0, now);
    memo.keep('campaign', 1, place(1, 'v'));
    memo.keep('campaign', 2, place(2, 'v'));
    expect(memo.candidate('campaign', 1)).toBeDefined();
    memo.keep('campaign', 3, place(3, 'v'));
    expect([memo.candidate('campaign', 1), memo.candidate('campaign', 2), memo.candidate('campaign', 3)].map((p) => p?.campaignId)).toEqual([1, undefined, 3]);
    expect(memo.kept.places).toBe(2);

    const one = new PlaceMemo(10, 0, now);
    one.keep('campaign', 1, place(1, 'v'));
    const bytes = one.kept.bytes;
    expect(bytes).toBeGreaterThan(0);
    const bounded = new PlaceMemo(10, 0, now, 2 * bytes);
    for (const id of [1, 2, 3]) bounded.keep('campaign', id, place(id, 'v'));
    expect(bounded.kept).toEqual({ places: 2, bytes: 2 * bytes });
    expect(bounded.candidate('campaign', 1)).toBeUndefined();
  });

  it('keeps nothing with max 0, the reference that keeps no report', () => {
    const memo = new PlaceMemo(0, 0, now);
    memo.keep('campaign', 1, place(1, 'v'));
    expect(memo.candidate('campaign', 1)).toBeUndefined();
    expect(memo.kept).toEqual({ places: 0, bytes: 0 });
  });
});
