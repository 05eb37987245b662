import { openTestPglite } from '../helpers/db.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';
import { loggerOptions, redactUrl } from '../../src/server/app.js';
import type { Db } from '../../src/server/db/client.js';

describe('request logs', () => {
  let db: Db;
  let server: TestServer;
  const lines: string[] = [];

  beforeAll(async () => {
    db = await openTestPglite();
    server = await startTestServer(db, {}, undefined, { logger: loggerOptions('info', { write: (line) => void lines.push(line) }) });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('hide the token of a shared link, in its path or in `at`', () => {
    expect(redactUrl('/results/0/aaa.bbb.ccc')).toBe('/results/0/[REDACTED]');
    expect(redactUrl('/comparisons/0/aaa.bbb.ccc?x=1')).toBe('/comparisons/0/[REDACTED]?x=1');
    expect(redactUrl('/results/12?at=aaa.bbb&lang=es')).toBe('/results/12?at=[REDACTED]&lang=es');
    expect(redactUrl('/results/12')).toBe('/results/12');
  });

  it('never carry a token or a password: not in headers, addresses or bodies', async () => {
    const secret = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu.c2lnbmF0dXJl';
    await call(server, 'GET', `/results/0/${secret}`);
    await call(server, 'GET', `/comparisons/0/${secret}?at=${secret}`);
    await call(server, 'GET', '/api/secure/v1/auth/me', { token: secret });
    await call(server, 'POST', '/api/v1/auth/login', { body: { email: 'nadie@ejemplo.es', password: 'una-contrasena-secreta' } });
    const log = lines.join('');
    expect(log).toContain('/results/0/[REDACTED]');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('una-contrasena-secreta');
  });

  it('never carry the parameters of a failed statement', async () => {
    const failed = await db.query('SELECT $1::text AS t, 1 / 0 AS n', ['parametro-secreto']).catch((err: unknown) => err);
    server.app.log.warn({ err: failed }, 'database failed');
    const log = lines.join('');
    expect(log).toContain('database failed');
    expect(log).not.toContain('parametro-secreto');
  });
});
