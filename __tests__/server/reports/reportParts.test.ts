import { jest } from '@jest/globals';
import { campaignPart, territoryPart, VersionedMap } from '../../../src/server/reports/reportParts.js';

describe('report parts', () => {
  it('counts, per global or axis group, the participants above each shown percentage', () => {
    const part = territoryPart({
      version: 'v1',
      registeredVersion: 'r1',
      registered: 9,
      sums: [
        ['total', 0, 5, 2.5, 40],
        ['policy', 7, 4, 1.2, 10],
      ],
      counts: [
        ['total', 0, 300, 2],
        ['total', 0, 500, 1],
        ['total', 0, 1000, 2],
      ],
    });
    expect(part.version).toBe('v1 r1');
    expect(part.participants).toBe(5);
    expect(part.sums.get('policy:7')).toEqual({ participants: 4, percentageSum: 1.2, valueSum: 10 });
    const above = part.above.get('total:0')!;
    expect([above[0], above[299], above[300], above[499], above[500], above[999], above[1000]]).toEqual([5, 5, 3, 3, 2, 2, 0]);
    expect(part.above.get('policy:7')).toBeUndefined();
  });

  it("keeps a campaign's shown percentages for its global and axis groups only", () => {
    const part = campaignPart({
      version: 's1',
      own: [
        ['total', 0, 0.5, 10, 500],
        ['axis', 3, 0.25, 2, 250],
        ['measure', 9, 1, 1, 1000],
      ],
      answers: new Map([[1, [2]]]),
      notes: new Map(),
    });
    expect(part.ranked).toEqual([
      ['total', 0],
      ['axis', 3],
    ]);
    expect([...part.shown]).toEqual([
      ['total:0', 500],
      ['axis:3', 250],
    ]);
    expect(part.own.get('measure:9')).toEqual({ percentage: 1, value: 1 });
  });

  describe('VersionedMap', () => {
    const read = (value: string, version = value) => jest.fn(async () => ({ value, version }));
    const versionOf = (v: { version: string }) => v.version;

    it('reads again for another version and shares one read among concurrent calls', async () => {
      const map = new VersionedMap<{ value: string; version: string }>(10);
      const first = read('a');
      const [x, y] = await Promise.all([map.get('k', 'a', first, versionOf), map.get('k', 'a', first, versionOf)]);
      expect(first).toHaveBeenCalledTimes(1);
      expect(x).toBe(y);
      const second = read('b');
      expect((await map.get('k', 'b', second, versionOf)).value).toBe('b');
      expect((await map.get('k', 'b', read('never'), versionOf)).value).toBe('b');
    });

    it('keeps a value read newer than asked under its own version, so that a call asking for that version uses it', async () => {
      const map = new VersionedMap<{ value: string; version: string }>(10);
      // Asked for v1; the read (made after) found v2 already committed.
      expect((await map.get('k', 'v1', read('state 2', 'v2'), versionOf)).value).toBe('state 2');
      const again = read('never');
      expect((await map.get('k', 'v2', again, versionOf)).value).toBe('state 2');
      expect(again).not.toHaveBeenCalled();
      // A call that read v1 gets no value kept for v2 labelled v1: it reads.
      const old = read('state 3', 'v3');
      expect((await map.get('k', 'v1', old, versionOf)).value).toBe('state 3');
      expect(old).toHaveBeenCalledTimes(1);
    });

    it('forgets a failed read and keeps within its count and bytes, least recently used out', async () => {
      const map = new VersionedMap<{ value: string; version: string }>(2, (v) => v.value.length, 10);
      await expect(map.get('k', 'v', async () => Promise.reject(new Error('down')), versionOf)).rejects.toThrow('down');
      const retry = read('v');
      await map.get('k', 'v', retry, versionOf);
      expect(retry).toHaveBeenCalledTimes(1);
      await map.get('a', 'aaaa', read('aaaa'), versionOf);
      await map.get('k', 'v', read('never'), versionOf);
      await map.get('b', 'bbbbbbb', read('bbbbbbb'), versionOf);
      // 'a' (4 bytes) was least recently used: out, leaving k (1) and b (7).
      expect(map.size).toBe(8);
      const a = read('aaaa');
      await map.get('a', 'aaaa', a, versionOf);
      expect(a).toHaveBeenCalledTimes(1);
    });

    it('reads ahead only keys with nothing kept, under the version read, until it is full', async () => {
      const map = new VersionedMap<{ value: string; version: string }>(2);
      await map.get('k', 'v1', read('kept', 'v1'), versionOf);
      const notAgain = read('never');
      await map.readAhead('k', notAgain, versionOf);
      expect(notAgain).not.toHaveBeenCalled();
      expect(map.full).toBe(false);
      await map.readAhead('n', read('new', 'v7'), versionOf);
      expect(map.full).toBe(true);
      const kept = read('never');
      expect((await map.get('n', 'v7', kept, versionOf)).value).toBe('new');
      expect(kept).not.toHaveBeenCalled();
      // Read ahead at v7: a caller that read v8 reads again.
      expect((await map.get('n', 'v8', read('newer', 'v8'), versionOf)).value).toBe('newer');
    });

    it('is full, whatever the count, once one more value the size of the last would go over its bytes', async () => {
      const map = new VersionedMap<{ value: string; version: string }>(100, (v) => v.value.length, 10);
      await map.readAhead('a', read('aaaa'), versionOf);
      expect(map.full).toBe(false);
      // 8 bytes of 10: another 4 would not fit, so reading on would only drop what is kept.
      await map.readAhead('b', read('bbbb'), versionOf);
      expect(map.full).toBe(true);
      expect(map.size).toBe(8);
    });

    it('keeps a value being read when dropping values for bytes, which it would not free', async () => {
      const map = new VersionedMap<{ value: string; version: string }>(100, (v) => v.value.length, 10);
      let finish!: (value: { value: string; version: string }) => void;
      const slow = jest.fn(() => new Promise<{ value: string; version: string }>((resolve) => (finish = resolve)));
      const reading = map.get('slow', 'v', slow, versionOf);
      await map.get('a', 'aaaaaa', read('aaaaaa'), versionOf);
      await map.get('b', 'bbbbbb', read('bbbbbb'), versionOf);
      // 'a' went for 'b' (12 bytes of 10); 'slow', older but still being read, stayed.
      expect(map.size).toBe(6);
      finish({ value: 'ss', version: 'v' });
      await reading;
      const again = read('never');
      expect((await map.get('slow', 'v', again, versionOf)).value).toBe('ss');
      expect(again).not.toHaveBeenCalled();
      expect(slow).toHaveBeenCalledTimes(1);
    });
  });
});
