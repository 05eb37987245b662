import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, brotliDecompress, brotliDecompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';

/**
 * Encoded report bodies (a sent campaign's result, comparison or trend, envelope included), at most one per
 * campaign and kind, in a least-recently-used list bounded in bytes.
 *
 * Why a cached body is never stale, with any number of instances: a body is a function of the campaign, which
 * no longer changes once sent (saveAnswer refuses a sent campaign; its scores are written at submission), and
 * of inputs that each carry a version read from the database on every call, in the statement that checks the
 * caller may read the campaign (or, for a comparison, the next one): the place (entity, province and community
 * names and ids, compared as they are), the campaign's scores and its edition's territories (province,
 * community, country, size band) and the registered entities (versions kept by triggers in the same
 * transaction as every write, migrations 004 and 011), the questionnaire texts (catalogue version) and, for a
 * comparison, which campaign is the previous one and its own versions (engine.ts, reportBodies.ts). The
 * caller passes all of that as `version`; a body is served only for an equal version, which means the same
 * committed state of every input. A body is built from reads made after its version was read, so it is never
 * older than its version: if an input changed in between, the body is newer, and only a call that read the
 * version before that change committed can be served it, a call that overlapped the change. A call that starts
 * after a change reads the new version and builds the body again. Nothing else is trusted: the process keeps
 * no state that another instance could change without a version showing it.
 *
 * How a body is kept (ReportCacheOptions.keep):
 * - 'json' (the public answers, the review queues): as its JSON; once it is asked for a second time, a gzip copy
 *   is made in the background (zlib's thread pool), and a brotli copy where the cache makes one, so that a caller
 *   that accepts either is sent a fraction of the JSON without compressing on every call. Until a copy is ready,
 *   the JSON is compressed quickly for that caller (quicklyCompressed, in the route), and sent as it is to a
 *   caller that accepts no compression. Not made at once: a body may be replaced before anyone asks for it again,
 *   and the copy would be work thrown away.
 * - 'brotli' (the report engine's results, comparisons and trends): as its brotli copy alone. A body built on a
 *   call is compressed once, on that call, at quality 0 (quicklyCompressed: 25 KB for a 165 KB result, 0.3 ms):
 *   the copy that call is sent and the only one kept, a sixth of the JSON, so that a campaign's first read, when
 *   its body was not built ahead, pushes out about one campaign's three bodies built ahead (26 KB) instead of
 *   six. Once asked for a second time it is compressed again in the background at quality 5 (18 KB),
 *   RECOMPRESSED_AT_ONCE bodies at most at a time (each holds its JSON, uncounted, while it is compressed); a body
 *   asked for again while that many are is compressed on a later read. No gzip copy is made: every browser
 *   accepts brotli over HTTPS; a caller that accepts gzip alone, or nothing, has the JSON decompressed (0.4 ms
 *   for 165 KB) and, for gzip, compressed on its call.
 *
 * Bodies built ahead of any call (readAhead: an instance's first seconds, ReportEngine.warm) are kept as their
 * brotli copy alone at quality 5, in either kind of cache.
 *
 * Memory: the bodies, their compressed copies and an ENTRY_OVERHEAD per entry stay within maxBytes (by default
 * REPORT_CACHE_BYTES, 224 MiB, REPORT_CACHE_MB in the configuration), plus the bodies being built, one per campaign
 * with a call in flight, and the JSON of at most RECOMPRESSED_AT_ONCE bodies being compressed again.
 */

/**
 * The report engine's bound: the result, comparison and trend built ahead take about 27 KB a sent campaign (18, 2
 * and 4 KB of brotli, 1 KB of bookkeeping each), so 224 MiB keeps them for every municipality of Spain as an entity
 * of its own (8,131 campaigns, 208 MiB measured) with some room. Only what is read takes memory: 2,727 campaigns
 * take 71 MB. With fewer bytes, the first read of a campaign whose body does not fit is built on its call.
 */
export const REPORT_CACHE_BYTES = 224 * 1024 * 1024;

/** A report body: its JSON, and the compressed copies its cache keeps of it (gzip, brotli), once made. */
export interface ReportBody {
  readonly json: Buffer;
  readonly gzip: Buffer | undefined;
  readonly br?: Buffer;
}

