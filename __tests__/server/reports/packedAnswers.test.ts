import fc from 'fast-check';
import { PackedAnswers } from '../../../src/server/reports/packedAnswers.js';
import { heapBytes } from '../../../src/server/reports/heapBytes.js';

const id = fc.integer({ min: 1, max: 2 ** 31 - 1 });
/** Answers as the database gives them: question ids in any order, each with its response ids (possibly none, repeated or unsorted). */
const answers = fc
  .uniqueArray(fc.tuple(id, fc.array(id, { maxLength: 6 })), { selector: ([question]) => question, maxLength: 200 })
  .map((pairs) => new Map(pairs));

describe('PackedAnswers', () => {
  it('gives every answered question its response ids in their order, and nothing for any other question', () => {
    fc.assert(
      fc.property(answers, fc.array(id, { maxLength: 20 }), (map, others) => {
        const packed = PackedAnswers.of(map);
        expect(packed.size).toBe(map.size);
        for (const [question, ids] of map) expect(packed.get(question)).toEqual(ids);
        for (const other of others) expect(packed.get(other)).toEqual(map.get(other));
      }),
    );
  });

  it('answers a copy: changing what it gave changes nothing kept', () => {
    const packed = PackedAnswers.of(new Map([[7, [70, 71]]]));
    packed.get(7)!.push(72);
    expect(packed.get(7)).toEqual([70, 71]);
  });

  it('takes a sixth or less of the memory of the Map it packs, for a campaign of 130 questions', () => {
    const map = new Map(Array.from({ length: 130 }, (_, i) => [1000 + i, i % 4 === 0 ? [3 * i + 1, 3 * i + 2] : [3 * i + 1]]));
    expect(heapBytes(PackedAnswers.of(map)) * 6).toBeLessThanOrEqual(heapBytes(map));
  });
});
