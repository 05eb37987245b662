import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { measure, WARM_UP_REQUESTS } from '../../../src/server/cli/benchClient.js';

/** A server that notes the URLs asked and answers each as `answer` does (200 and a small body by default). */
async function noting(
  answer: (res: http.ServerResponse) => void = (res) => res.end('{"response":{}}'),
): Promise<{ url: string; asked: string[]; close: () => Promise<void> }> {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, asked, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe("the bench's load generator", () => {
  const ids = Array.from({ length: 200 }, (_, i) => 1000 + i);

  it('after its untimed warm-up, asks each id of a list once, and no more (every read the first of its campaign)', async () => {
    const server = await noting();
    try {
      const started = performance.now();
      const measured = await measure({ url: `${server.url}/api/report?id=`, connections: 5, seconds: 10, each: ids, warmUpPath: '/api/health' });
      const seconds = (performance.now() - started) / 1000;
      // The warm-up first, untimed, and none of the list's ids.
      const warmUps = server.asked.filter((url) => url === '/api/health').length;
      expect(warmUps).toBe(WARM_UP_REQUESTS);
      expect(server.asked.slice(0, warmUps).every((url) => url === '/api/health')).toBe(true);
      const asked = server.asked.slice(warmUps).map((url) => Number(new URL(url, server.url).searchParams.get('id')));
      expect(asked.sort((a, b) => a - b)).toEqual(ids);
      expect(measured.p95).toBeGreaterThan(0);
      expect(measured.p50).toBeLessThanOrEqual(measured.p95);
      // Answers per second of the run as it went, however short (not per whole second).
      expect(measured.requestsPerSecond).toBeGreaterThanOrEqual(asked.length / seconds);
    } finally {
      await server.close();
    }
  });

  it("times each answer to its body's last byte", async () => {
    // The headers at once, the rest of a 256 KB body 40 ms later.
    const server = await noting((res) => {
      res.writeHead(200, { 'content-length': 256 * 1024 });
      res.write(Buffer.alloc(1024));
      setTimeout(() => res.end(Buffer.alloc(255 * 1024)), 40);
    });
    try {
      const measured = await measure({ url: `${server.url}/api/file`, connections: 2, seconds: 0.5 });
      expect(measured.p50).toBeGreaterThanOrEqual(40);
      expect(server.asked.length).toBeGreaterThan(2);
    } finally {
      await server.close();
    }
  });

  it('fails the run when an answer is not 2xx, rather than leave it out of the figures', async () => {
    let calls = 0;
    const server = await noting((res) => {
      calls += 1;
      res.statusCode = calls % 10 === 0 ? 503 : 200;
      res.end('{}');
    });
    try {
      await expect(measure({ url: `${server.url}/api/health`, connections: 2, seconds: 0.3 })).rejects.toThrow(/failed answers/);
    } finally {
      await server.close();
    }
  });
});
