import { jest } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { brotliBody, brotliWindowFor, quicklyCompressed, RECOMPRESSED_AT_ONCE, ReportCache } from '../../../src/server/reports/reportCache.js';

const body = (text: string, size = text.length) => Buffer.alloc(size, text);
const settled = () => new Promise((resolve) => setImmediate(resolve));
/** A compression that finishes at once, so that sizes are known when a test checks them. */
const fakeGzip = async (json: Buffer) => Buffer.from(`gzip of ${json.length}`);

describe('the report cache', () => {
  it('builds once per key and version, and again when the version changes', async () => {
    const cache = new ReportCache(1024 * 1024, { gzip: fakeGzip });
    const build = jest.fn(async () => body('a'));
    expect((await cache.get('result:1', 'v1', build)).json.toString()).toBe('a');
    expect((await cache.get('result:1', 'v1', build)).json.toString()).toBe('a');
    expect(build).toHaveBeenCalledTimes(1);
    await cache.get('result:1', 'v2', async () => body('b'));
    expect((await cache.get('result:1', 'v2', build)).json.toString()).toBe('b');
    expect((await cache.get('result:1', 'v1', async () => body('c'))).json.toString()).toBe('c');
    expect(build).toHaveBeenCalledTimes(1);
    // What the metrics read: the calls answered with a kept body, and those that built one.
    expect([cache.hits, cache.misses]).toEqual([2, 3]);
  });

  it('keeps one body per key: a new version replaces the old one', async () => {
    const cache = new ReportCache(1024 * 1024, { gzip: fakeGzip });
    await cache.get('result:1', 'v1', async () => body('a', 1000));
    await settled();
    const one = cache.size;
    await cache.get('result:1', 'v2', async () => body('b', 1000));
    await settled();
    expect(cache.size).toBe(one);
  });

  it('shares one build between concurrent calls and forgets a failed one', async () => {
    const cache = new ReportCache(1024 * 1024, { gzip: fakeGzip });
    let release: (b: Buffer) => void = () => undefined;
    const build = jest.fn(() => new Promise<Buffer>((resolve) => (release = resolve)));
    const calls = [cache.get('k', 'v', build), cache.get('k', 'v', build)];
    release(body('x'));
    expect((await Promise.all(calls)).map((b) => b.json.toString())).toEqual(['x', 'x']);
    expect(build).toHaveBeenCalledTimes(1);

    await expect(cache.get('f', 'v', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    await settled();
    expect((await cache.get('f', 'v', async () => body('ok'))).json.toString()).toBe('ok');
  });

  it('stays within its bound, dropping the least recently used bodies first', async () => {
    // Each entry counts its 1,000 bytes and its overhead: two fit in 5,000 bytes, three do not.
    const cache = new ReportCache(5000, { gzip: fakeGzip });
    const rebuilt: string[] = [];
    const build = (key: string) => async () => {
      rebuilt.push(key);
      return body(key, 1000);
    };
    const get = async (key: string) => {
      await cache.get(key, 'v', build(key));
      await settled();
    };
    for (const key of ['a', 'b', 'a', 'c']) await get(key);
    expect(rebuilt).toEqual(['a', 'b', 'c']);
    expect(cache.size).toBeLessThanOrEqual(5000);
    for (const key of ['a', 'c', 'b']) await get(key);
    expect(rebuilt).toEqual(['a', 'b', 'c', 'b']);
    expect(cache.size).toBeLessThanOrEqual(5000);
  });

  it('builds every body, concurrent calls included, with a bound of 0', async () => {
    const cache = new ReportCache(0);
    const build = jest.fn(async () => body('z'));
    await Promise.all([cache.get('k', 'v', build), cache.get('k', 'v', build)]);
    const { gzip } = await cache.get('k', 'v', build);
    expect(build).toHaveBeenCalledTimes(3);
    await settled();
    expect(gzip).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never keeps a body larger than its bound', async () => {
    const cache = new ReportCache(1000, { gzip: fakeGzip });
    const build = jest.fn(async () => body('z', 2000));
    await cache.get('k', 'v', build);
    await settled();
    await cache.get('k', 'v', build);
    expect(build).toHaveBeenCalledTimes(2);
    await settled();
    expect(cache.size).toBe(0);
  });

  it('copies a small body out of the shared buffer pool, so that the bound counts all it keeps', async () => {
    const pooled = Buffer.from('{"response":1}');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    const { json: kept } = await new ReportCache().get('k', 'v', async () => pooled);
    expect(kept.toString()).toBe('{"response":1}');
    expect(kept.buffer.byteLength).toBe(kept.length);
  });

  it('adds a gzip copy of a kept body in the background, counted in its bound', async () => {
    const cache = new ReportCache();
    const json = Buffer.from(JSON.stringify({ response: Array.from({ length: 500 }, (_, i) => ({ policyText: `Política ${i}`, percentage: i / 500 })) }));
    const first = await cache.get('result:1', 'v', async () => json);
    expect(first.gzip).toBeUndefined();
    let kept = first;
    for (let i = 0; i < 100 && !kept.gzip; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      kept = await cache.get('result:1', 'v', async () => Buffer.from('rebuilt'));
    }
    expect(kept.json).toBe(json);
    expect(kept.gzip && gunzipSync(kept.gzip).equals(json)).toBe(true);
    expect(kept.gzip!.length).toBeLessThan(json.length / 4);
    expect(cache.size).toBe(json.length + kept.gzip!.length + 1024);
  });

  it('adds a brotli copy beside the gzip one where asked (the public answers), counted in its bound', async () => {
    const cache = new ReportCache(1024 * 1024, { gzip: fakeGzip, brotli: brotliBody });
    const json = Buffer.from('entidad;provincia;CC BY 4.0\n'.repeat(2000));
    await cache.get('opendata', 'v', async () => json);
    let kept = await cache.get('opendata', 'v', async () => Buffer.from('rebuilt'));
    for (let i = 0; i < 100 && !kept.br; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      kept = await cache.get('opendata', 'v', async () => Buffer.from('rebuilt'));
    }
    expect(brotliDecompressSync(kept.br!).equals(json)).toBe(true);
    expect(kept.gzip?.toString()).toBe(`gzip of ${json.length}`);
    expect(cache.size).toBe(json.length + kept.gzip!.length + kept.br!.length + 1024);
    // A cache not asked for one makes none.
    const reports = new ReportCache(1024 * 1024, { gzip: fakeGzip });
    await reports.get('r', 'v', async () => json);
    await reports.get('r', 'v', async () => json);
    await settled();
    expect((await reports.get('r', 'v', async () => json)).br).toBeUndefined();
  });

  it('compresses a kept body only once it is asked for again, and only once', async () => {
    const compress = jest.fn(fakeGzip);
    const cache = new ReportCache(1024 * 1024, { gzip: compress });
    await cache.get('k', 'v1', async () => body('a', 100));
    await settled();
    // Replaced before anyone asked for it again: never compressed.
    await cache.get('k', 'v2', async () => body('b', 100));
    await settled();
    expect(compress).not.toHaveBeenCalled();
    for (let i = 0; i < 3; i++) await cache.get('k', 'v2', async () => body('c', 100));
    await settled();
    expect(compress).toHaveBeenCalledTimes(1);
    expect((await cache.get('k', 'v2', async () => body('c', 100))).gzip?.toString()).toBe('gzip of 100');
  });

  it('keeps a body without a copy when compressing fails', async () => {
    const cache = new ReportCache(1024 * 1024, { gzip: async () => Promise.reject(new Error('zlib failed')) });
    await cache.get('k', 'v', async () => body('a', 100));
    await settled();
    await cache.get('k', 'v', async () => body('b'));
    await settled();
    const kept = await cache.get('k', 'v', async () => body('b'));
    expect(kept.json.toString()).toBe('a'.repeat(100));
    expect(kept.gzip).toBeUndefined();
    expect(cache.size).toBe(100 + 1024);
  });

  it('counts no copy for a body replaced while it was being compressed', async () => {
    let finish: (b: Buffer) => void = () => undefined;
    const compress = jest.fn((json: Buffer) => (json.toString().startsWith('a') ? new Promise<Buffer>((resolve) => (finish = resolve)) : fakeGzip(json)));
    const cache = new ReportCache(1024 * 1024, { gzip: compress });
    const old = await cache.get('k', 'v1', async () => body('a', 100));
    await settled();
    // Asked for again: its copy is being made.
    await cache.get('k', 'v1', async () => body('x', 100));
    expect(compress).toHaveBeenCalledTimes(1);
    await cache.get('k', 'v2', async () => body('b', 100));
    await settled();
    const counted = cache.size;
    finish(Buffer.alloc(50));
    await settled();
    expect(old.gzip).toBeUndefined();
    expect(cache.size).toBe(counted);
  });

  it("keeps a body built ahead as its brotli copy alone, never in place of a call's, and only while it fits", async () => {
    const json = Buffer.from(JSON.stringify({ response: Array.from({ length: 500 }, (_, i) => ({ policyText: `Política ${i}`, percentage: i / 500 })) }));
    const cache = new ReportCache(64 * 1024, { gzip: fakeGzip });
    expect(await cache.readAhead('result:1', 'v', async () => json)).toBe('kept');
    // Counted as its compressed bytes, a fraction of the body's.
    expect(cache.size).toBeGreaterThan(1024);
    expect(cache.size).toBeLessThan(1024 + json.length / 4);
    const build = jest.fn(async () => Buffer.from('rebuilt'));
    const kept = await cache.get('result:1', 'v', build);
    expect(build).not.toHaveBeenCalled();
    expect([cache.hits, cache.misses]).toEqual([1, 0]);
    expect(brotliDecompressSync(kept.br!).equals(json)).toBe(true);
    // Its JSON, for a caller that accepts no brotli, decompressed from the copy.
    expect(kept.json.equals(json)).toBe(true);
    // Asked again, it gets no gzip copy (which would cost every first reader's call a decompression and a gzip).
    await settled();
    expect((await cache.get('result:1', 'v', build)).gzip).toBeUndefined();

    // A body kept or being built for a call is newer than, or as new as, one built ahead: never replaced.
    expect(await cache.readAhead('result:1', 'v0', async () => json)).toBe('present');
    expect((await cache.get('result:1', 'v', build)).json.equals(json)).toBe(true);
    let release: (b: Buffer) => void = () => undefined;
    const call = cache.get('result:2', 'v', () => new Promise<Buffer>((resolve) => (release = resolve)));
    expect(await cache.readAhead('result:2', 'v', async () => body('ahead'))).toBe('present');
    release(body('call'));
    expect((await call).json.toString()).toBe('call');
    // A version read by a later call is built again, as for any kept body.
    expect((await cache.get('result:1', 'v2', async () => body('new'))).json.toString()).toBe('new');

    // Once one more would not fit, nothing is kept and nothing dropped for it.
    const before = cache.size;
    // Random bytes do not compress: 64 KB, more than is left.
    expect(await cache.readAhead('result:3', 'v', async () => randomBytes(64 * 1024))).toBe('full');
    expect(cache.size).toBe(before);
    expect(await new ReportCache(0).readAhead('result:1', 'v', async () => json)).toBe('full');
  });

  it("keeps a call's body, in a cache that keeps brotli alone, as the copy that call is sent, then compresses it better once", async () => {
    const json = Buffer.from(JSON.stringify({ response: Array.from({ length: 2000 }, (_, i) => ({ policyText: `Política ${i}`, percentage: i / 2000 })) }));
    const cache = new ReportCache(1024 * 1024, { keep: 'brotli' });
    const first = await cache.get('result:1', 'v', async () => json);
    // The copy a first read is sent (quality 0), kept alone: counted as its own bytes, a fraction of the JSON's.
    expect(first.br!.equals(quicklyCompressed(json, 'br'))).toBe(true);
    expect(first.br!.length).toBeLessThan(json.length / 4);
    expect(first.gzip).toBeUndefined();
    expect(first.json.equals(json)).toBe(true);
    expect(cache.size).toBe(first.br!.length + 1024);

    // Asked again: served the same copy at once, and compressed again, better, in the background.
    const build = jest.fn(async () => Buffer.from('rebuilt'));
    expect(await cache.get('result:1', 'v', build)).toBe(first);
    let kept = first;
    for (let i = 0; i < 300 && kept === first; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      kept = await cache.get('result:1', 'v', build);
    }
    expect(build).not.toHaveBeenCalled();
    expect(cache.misses).toBe(1);
    expect(kept.br!.length).toBeLessThan(first.br!.length);
    expect(brotliDecompressSync(kept.br!).equals(json)).toBe(true);
    expect(kept.json.equals(json)).toBe(true);
    // Never a gzip copy; counted as the better copy alone.
    expect(kept.gzip).toBeUndefined();
    expect(cache.size).toBe(kept.br!.length + 1024);
  });

  it('compresses a body again once, RECOMPRESSED_AT_ONCE at a time, and keeps no copy of one replaced meanwhile', async () => {
    const pending: { br: Buffer; finish: (b: Buffer) => void }[] = [];
    const recompress = jest.fn((br: Buffer) => new Promise<Buffer>((resolve) => pending.push({ br, finish: resolve })));
    const cache = new ReportCache(1024 * 1024, { keep: 'brotli', recompress });
    const json = (text: string) => Buffer.from(JSON.stringify({ response: text.repeat(2000) }));
    const kept = await Promise.all(['a', 'b', 'c'].map((key) => cache.get(key, 'v', async () => json(key))));
    const counted = cache.size;
    // Each asked again: two are compressed again at once, the third is left for a later read.
    for (const key of ['a', 'b', 'c']) await cache.get(key, 'v', async () => json('x'));
    await settled();
    expect(recompress.mock.calls.map(([br]) => br)).toEqual([kept[0].br, kept[1].br]);
    expect(RECOMPRESSED_AT_ONCE).toBe(2);

    // 'b' is replaced while its copy is being made: that copy is neither kept nor counted.
    const replaced = await cache.get('b', 'v2', async () => json('n'));
    pending[1].finish(Buffer.from('smaller b'));
    // 'a''s copy is kept in its place, counted instead of the first.
    pending[0].finish(Buffer.from('smaller a'));
    await settled();
    await settled();
    expect((await cache.get('a', 'v', async () => json('x'))).br!.toString()).toBe('smaller a');
    expect(await cache.get('b', 'v2', async () => json('x'))).toBe(replaced);
    expect(cache.size).toBe(counted - kept[0].br!.length - kept[1].br!.length + 'smaller a'.length + replaced.br!.length);

    // With room again, 'c' is compressed on its next read (as the new 'b', read a second time above); 'a' never again.
    await cache.get('c', 'v', async () => json('x'));
    await cache.get('a', 'v', async () => json('x'));
    await settled();
    expect(recompress.mock.calls.map(([br]) => br)).toEqual([kept[0].br, kept[1].br, replaced.br, kept[2].br]);
    // A copy no smaller than the first leaves the first.
    pending[3].finish(Buffer.alloc(kept[2].br!.length + 1));
    await settled();
    await settled();
    expect(await cache.get('c', 'v', async () => json('x'))).toBe(kept[2]);
  });

  it("makes room for a call's body in a cache that keeps brotli alone by dropping bodies of its compressed size, not its JSON's", async () => {
    const json = (i: number) =>
      Buffer.from(JSON.stringify({ response: Array.from({ length: 2000 }, (_, j) => ({ policyText: `Política ${j} de ${i}`, percentage: j / 2000 })) }));
    const one = quicklyCompressed(json(0), 'br').length + 1024;
    // Room for ten bodies built ahead (each at quality 5, smaller than one at quality 0).
    const cache = new ReportCache(10 * one, { keep: 'brotli' });
    for (let i = 0; i < 10; i++) expect(await cache.readAhead(`result:${i}`, 'v', async () => json(i))).toBe('kept');
    // A first read of a campaign not built ahead: its body pushes out the least recently used one or two, not the JSON's worth.
    await cache.get('result:10', 'v', async () => json(10));
    await settled();
    const build = jest.fn(async () => Buffer.from('rebuilt'));
    for (let i = 2; i <= 10; i++) await cache.get(`result:${i}`, 'v', build);
    expect(build).not.toHaveBeenCalled();
    expect(cache.size).toBeLessThanOrEqual(10 * one);
  });

  it('compresses a first read at once, brotli with a window that holds the body, each decompressing to the same bytes', () => {
    expect([1, 1024, 1025, 167_000, 1 << 24, 1 << 30].map(brotliWindowFor)).toEqual([10, 10, 11, 18, 24, 24]);
    const texts = [
      '',
      'ñ',
      JSON.stringify({ comment: 'Según el acta: «sí», 3.000 € 🌊', values: Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 1000) }),
    ];
    for (const json of texts.map((t) => Buffer.from(t))) {
      expect(brotliDecompressSync(quicklyCompressed(json, 'br')).equals(json)).toBe(true);
      expect(gunzipSync(quicklyCompressed(json, 'gzip')).equals(json)).toBe(true);
    }
    const large = Buffer.from(texts[2]);
    expect(quicklyCompressed(large, 'br').length).toBeLessThan(large.length / 2);
  });
});
