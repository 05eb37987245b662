/**
 * Run by pgliteFaults.test.ts in a process of its own (a PGlite that goes wrong may block its process, which
 * the test then kills): the embedded database without its disk reserve on a folder (argv[2], a small tmpfs
 * holding a migrated pgdata) that fills up. Prints its steps on stderr, then one JSON line of what it saw.
 *
 *   node --import tsx __tests__/helpers/pgliteOutOfSpace.ts <dir>
 */
import { openPglite } from '../../src/server/db/client.js';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../../src/server/db/faults.js';
import { filler } from './mounts.js';
import { createTestUser, loginBody, pkcePair } from './auth.js';
import { call, startTestServer } from './server.js';

const dir = process.argv[2];
const step = (what: string) => console.error(`${new Date().toISOString()} ${what}`);
const disk = filler(dir);
const db = await openPglite(dir, { reserveBytes: 0, reopenIntervalMs: 0 });
const server = await startTestServer(db);
await createTestUser(db, 'eva@ayto.es', 'clave-de-eva-1', 'ADMIN');
// Each attempt for an e-mail of its own, so that the per-account throttle never answers in place of the database.
let attempt = 0;
const failedLogin = () =>
  call(server, 'POST', '/api/v1/auth/login', { body: loginBody(server, `eva${++attempt}@ayto.es`, 'otra-clave', pkcePair().challenge) });
const summary = (err: unknown) => ({
  code: (err as { code?: string }).code,
  severity: (err as { severity?: string }).severity,
  unavailable: isDatabaseUnavailable(err),
  refused: err instanceof DatabaseUnavailableError,
});

await db.exec('CREATE TABLE churn (id int PRIMARY KEY, n int); INSERT INTO churn VALUES (1, 0)');
// A fresh WAL segment first, so that the logins below meet a full table, not a full WAL.
await db.query('SELECT pg_switch_wal()');
await db.exec('CHECKPOINT');
disk.fill();
step('disk full');

// Each failed login writes an audit row, until the table's next page cannot be had (53100, an ordinary error).
let login = await failedLogin();
let logins = 1;
for (; logins < 2000 && login.status === 401; logins++) login = await failedLogin();
step(`${logins} logins, the last answered ${login.status}`);
const aliveAfterError = (await db.query<{ n: number }>('SELECT n FROM churn'))[0]?.n === 0;

// A new WAL segment that cannot be written is a PANIC: the instance is dead.
let fatal: ReturnType<typeof summary> | undefined;
let updates = 0;
for (; updates < 200 && !fatal; updates++) {
  try {
    step(`update ${updates}`);
    await db.query('UPDATE churn SET n = n + 1');
    await db.query('SELECT pg_switch_wal()');
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    if ((err as { severity?: string }).severity === 'PANIC' || err instanceof DatabaseUnavailableError) fatal = summary(err);
  }
}
step(`fatal: ${JSON.stringify(fatal)}`);
const afterFatal = await db.query('SELECT 1').then(() => ({ refused: false }), summary);
const healthWhileDead = (await call(server, 'GET', '/api/v1/health')).status;

disk.unfill();
step('room again');
const healthAfterRoom = (await call(server, 'GET', '/api/v1/health')).status;
const churn = (await db.query<{ n: number }>('SELECT n FROM churn'))[0]?.n;
const loginAfterRoom = (await failedLogin()).status;
await server.close();
await db.close();
console.log(
  JSON.stringify({
    logins,
    login: { status: login.status, type: login.body?.error?.type },
    aliveAfterError,
    updates,
    fatal,
    afterFatal,
    healthWhileDead,
    healthAfterRoom,
    churn,
    loginAfterRoom,
  }),
);
// The dead instance, dropped but never closed (closing it could hang), may keep the event loop alive.
process.exit(0);