/** Compresses a kept body (gzip at zlib's default level, off the event loop). */
const gzipBody = (json: Buffer): Promise<Buffer> => promisify(gzip)(json);

/**
 * The same with brotli at quality 10, off the event loop, for the public answers (publicCache), which every reader
 * of a publication downloads until its next version. Measured on the open data files of an edition of 2,727 entities:
 * the JSON (1.7 MB) 106 KB in 1.8-2.6 s of one core, against 119 KB in 0.5 s at quality 9 and 102 KB in 6 s at 11;
 * the CSV (490 KB) 86 KB in 0.7-0.9 s, against 95 KB. On this machine the bytes are most of such an answer's cost
 * under load (docs/benchmarks.md, "The open data files' compression").
 */
export const brotliBody = (json: Buffer): Promise<Buffer> =>
  promisify(brotliCompress)(json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 10, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length } });

/**
 * A body built ahead of any call, compressed off the event loop at brotli quality 5, its window no larger than the
 * body: measured on a 165 KB result, 18 KB in 1.4 ms of CPU (quality 4: 20 KB in 0.95 ms; 9: a few ms more for
 * some hundred bytes less). Work an instance does in its first seconds, for every first reader after.
 */
const aheadCompressed = (json: Buffer): Promise<Buffer> =>
  promisify(brotliCompress)(json, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
      [zlibConstants.BROTLI_PARAM_LGWIN]: brotliWindowFor(json.length),
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length,
    },
  });

/**
 * A body compressed at once for the caller asking for it, before any copy is kept (a first read): brotli at quality
 * 0, its window no larger than the body, or gzip at level 1, on the event loop. Report bodies are a few hundred KB at
 * most. Measured on a 166 KB result: brotli quality 0 0.30 ms for 25 KB (quality 1: 0.56 ms for 23 KB), gzip 0.61 ms
 * for 26 KB; through zlib's thread pool, brotli quality 1 cost 3.5 ms of CPU and gzip 1.2. Sending the body whole
 * cost the server more than any of them (about 4 ms of socket writes per call on this machine's loopback), and
 * costs a reader on a slow line far more. The copies kept later are compressed better (gzipBody, brotliBody).
 */
export const quicklyCompressed = (json: Buffer, encoding: 'br' | 'gzip'): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(json, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 0,
          [zlibConstants.BROTLI_PARAM_LGWIN]: brotliWindowFor(json.length),
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      })
    : gzipSync(json, { level: 1 });

/**
 * An API answer other than a report (a campaign's questionnaire, a list) compressed in one call on the event loop:
 * brotli at quality 2, its window no larger than the body. @fastify/compress does so (app.ts) with every body up to
 * SYNC_COMPRESS_BYTES; left to itself on a 2-core machine it sent those over 8 KB through a zlib stream at quality
 * 4 with a 4 MB window. Measured on a campaign's questionnaire (campaigns/get on the scale set, 115 KB): 16.5 KB
 * and 1.1-1.3 ms of the instance's CPU per call, against 15.6 KB and 2.5-2.7 ms through the stream.
 */
export const apiBrotli = (body: Buffer): Buffer =>
  brotliCompressSync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 2,
      [zlibConstants.BROTLI_PARAM_LGWIN]: brotliWindowFor(body.length),
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });

/** API answers up to this size are compressed in one call (apiBrotli: about 2 ms at this size); larger ones off the event loop. */
export const SYNC_COMPRESS_BYTES = 512 * 1024;

/** Brotli's window (log2 of its bytes) that holds a body of this size whole: 10 to 24, as brotli allows. */
export const brotliWindowFor = (bytes: number): number =>
  Math.min(zlibConstants.BROTLI_MAX_WINDOW_BITS, Math.max(zlibConstants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(Math.max(bytes, 1)))));

/** Bodies smaller than this are sent as they are when no compressed copy is kept: compressing them saves next to nothing. */
export const COMPRESS_AT_ONCE_BYTES = 1024;

/** Bytes counted per entry besides its body: key, version, map entry and promise, generously rounded up. */
const ENTRY_OVERHEAD = 1024;

/** A ReportBody as kept: its compressed copies are set once made. */
type KeptBody = { json: Buffer; gzip: Buffer | undefined; br?: Buffer };

