import type { FastifyInstance } from 'fastify';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { openTestPglite } from '../helpers/db.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';
import type { Db } from '../../src/server/db/client.js';

/** A route that fails unexpectedly (tagged like a declared call: the app refuses an undeclared API route). */
const boom = (app: FastifyInstance) =>
  app.get('/api/v1/test/boom', { schema: { tags: ['test'] } }, async () => {
    throw new Error('secret detail: SELECT * FROM users');
  });

const ASSET = `console.log(${JSON.stringify('Campañas '.repeat(200))});`;

describe('HTTP app', () => {
  let db: Db;
  let server: TestServer;
  let staticDir: string;

  beforeAll(async () => {
    db = await openTestPglite();
    staticDir = await fs.mkdtemp(path.join(os.tmpdir(), 'campaigns-static-'));
    await fs.writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>Campañas</title><div id="root"></div>');
    await fs.mkdir(path.join(staticDir, 'assets'));
    await fs.writeFile(path.join(staticDir, 'assets', 'main.0123456789.js'), ASSET);
    // What the client build writes beside each text asset (webpack.config.js).
    await fs.writeFile(path.join(staticDir, 'assets', 'main.0123456789.js.br'), brotliCompressSync(ASSET));
    await fs.writeFile(path.join(staticDir, 'assets', 'main.0123456789.js.gz'), gzipSync(ASSET));
    // A source map left in the folder by an old build.
    await fs.writeFile(path.join(staticDir, 'assets', 'main.0123456789.js.map'), '{"version":3,"sources":["src/client/index.tsx"]}');
    server = await startTestServer(db, { STATIC_DIR: staticDir }, boom);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('refuses to start with an API route that is not a declared call', async () => {
    await expect(startTestServer(db, {}, (app) => app.get('/api/secure/v1/undeclared', async () => ({})))).rejects.toThrow(/not declared as a call/);
  });

  describe('compiling the calls schemas', () => {
    /** A declared-looking call whose body schema ajv cannot compile (strict mode: an unknown type), answering with a schema too. */
    const badSchema = (app: FastifyInstance) =>
      app.post(
        '/api/v1/test/bad-schema',
        { schema: { tags: ['test'], body: { type: 'object', properties: { a: { type: 'strnig' } } }, response: { 200: { type: 'object' } } } },
        async () => ({}),
      );

    it("compiles every call's request check and answer writer at start, as main.ts starts, and refuses to start with one that cannot compile", async () => {
      const started = await startTestServer(db, {}, undefined, { compileSchemas: 'atStart' });
      try {
        expect((await call(started, 'GET', '/api/v1/health')).status).toBe(200);
      } finally {
        await started.close();
      }
      await expect(startTestServer(db, {}, badSchema, { compileSchemas: 'atStart' })).rejects.toThrow(
        /Failed building the validation schema for POST: \/api\/v1\/test\/bad-schema/,
      );
    });

    it('compiles each schema on its first use in the tests, validating as strictly: a bad one fails its own call only', async () => {
      const lazy = await startTestServer(db, {}, badSchema, { compileSchemas: 'onFirstUse' });
      try {
        expect((await call(lazy, 'GET', '/api/v1/health')).status).toBe(200);
        expect((await call(lazy, 'POST', '/api/v1/test/bad-schema', { body: { a: 'x' } })).status).toBe(500);
        // A declared call checks its body on its first use as it would have at start: no coercion of "42".
        const refused = await call(lazy, 'POST', '/api/v1/auth/login', { body: { email: 42, password: 'x' } });
        expect([refused.status, refused.body.error.type]).toEqual([422, 'VALIDATION']);
      } finally {
        await lazy.close();
      }
    });
  });

  it('answers the health call with the database kind', async () => {
    const res = await call(server, 'GET', '/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ response: { status: 'ok', database: 'pglite', mail: false } });
  });

  it('echoes a request id in the header and in error bodies', async () => {
    const res = await call(server, 'GET', '/api/v1/nothing-here', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(res.body).toEqual({
      error: { type: 'NOT_FOUND', message: 'No route GET /api/v1/nothing-here' },
      request: { method: 'GET', path: '/api/v1/nothing-here', id: 'abc-123' },
    });
  });

  it('hides internal errors from clients', async () => {
    const res = await call(server, 'GET', '/api/v1/test/boom');
    expect(res.status).toBe(500);
    expect(res.body.error).toEqual({ type: 'INTERNAL', message: 'Internal server error' });
    expect(JSON.stringify(res.body)).not.toContain('secret detail');
  });

  it('shows error details only with SHOW_ERROR_LOGS on', async () => {
    const verbose = await startTestServer(db, { SHOW_ERROR_LOGS: 'true' }, boom);
    try {
      const res = await call(verbose, 'GET', '/api/v1/test/boom');
      expect(res.body.error.data.detail).toContain('secret detail');
    } finally {
      await verbose.close();
    }
  });

  it('answers malformed JSON with a VALIDATION error', async () => {
    const res = await call(server, 'POST', '/api/v1/auth/login', { body: undefined, headers: { 'content-type': 'application/json' } });
    const bad = await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(res.status).toBe(422);
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.type).toBe('VALIDATION');
  });

  it('serves the SPA for every other path (history fallback) and hashed assets as immutable', async () => {
    for (const page of ['/', '/auth/login', '/results/12']) {
      const res = await fetch(server.url + page);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
    const asset = await fetch(`${server.url}/assets/main.0123456789.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await call(server, 'POST', '/somewhere')).status).toBe(404);
  });

  it('sends the same security headers on every kind of answer: a call, a page, an asset, an error, a refusal', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const answers = [
      ['GET', '/api/v1/health'],
      ['GET', '/auth/login'],
      ['GET', '/assets/main.0123456789.js'],
      ['GET', '/api/v1/test/boom'],
      ['GET', '/api/secure/v1/campaigns/result?id=1'],
      ['POST', '/somewhere'],
    ];
    for (const [method, address] of answers) {
      const res = await fetch(server.url + address, { method });
      const sent = Object.fromEntries(Object.keys(expected).map((name) => [name, res.headers.get(name)]));
      expect([address, res.status >= 200, sent]).toEqual([address, true, expected]);
      // Plain HTTP: no HSTS (PUBLIC_URL is not https), and nothing says what serves it.
      expect([address, res.headers.get('strict-transport-security'), res.headers.get('x-powered-by')]).toEqual([address, null, null]);
    }
  });

  it('serves no source map, and answers a missing asset with 404 instead of the page', async () => {
    for (const file of ['/assets/main.0123456789.js.map', '/assets/main.0123456789.js.map.gz', '/assets/gone.0123456789.js']) {
      const res = await fetch(server.url + file, { headers: { 'accept-encoding': 'gzip, br' } });
      const text = await res.text();
      expect([file, res.status, text.includes('sources')]).toEqual([file, 404, false]);
    }
    // The production build makes none (webpack.config.js): a build would also publish the sources' comments.
    const configFile = '../../webpack.config.js'; // plain JavaScript, no types to check
    const config = (await import(configFile)).default as (env: object, argv: object) => { devtool: unknown };
    expect(config({}, { mode: 'production' }).devtool).toBe(false);
  });

  it('sends the compressed copy of an asset that the browser accepts, the file itself otherwise', async () => {
    const get = (encoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${server.url}/assets/main.0123456789.js`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
            const chunks: Buffer[] = [];
            res
              .on('data', (c: Buffer) => chunks.push(c))
              .on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
              .on('error', reject);
          })
          .on('error', reject);
      });
    const br = await get('gzip, deflate, br');
    expect([br.headers['content-encoding'], brotliDecompressSync(br.body).toString()]).toEqual(['br', ASSET]);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await get('gzip');
    expect([gz.headers['content-encoding'], gunzipSync(gz.body).toString()]).toEqual(['gzip', ASSET]);
    expect(gz.headers['cache-control']).toContain('immutable');
    const plain = await get();
    expect([plain.headers['content-encoding'], plain.body.toString()]).toEqual([undefined, ASSET]);
  });

  it('rejects secure calls without a token', async () => {
    const res = await call(server, 'GET', '/api/secure/v1/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.error.type).toBe('INVALID_TOKEN');
  });
});
