import fc from 'fast-check';
import { PackedScores } from '../../../src/server/reports/packedScores.js';
import type { OwnScore } from '../../../src/server/reports/figures.js';
import { heapBytes } from '../../../src/server/reports/heapBytes.js';
import { groupKey } from '../../../src/server/reports/scoring.js';

const SCOPES = ['total', 'axis', 'policy', 'measure'];
const key = fc.tuple(fc.constantFrom(...SCOPES), fc.integer({ min: 0, max: 10_000 })).map(([scope, id]) => groupKey(scope, id));
// Any double a score can hold: fractions, zero, large values.
const score = fc.record({ percentage: fc.double({ noNaN: true }), value: fc.double({ noNaN: true }) });
const scores = fc.uniqueArray(fc.tuple(key, score), { selector: ([k]) => k, maxLength: 150 }).map((pairs) => new Map<string, OwnScore>(pairs));

describe('PackedScores', () => {
  it('gives every group its exact percentage and value, nothing for any other group, and every group, in the order given, when iterated', () => {
    fc.assert(
      fc.property(scores, fc.array(key, { maxLength: 20 }), (map, others) => {
        const packed = PackedScores.of(map);
        expect(packed.size).toBe(map.size);
        for (const [k, s] of map) expect(packed.get(k)).toEqual(s);
        for (const other of others) expect(packed.get(other)).toEqual(map.get(other));
        expect([...packed]).toEqual([...map]);
      }),
    );
  });

  it('answers copies: changing what it gave changes nothing kept', () => {
    const packed = PackedScores.of(new Map([['total:0', { percentage: 0.5, value: 10 }]]));
    packed.get('total:0')!.value = 99;
    expect(packed.get('total:0')).toEqual({ percentage: 0.5, value: 10 });
  });

  it('takes a third or less of the memory of the Map it packs, for a campaign of 62 groups', () => {
    const map = new Map(Array.from({ length: 62 }, (_, i) => [groupKey(i < 6 ? 'axis' : 'policy', 100 + i), { percentage: i / 62, value: i + 0.5 }]));
    expect(heapBytes(PackedScores.of(map)) * 3).toBeLessThanOrEqual(heapBytes(map));
  });
});