/** A body built ahead, kept as its brotli copy alone: its JSON is decompressed for each caller that needs it (0.4 ms for 165 KB). */
class BrotliBody implements KeptBody {
  gzip: Buffer | undefined = undefined;
  constructor(readonly br: Buffer) {}
  get json(): Buffer {
    return brotliDecompressSync(this.br);
  }
}

interface Entry {
  version: string;
  /** The body; replaced once, by its better brotli copy, in a cache that keeps brotli alone. */
  body: Promise<KeptBody>;
  /** Counted bytes once the body is built (and again once a compressed copy is made), 0 before. */
  size: number;
  /** Whether its better copy has been asked for (made or being made), or is never to be made (a body built ahead). */
  compressing: boolean;
}

/** How a ReportCache keeps its bodies and which copies it makes (see the comment above). */
export type ReportCacheOptions =
  | {
      /** Its JSON (the default). */
      keep?: 'json';
      /** Makes a body's gzip copy once it is asked for again (gzipBody by default). */
      gzip?: (json: Buffer) => Promise<Buffer>;
      /** Makes a brotli copy beside the gzip one (public answers: large files many download; brotli is a fifth smaller). */
      brotli?: (json: Buffer) => Promise<Buffer>;
    }
  | {
      /** Its brotli copy alone. */
      keep: 'brotli';
      /** Makes the better copy of a body kept at quality 0, from that copy (betterBrotli by default). */
      recompress?: (br: Buffer) => Promise<Buffer>;
    };

/** A body kept at brotli quality 0, decompressed and compressed again as a body built ahead is, off the event loop. */
const betterBrotli = (br: Buffer): Promise<Buffer> => promisify(brotliDecompress)(br).then(aheadCompressed);

/** How many bodies a cache that keeps brotli alone compresses again at once (each holding its JSON meanwhile). */
export const RECOMPRESSED_AT_ONCE = 2;

