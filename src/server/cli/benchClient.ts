import { Pool } from 'undici';

/** What one call measured: exact percentiles over every 2xx response's latency (ms), and throughput. */
export interface Measured {
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
}

/** The value at or below which the fraction p of the sorted samples lie (nearest rank). */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

export interface MeasureOptions {
  url: string;
  token?: string;
  connections: number;
  seconds: number;
  /**
   * The request i asks `url` followed by each[i] (a campaign's id), so that every request is the first of its
   * campaign; the run ends once each has been asked, or once `seconds` have passed, if sooner.
   */
  each?: number[];
  /**
   * A path of the same server asked WARM_UP_REQUESTS times, untimed, before the run (health's): the load generator's
   * own first requests (its connections opened, its code compiled) are then not counted against the call measured,
   * which matters most for a run a list ends within a second.
   */
  warmUpPath?: string;
}

/**
 * The untimed requests of the warm-up (MeasureOptions.warmUpPath). Each measure is a new process, whose code runs
 * unoptimised at first: with 500, a first-read run (under a second) read 1,400-1,550 answers a second on PostgreSQL,
 * with 3,000 2,000-2,400, the same instance and campaigns (docs/benchmarks.md, "The calls on an instance of its own").
 */
export const WARM_UP_REQUESTS = 3000;

/** Asks `path` of the pool's server and resolves, once the answer's last byte has arrived, with its status (0: no answer). */
function ask(pool: Pool, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    let status = 0;
    pool.dispatch(
      { path, method: 'GET', headers },
      {
        onRequestStart: () => undefined,
        onResponseStart: (_controller, statusCode) => void (status = statusCode),
        // Counted by no one: a body is neither copied nor decoded.
        onResponseData: () => undefined,
        onResponseEnd: () => resolve(status),
        onResponseError: () => resolve(0),
      },
    );
  });
}

const succeeded = (status: number) => status >= 200 && status < 300;

/**
 * Loads one URL from `connections` keep-alive connections (undici's Pool, one request at a time on each), each
 * sending its next request when the last answer's last byte has arrived, for `seconds`; keeps every 2xx response's
 * time, from its request to its body's last byte. Bodies are never copied or decoded: the load generator shares
 * the machine's cores with the server it measures, so its own cost per answer must stay small beside the
 * server's, whatever the body's size (docs/benchmarks.md, "The load generator").
 */
export async function measure(options: MeasureOptions): Promise<Measured> {
  const url = new URL(options.url);
  const pool = new Pool(url.origin, { connections: options.connections, pipelining: 1 });
  // As a browser asks: every browser accepts gzip, and the report calls answer it when they can.
  const headers = { 'accept-encoding': 'gzip, deflate, br, zstd', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) };
  const base = url.pathname + url.search;
  const times: number[] = [];
  let failures = 0;
  let sent = 0;
  try {
    if (options.warmUpPath) {
      const { warmUpPath } = options;
      let left = WARM_UP_REQUESTS;
      const warming = async () => {
        while (left > 0) {
          left -= 1;
          await ask(pool, warmUpPath, headers);
        }
      };
      await Promise.all(Array.from({ length: options.connections }, warming));
    }
    const runStarted = performance.now();
    const until = runStarted + options.seconds * 1000;
    // With a list of ids, the run also ends when each has been asked once.
    const more = () => performance.now() < until && (!options.each || sent < options.each.length);
    const nextPath = () => {
      sent += 1;
      return options.each ? base + String(options.each[sent - 1]) : base;
    };
    const connection = async () => {
      while (more()) {
        const started = performance.now();
        if (succeeded(await ask(pool, nextPath(), headers))) times.push(performance.now() - started);
        else failures += 1;
      }
    };
    await Promise.all(Array.from({ length: options.connections }, connection));
    const seconds = (performance.now() - runStarted) / 1000;
    if (failures > 0 || times.length === 0) throw new Error(`${options.url}: ${failures} failed answers, ${times.length} answers`);
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), p99: percentile(times, 0.99), requestsPerSecond: times.length / seconds };
  } finally {
    await pool.close();
  }
}

// Run as a child process by bench.ts, so that the load generator does not share the server's event loop (and only
// then: a test imports it in a process of jest's, which has process.send too).
if (process.send && process.argv[2] && /benchClient\.[jt]s$/.test(process.argv[1] ?? '')) {
  const send = process.send.bind(process);
  measure(JSON.parse(process.argv[2])).then(
    (measured) => send({ measured }, () => process.disconnect()),
    (err: unknown) => send({ error: String(err) }, () => process.disconnect()),
  );
}
