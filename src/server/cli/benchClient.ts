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

/** Loads one URL with autocannon and keeps every response time (autocannon's own summary has no p95). */
export function measure(options: { url: string; token?: string; connections: number; seconds: number }): Promise<Measured> {
  const times: number[] = [];
  // As a browser asks: every browser accepts gzip, and the report calls answer it when they can.
  const headers = { 'accept-encoding': 'gzip, deflate, br, zstd', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) };
  return new Promise<Measured>((resolve, reject) => {
    const instance = autocannon({ url: options.url, connections: options.connections, duration: options.seconds, headers }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx > 0 || r.errors > 0 || times.length === 0)
        return reject(new Error(`${options.url}: ${r.non2xx} non-2xx answers, ${r.errors} errors, ${r.timeouts} timeouts, ${times.length} answers`));
      times.sort((a, b) => a - b);
      resolve({ p50: percentile(times, 0.5), p95: percentile(times, 0.95), p99: percentile(times, 0.99), requestsPerSecond: r.requests.average });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    });
  });
}

// Run as a child process by bench.ts, so that the load generator does not share the server's event loop.
if (process.send && process.argv[2]) {
  const send = process.send.bind(process);
  measure(JSON.parse(process.argv[2])).then(
    (measured) => send({ measured }, () => process.disconnect()),
    (err: unknown) => send({ error: String(err) }, () => process.disconnect()),
  );
}