export class ReportCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Calls answered with a kept body (or one being built for an earlier call), and calls that built one. */
  hits = 0;
  misses = 0;

  private readonly keepsBrotli: boolean;
  private readonly compress: (json: Buffer) => Promise<Buffer>;
  private readonly brotli: ((json: Buffer) => Promise<Buffer>) | undefined;
  private readonly betterCopy: (br: Buffer) => Promise<Buffer>;
  /** Bodies being compressed again now (at most RECOMPRESSED_AT_ONCE). */
  private recompressing = 0;

  constructor(
    readonly maxBytes = REPORT_CACHE_BYTES,
    options: ReportCacheOptions = {},
  ) {
    this.keepsBrotli = options.keep === 'brotli';
    this.compress = (options.keep !== 'brotli' && options.gzip) || gzipBody;
    this.brotli = options.keep !== 'brotli' ? options.brotli : undefined;
    this.betterCopy = (options.keep === 'brotli' && options.recompress) || betterBrotli;
  }

  /** Bytes counted now (bodies built and kept, with their overhead). */
  get size(): number {
    return this.bytes;
  }

  /**
   * The body kept under key for this version, or build()'s, kept for the next calls. Concurrent calls with
   * the same key and version share one build; a failed build is forgotten, so the next call tries again.
   */
  get(key: string, version: string, build: () => Promise<Buffer>): Promise<ReportBody> {
    // A cache of no bytes (a test or the bench measuring the uncached path) builds every body, shares none.
    if (this.maxBytes <= 0) {
      this.misses += 1;
      return build().then((json) => ({ json, gzip: undefined }));
    }
    const found = this.entries.get(key);
    if (found?.version === version) {
      this.hits += 1;
      this.entries.delete(key);
      this.entries.set(key, found);
      const body = found.body;
      if (!found.compressing && found.size > 0) {
        if (!this.keepsBrotli) {
          found.compressing = true;
          void body.then((kept) => this.entries.get(key) === found && this.addGzip(key, found, kept));
        } else if (this.recompressing < RECOMPRESSED_AT_ONCE) {
          found.compressing = true;
          this.recompress(key, found, body);
        }
      }
      return body;
    }
    this.misses += 1;
    if (found) this.remove(key, found);
    const kept = (json: Buffer): KeptBody =>
      this.keepsBrotli ? new BrotliBody(ownBytes(quicklyCompressed(json, 'br'))) : { json: ownBytes(json), gzip: undefined };
    const entry: Entry = { version, body: build().then(kept), size: 0, compressing: false };
    this.entries.set(key, entry);
    entry.body.then(
      (body) => {
        if (this.entries.get(key) !== entry) return;
        this.count(entry, (body instanceof BrotliBody ? body.br.length : body.json.length) + ENTRY_OVERHEAD);
      },
      () => {
        if (this.entries.get(key) === entry) this.remove(key, entry);
      },
    );
    return entry.body;
  }

  /**
   * Builds a body ahead of any call and keeps it under key for this version, as its brotli copy alone, unless a body
   * is kept or being built for key already, whatever its version ('present': a call's is left as it is, and like any
   * kept body it is served only to a call that reads the same versions), or it would not fit in what is left ('full':
   * nothing is dropped for it, the most reading ahead may keep). A build that fails is thrown, and nothing kept.
   */
  async readAhead(key: string, version: string, build: () => Promise<Buffer>): Promise<'kept' | 'present' | 'full'> {
    if (this.maxBytes <= 0) return 'full';
    if (this.entries.has(key)) return 'present';
    const compressed = ownBytes(await aheadCompressed(await build()));
    const size = compressed.length + ENTRY_OVERHEAD;
    if (this.entries.has(key)) return 'present';
    if (this.bytes + size > this.maxBytes) return 'full';
    // No gzip copy is made of it: every browser accepts brotli, and the copy would cost each first reader's call a
    // decompression and a gzip (1.7 ms of CPU for a 165 KB result). A caller that accepts gzip alone gets it compressed on the call.
    this.entries.set(key, { version, body: Promise.resolve(new BrotliBody(compressed)), size, compressing: true });
    this.bytes += size;
    return 'kept';
  }

  /**
   * In a cache that keeps brotli alone, compresses a body kept at quality 0 again at quality 5, off the event loop,
   * and keeps that copy in its place; a failure only leaves the first copy.
   */
  private recompress(key: string, entry: Entry, body: Promise<KeptBody>): void {
    this.recompressing += 1;
    void body
      .then(async (kept) => {
        if (this.entries.get(key) !== entry || !(kept instanceof BrotliBody)) return;
        const compressed = await this.betterCopy(kept.br);
        if (this.entries.get(key) !== entry || compressed.length >= kept.br.length) return;
        entry.body = Promise.resolve(new BrotliBody(ownBytes(compressed)));
        this.count(entry, compressed.length + ENTRY_OVERHEAD);
      })
      .catch(() => undefined)
      .finally(() => (this.recompressing -= 1));
  }

  /** Makes the kept body's gzip copy (and brotli copy, if this cache makes one); a failure only leaves the body without it. */
  private addGzip(key: string, entry: Entry, body: KeptBody): void {
    this.compress(body.json).then(
      (gzipped) => {
        if (this.entries.get(key) !== entry) return;
        body.gzip = ownBytes(gzipped);
        this.count(entry, entry.size + gzipped.length);
      },
      () => undefined,
    );
    this.brotli?.(body.json).then(
      (compressed) => {
        if (this.entries.get(key) !== entry) return;
        body.br = ownBytes(compressed);
        this.count(entry, entry.size + compressed.length);
      },
      () => undefined,
    );
  }

  /** Sets an entry's counted bytes, then evicts what no longer fits. */
  private count(entry: Entry, size: number): void {
    this.bytes += size - entry.size;
    entry.size = size;
    this.evict();
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  /** Drops the least recently used entries until the counted bytes fit. */
  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) return;
      // A body still being built counts nothing yet and is about to be served: left alone.
      if (entry.size > 0) this.remove(key, entry);
    }
  }
}

/**
 * The body in memory of its own: a small Buffer may be a slice of a shared 8 KB pool, which would then stay
 * alive (and uncounted) as long as the entry.
 */
function ownBytes(body: Buffer): Buffer {
  if (body.byteOffset === 0 && body.byteLength === body.buffer.byteLength) return body;
  const own = Buffer.allocUnsafeSlow(body.length);
  body.copy(own);
  return own;
}
