import fc from 'fast-check';
import { isSafe, suppressedCells, type DisclosureCell, type Partition } from '../../../../src/server/services/publication/disclosure.js';

const cells = (entries: Record<string, [number, number]>) =>
  new Map(Object.entries(entries).map(([key, [participants, nonPublishers]]) => [key, { participants, nonPublishers }]));

describe('which public figures are withheld', () => {
  it('shows a group of at least MIN_GROUP_SIZE whose non-publishers are none or at least as many', () => {
    expect(isSafe({ participants: 0, nonPublishers: 0 }, 3)).toBe(true);
    expect(isSafe({ participants: 2, nonPublishers: 0 }, 3)).toBe(false);
    expect(isSafe({ participants: 6, nonPublishers: 0 }, 3)).toBe(true);
    expect(isSafe({ participants: 6, nonPublishers: 1 }, 3)).toBe(false);
    expect(isSafe({ participants: 6, nonPublishers: 3 }, 3)).toBe(true);
  });

  it("hides a second province where one alone would be the community's total minus the others", () => {
    // Extremadura: Badajoz 12 participants shown, Cáceres 1 withheld; the community's 13 would give Cáceres away.
    const hidden = suppressedCells(cells({ EXT: [13, 0], BA: [12, 0], CC: [1, 0] }), [{ parent: 'EXT', children: ['BA', 'CC'] }], 3);
    expect([...hidden].sort()).toEqual(['BA', 'CC']);
  });

  it('hides the smallest shown sibling first, and the parent when no sibling is left', () => {
    const partitions = [{ parent: 'C', children: ['p1', 'p2', 'p3'] }];
    expect([...suppressedCells(cells({ C: [20, 0], p1: [1, 0], p2: [4, 0], p3: [15, 0] }), partitions, 3)].sort()).toEqual(['p1', 'p2']);
    // A lone province with one non-publisher among six: its community (the same six) must go too.
    expect([...suppressedCells(cells({ C: [6, 1], p1: [6, 1] }), [{ parent: 'C', children: ['p1'] }], 3)].sort()).toEqual(['C', 'p1']);
  });

  it('follows a hidden community into Spain: a second community goes too', () => {
    const partitions: Partition[] = [
      { parent: 'ES', children: ['A', 'B', 'C'] },
      { parent: 'A', children: ['a1', 'a2'] },
    ];
    const hidden = suppressedCells(cells({ ES: [30, 0], A: [2, 0], a1: [1, 0], a2: [1, 0], B: [8, 0], C: [20, 0] }), partitions, 3);
    expect([...hidden].sort()).toEqual(['A', 'B', 'a1', 'a2']);
  });

  it('leaves, whatever the figures, no parent shown beside hidden children that are unsafe together', () => {
    const cell = fc
      .record({ participants: fc.integer({ min: 0, max: 12 }), nonPublishers: fc.integer({ min: 0, max: 12 }) })
      .map((c): DisclosureCell => ({ participants: c.participants, nonPublishers: Math.min(c.participants, c.nonPublishers) }));
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 5 }), (tree, min) => {
        // Spain made of communities made of provinces, each parent the sum of its children.
        const all = new Map<string, DisclosureCell>();
        const partitions: Partition[] = [];
        const sum = (list: DisclosureCell[]) =>
          list.reduce((s, c) => ({ participants: s.participants + c.participants, nonPublishers: s.nonPublishers + c.nonPublishers }), {
            participants: 0,
            nonPublishers: 0,
          });
        tree.forEach((provinces, i) => {
          provinces.forEach((p, j) => all.set(`p${i}.${j}`, p));
          all.set(`c${i}`, sum(provinces));
          partitions.push({ parent: `c${i}`, children: provinces.map((_, j) => `p${i}.${j}`) });
        });
        all.set('ES', sum(tree.map((_, i) => all.get(`c${i}`)!)));
        partitions.push({ parent: 'ES', children: tree.map((_, i) => `c${i}`) });
        const hidden = suppressedCells(all, partitions, min);
        for (const [key, c] of all) if (!isSafe(c, min)) expect(hidden.has(key)).toBe(true);
        for (const { parent, children } of partitions) {
          if (hidden.has(parent)) continue;
          expect(isSafe(sum(children.filter((k) => hidden.has(k)).map((k) => all.get(k)!)), min)).toBe(true);
        }
      }),
    );
  });
});
