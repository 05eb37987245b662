import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { heapBytes } from '../../../src/server/reports/heapBytes.js';
import { campaignPart, territoryPart } from '../../../src/server/reports/reportParts.js';
import { answersMap, notesMap } from '../../../src/server/db/repositories/questionnaires.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The heap and array buffers in use once garbage is collected. */
function memoryInUse(): number {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** A campaign part as the database's JSON gives one: 137 scored groups, 200 answers, 40 notes with a comment and a link. */
function campaignPartOf(i: number, comment: string) {
  const own: [string, number, number, number, number][] = [['total', 0, 0.5 + i / 1e6, 10, 500]];
  for (let a = 0; a < 6; a++) own.push(['axis', a, 0.25, 2.5, 250]);
  for (let p = 0; p < 30; p++) own.push(['policy', p, 0.3, 3.25, 300]);
  for (let m = 0; m < 100; m++) own.push(['measure', m, 0.75, 1.5, 750]);
  const answers: Record<string, number[]> = {};
  for (let s = 0; s < 200; s++) answers[1000 + s] = [s * 3 + 1];
  const notes: Record<string, unknown> = {};
  for (let s = 0; s < 40; s++) {
    const link = { id: s, kind: 'link', url: `https://ayuntamiento.es/${i}/${s}`, addedBy: 'ana@demo.es', addedAt: '2026-03-01T10:00:00Z' };
    notes[1000 + s] = { comment: `${comment} ${i}`, notApplicable: false, evidence: [link], prefilled: false };
  }
  // Parsed from text, as a row is: every string is the part's own.
  const rows = JSON.parse(JSON.stringify({ version: `v${i}`, own, answers, notes }));
  return campaignPart({ ...rows, answers: answersMap(rows.answers), notes: notesMap(rows.notes) });
}

/** A territory part: 137 groups' sums and the rank counts of 7 global and axis groups. */
function territoryPartOf(i: number) {
  const sums: [string, number, number, number, number][] = [['total', 0, 40, 20.5 + i, 400.25]];
  for (let a = 0; a < 6; a++) sums.push(['axis', a, 40, 10.25, 100.5]);
  for (let p = 0; p < 30; p++) sums.push(['policy', p, 40, 12.25, 130.5]);
  for (let m = 0; m < 100; m++) sums.push(['measure', m, 40, 30.5, 60.25]);
  const counts: [string, number, number, number][] = [];
  for (let g = 0; g < 7; g++) for (let s = 0; s < 40; s++) counts.push([g ? 'axis' : 'total', g, s * 25, 1]);
  return territoryPart(JSON.parse(JSON.stringify({ version: `t${i}`, registeredVersion: 'r', registered: 100, sums, counts })));
}

describe('heapBytes', () => {
  it("counts a string's characters at one byte for Latin-1 text and two otherwise, and small integers as nothing", () => {
    expect(heapBytes('abc')).toBe(heapBytes('') + 3);
    expect(heapBytes('año à')).toBe(heapBytes('') + 5);
    expect(heapBytes('3.000 €')).toBe(heapBytes('') + 14);
    expect(heapBytes('🌊')).toBe(heapBytes('') + 4);
    expect(heapBytes(7)).toBe(0);
    expect(heapBytes(0.5)).toBeGreaterThan(0);
    expect(heapBytes(null)).toBe(0);
    expect(heapBytes(new Int32Array(1001))).toBeGreaterThan(4004);
  });

  it("grows with a value's content: more entries, longer texts", () => {
    const short = campaignPartOf(1, 'Bien');
    const long = campaignPartOf(1, 'Bien'.padEnd(2000, '.'));
    // 40 comments each 1,996 characters longer.
    expect(heapBytes(long) - heapBytes(short)).toBe(40 * 1996);
    expect(heapBytes(new Map([[1, [2, 3]]]))).toBeLessThan(
      heapBytes(
        new Map([
          [1, [2, 3]],
          [4, [5]],
        ]),
      ),
    );
    expect(heapBytes({ a: [1, 2] })).toBeLessThan(heapBytes({ a: [1, 2, 3] }));
  });

  it.each([
    ['campaign parts without comments', 600, (i: number) => campaignPartOf(i, '')],
    ['campaign parts with 500-character comments', 400, (i: number) => campaignPartOf(i, 'Consta en el acta del pleno. '.repeat(17))],
    ['territory parts', 400, territoryPartOf],
  ])('is within a third of the memory %s take', (_kind, count, make) => {
    const before = memoryInUse();
    const kept: unknown[] = [];
    let estimated = 0;
    for (let i = 0; i < count; i++) {
      const part = make(i);
      estimated += heapBytes(part);
      kept.push(part);
    }
    const measured = memoryInUse() - before;
    expect(kept).toHaveLength(count);
    expect(estimated / measured).toBeGreaterThan(0.75);
    expect(estimated / measured).toBeLessThan(1.33);
  });
});
