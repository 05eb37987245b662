import pg from 'pg';
import { namedStatement, type Db } from '../../../src/server/db/client.js';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../../../src/server/db/faults.js';
import { openTestPglite } from '../../helpers/db.js';
import { freePort } from '../../helpers/serverProcess.js';
import { call, startTestServer } from '../../helpers/server.js';

const withCode = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ...['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENOSPC'],
    // SQLSTATE class 08, shutdowns and "cannot connect now", insufficient resources.
    ...['08000', '08001', '08006', '08P01', '57P01', '57P02', '57P03', '53000', '53100', '53200', '53300'],
  ])('recognises code %s', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
    'Cannot use a pool after calling end on the pool',
    'PGlite is closed',
  ])('recognises pg and PGlite messages without a code: %s', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it('recognises a PANIC, its own refusal, a cause and an AggregateError of connection attempts', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('could not write to file "pg_wal/xlogtemp.42"'), { severity: 'PANIC', code: 'XX000' }))).toBe(true);
    expect(isDatabaseUnavailable(new DatabaseUnavailableError('out of space'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: withCode('ECONNRESET') }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''))).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['an undefined table', withCode('42P01')],
    ['a serialization failure', withCode('40001')],
    ['a cancelled statement', withCode('57014')],
    ['a permission refused', withCode('42501')],
    ['an ERROR severity', Object.assign(new Error('x'), { severity: 'ERROR', code: 'XX000' })],
    ['a plain error', new Error('boom')],
    ['a numeric code', Object.assign(new Error('x'), { code: 8006 })],
    ['a string', 'ECONNREFUSED'],
    ['null', null],
    ['undefined', undefined],
  ])('leaves alone %s', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it('stops at a cause that leads back to itself', () => {
    const err: Error & { cause?: unknown } = new Error('loop');
    err.cause = err;
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it('recognises what pg really throws for a server nobody listens on', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await freePort(), user: 'x', database: 'x' });
    const failure = await client.connect().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });
});

describe('the PGlite wrapper and the error handler', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestPglite();
  });

  it('rolls a failed transaction back on PGlite, and refuses a COMMIT of one whose statement failed', async () => {
    await db.exec('CREATE TABLE t (id int PRIMARY KEY)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (1)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (2)');
        await tx.query('INSERT INTO t VALUES (2)').catch(() => undefined);
      }),
    ).rejects.toMatchObject({ code: '25P02' });
    const read = namedStatement('t_count', 'SELECT count(*)::int AS n FROM t WHERE id > $1');
    expect(await db.query(read, [0])).toEqual([{ n: 0 }]);
  });

  it('answers 503 UNAVAILABLE with Retry-After and nothing of the cause, health included', async () => {
    const server = await startTestServer(db);
    try {
      await db.close();
      for (const [method, path] of [
        ['GET', '/api/v1/health'],
        ['POST', '/api/v1/auth/login'],
      ]) {
        const res = await call(
          server,
          method,
          path,
          method === 'POST'
            ? {
                body: {
                  email: 'a@b.es',
                  password: 'x',
                  client_id: 'campaigns-web',
                  client_secret: 'campaigns-web-secret',
                  redirect_uri: server.ctx.config.oauth.redirectUri,
                  state: 'state-123',
                  code_challenge: 'c'.repeat(43),
                  code_challenge_method: 'S256',
                  response_type: 'code',
                },
              }
            : {},
        );
        expect([res.status, res.body.error?.type, res.headers.get('retry-after')]).toEqual([503, 'UNAVAILABLE', '10']);
        expect(JSON.stringify(res.body)).not.toMatch(/PGlite|closed|stack/i);
      }
    } finally {
      await server.close();
    }
  });
});
