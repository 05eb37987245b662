import http from 'node:http';
import autocannon from 'autocannon';

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
   * The load generator: autocannon (the default), or Node's own HTTP client ('http'), for answers of hundreds of
   * kilobytes, whose bodies autocannon's parser reads at about 5 ms each (measured: a 339 KB gzip file took 4.7 ms
   * per request from autocannon on one connection, 0.96 ms from Node's client), so that it measures itself.
   */
  client?: 'autocannon' | 'http';
  /**
   * The request i asks `url` followed by each[i] (a campaign's id), so that every request is the first of its
   * campaign; the run ends once each has been asked (with autocannon, all but the last `connections`: see measure),
   * or with Node's client once `seconds` have passed, if sooner.
   */
  each?: number[];
}

/**
 * Loads one URL from `connections` keep-alive connections with Node's HTTP client, each sending its next request
 * when the last answer's body has arrived, for `seconds`; keeps every 2xx response time, to the body's last byte.
 */
function measureWithHttp(options: MeasureOptions): Promise<Measured> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const headers = { 'accept-encoding': 'gzip, deflate, br, zstd', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) };
  const times: number[] = [];
  let failures = 0;
  let sent = 0;
  const nextUrl = () => {
    const { url, each } = options;
    sent += 1;
    return each ? url + String(each[sent - 1]) : url;
  };
  const runStarted = performance.now();
  const until = runStarted + options.seconds * 1000;
  // With a list of ids, the run also ends when each has been asked once.
  const more = () => performance.now() < until && (!options.each || sent < options.each.length);
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const request = http.get(nextUrl(), { agent, headers }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          if (res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300) times.push(performance.now() - started);
          else failures += 1;
          resolve();
        });
      });
      request.on('error', () => {
        failures += 1;
        resolve();
      });
    });
  const connection = async () => {
    while (more()) await once();
  };
  return Promise.all(Array.from({ length: options.connections }, connection)).then(() => {
    agent.destroy();
    if (failures > 0 || times.length === 0) throw new Error(`${options.url}: ${failures} failed answers, ${times.length} answers`);
    times.sort((a, b) => a - b);
    const seconds = (performance.now() - runStarted) / 1000;
    return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), p99: percentile(times, 0.99), requestsPerSecond: times.length / seconds };
  });
}

/** Loads one URL with autocannon and keeps every response time (autocannon's own summary has no p95); or with Node's client (options.client). */
export function measure(options: MeasureOptions): Promise<Measured> {
  if (options.client === 'http') return measureWithHttp(options);
  const times: number[] = [];
  // As a browser asks: every browser accepts gzip, and the report calls answer it when they can.
  const headers = { 'accept-encoding': 'gzip, deflate, br, zstd', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) };
  const { each } = options;
  const path = new URL(options.url);
  let sent = 0;
  // With a list of ids, every connection's next request asks the next id of the one list (its campaign's first read).
  // autocannon prepares each connection's next request when an answer arrives, so up to one per connection is prepared
  // and never sent: the run stops that many ids short of the list's end, and no id is asked twice.
  const perRequest = each && {
    requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: path.pathname + path.search + String(each[sent++]) }) }],
    amount: each.length - options.connections,
  };
  const started = performance.now();
  let lastAnswer = started;
  return new Promise<Measured>((resolve, reject) => {
    const instance = autocannon({ url: options.url, connections: options.connections, duration: options.seconds, headers, ...perRequest }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx > 0 || r.errors > 0 || times.length === 0)
        return reject(new Error(`${options.url}: ${r.non2xx} non-2xx answers, ${r.errors} errors, ${r.timeouts} timeouts, ${times.length} answers`));
      times.sort((a, b) => a - b);
      // Answers over the time from the start to the last answer: autocannon's own figures count whole seconds, which a
      // run that a list ends early (in a second and a half, say) would halve.
      const seconds = (lastAnswer - started) / 1000;
      resolve({ p50: percentile(times, 0.5), p95: percentile(times, 0.95), p99: percentile(times, 0.99), requestsPerSecond: times.length / seconds });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      lastAnswer = performance.now();
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    });
  });
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
