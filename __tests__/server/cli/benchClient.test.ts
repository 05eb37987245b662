import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { measure } from '../../../src/server/cli/benchClient.js';

/** A server that answers every request 200 and notes the URLs asked. */
async function noting(): Promise<{ url: string; asked: string[]; close: () => Promise<void> }> {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    res.end('{"response":{}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, asked, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe("the bench's load generator", () => {
  const ids = Array.from({ length: 200 }, (_, i) => 1000 + i);

  it.each(['autocannon', 'http'] as const)('with %s, asks each id of a list once at most (every read the first of its campaign)', async (client) => {
    const server = await noting();
    try {
      const started = performance.now();
      const measured = await measure({ url: `${server.url}/api/report?id=`, connections: 5, seconds: 10, client, each: ids });
      const seconds = (performance.now() - started) / 1000;
      const asked = server.asked.map((url) => Number(new URL(url, server.url).searchParams.get('id')));
      expect(new Set(asked).size).toBe(asked.length);
      expect(asked.every((id) => ids.includes(id))).toBe(true);
      // All of the list, but for the last requests autocannon prepares and never sends.
      expect(asked.length).toBeGreaterThanOrEqual(ids.length - 5);
      expect(measured.p95).toBeGreaterThan(0);
      expect(measured.p50).toBeLessThanOrEqual(measured.p95);
      // Answers per second of the run as it went, however short (not per whole second).
      expect(measured.requestsPerSecond).toBeGreaterThanOrEqual(asked.length / seconds);
    } finally {
      await server.close();
    }
  });
});
