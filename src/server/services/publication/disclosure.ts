/**
 * Which figures of a final edition may be public (statistical disclosure control), pure. A cell is one territory's
 * figure for one group (the whole questionnaire, an axis, a policy): its participants and, of them, the entities not
 * publishing their own figures. A figure can also be worked out from others: a parent's total minus its shown
 * children's leaves the hidden children's total, and a territory's total minus the figures of the publishing
 * entities listed in it leaves the non-publishers'. So:
 * - a cell is shown only if it is safe: no participant, or at least minGroupSize of them and, of those, no
 *   non-publisher or at least minGroupSize (primary suppression);
 * - in every partition of a parent into children (a community into its provinces, Spain into its communities, Spain
 *   into its size bands), the hidden children together must be safe too: while they are not, the shown child with
 *   the fewest participants is hidden as well, and with none left, the parent (secondary suppression); repeated over
 *   every partition until nothing changes.
 * This is a heuristic of the usual kind (each partition on its own), not a proof against every combination.
 */

/** One cell: its participants and, of them, the entities that do not publish their figures. */
export interface DisclosureCell {
  participants: number;
  nonPublishers: number;
}

/** A parent cell and the cells that partition it, by key. */
export interface Partition {
  parent: string;
  children: readonly string[];
}

/** Whether a group of that many participants, of which that many do not publish, may be shown. */
export const isSafe = ({ participants, nonPublishers }: DisclosureCell, minGroupSize: number): boolean =>
  participants === 0 || (participants >= minGroupSize && (nonPublishers === 0 || nonPublishers >= minGroupSize));

/** The keys of the cells to withhold (a key missing from `cells` has no participant). */
export function suppressedCells(cells: ReadonlyMap<string, DisclosureCell>, partitions: readonly Partition[], minGroupSize: number): Set<string> {
  const cellOf = (key: string): DisclosureCell => cells.get(key) ?? { participants: 0, nonPublishers: 0 };
  const hidden = new Set([...cells].filter(([, cell]) => !isSafe(cell, minGroupSize)).map(([key]) => key));
  for (let changed = true; changed;) {
    changed = false;
    for (const { parent, children } of partitions) {
      for (;;) {
        const inside = children.filter((key) => hidden.has(key) && cellOf(key).participants > 0);
        if (inside.length === 0) break;
        const together = inside.reduce(
          (sum, key) => ({ participants: sum.participants + cellOf(key).participants, nonPublishers: sum.nonPublishers + cellOf(key).nonPublishers }),
          { participants: 0, nonPublishers: 0 },
        );
        if (isSafe(together, minGroupSize)) break;
        const shown = children
          .filter((key) => !hidden.has(key) && cellOf(key).participants > 0)
          .sort((a, b) => cellOf(a).participants - cellOf(b).participants || a.localeCompare(b));
        if (shown.length > 0) hidden.add(shown[0]);
        else if (!hidden.has(parent)) hidden.add(parent);
        else break;
        changed = true;
        if (shown.length === 0) break;
      }
    }
  }
  return hidden;
}

/** A cell's key: its territory and id ('province:16'). */
export const cellKey = (territory: string, id: string) => `${territory}:${id}`;

/** A group's key: its scope and category ('total:0', 'axis:7'). */
export const groupOf = (scope: string, categoryId: number) => `${scope}:${categoryId}`;

/**
 * The partitions of a final edition's territories: each community into its provinces, Spain into its communities,
 * Spain into its size bands (those given).
 */
export function editionPartitions(provinces: readonly { provinceId: string; communityId: string }[], sizeBands: readonly string[]): Partition[] {
  const byCommunity = new Map<string, string[]>();
  for (const { provinceId, communityId } of provinces) byCommunity.set(communityId, [...(byCommunity.get(communityId) ?? []), cellKey('province', provinceId)]);
  return [
    ...[...byCommunity].map(([community, children]) => ({ parent: cellKey('autonomousCommunity', community), children })),
    { parent: cellKey('country', 'ES'), children: [...byCommunity.keys()].map((c) => cellKey('autonomousCommunity', c)) },
    { parent: cellKey('country', 'ES'), children: sizeBands.map((band) => cellKey('sizeBand', band)) },
  ];
}

/**
 * The cells to withhold in every group of a final edition, from its rows (participants and publishers per cell):
 * a function of the group answering the keys withheld in it.
 */
export function withheldByGroup(
  rows: readonly { territory: string; id: string; scope: string; categoryId: number; participants: number; publishers: number }[],
  provinces: readonly { provinceId: string; communityId: string }[],
  minGroupSize: number,
): (scope: string, categoryId: number) => ReadonlySet<string> {
  const groups = new Map<string, Map<string, DisclosureCell>>();
  const bands = new Set<string>();
  for (const r of rows) {
    const group = groupOf(r.scope, r.categoryId);
    if (!groups.has(group)) groups.set(group, new Map());
    groups.get(group)!.set(cellKey(r.territory, r.id), { participants: r.participants, nonPublishers: r.participants - r.publishers });
    if (r.territory === 'sizeBand') bands.add(r.id);
  }
  const partitions = editionPartitions(provinces, [...bands]);
  const withheld = new Map([...groups].map(([group, cells]) => [group, suppressedCells(cells, partitions, minGroupSize)]));
  const none: ReadonlySet<string> = new Set();
  return (scope, categoryId) => withheld.get(groupOf(scope, categoryId)) ?? none;
}
