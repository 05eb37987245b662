import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { checkDataDir, createPgliteIn } from './dataDir.js';
import { isDatabaseUnavailable, isTransactionConflict } from './faults.js';
import { Gate } from './gate.js';
import { PgliteGuard, pgliteTransaction, type PgliteGuardOptions } from './pgliteGuard.js';
import { queryOnPglite } from './pgliteStatements.js';
import { beginOf, type Db, type NamedStatement, type Tx } from './statements.js';

export { namedStatement, parameterFrom, releaseRows, type Db, type NamedStatement, type Queryable, type TransactionOptions, type Tx } from './statements.js';

const pgQuery = (sql: string | NamedStatement, params?: unknown[]) =>
  typeof sql === 'string' ? { text: sql, values: params } : { name: sql.name, text: sql.text, values: params };

/** The Db over one PGlite; options name its data folder (free-space checks, reopening after a PANIC). */
export function wrapPglite(lite: PGlite, options: PgliteGuardOptions = {}): Db {
  const guard = new PgliteGuard(lite, options);
  return {
    kind: 'pglite',
    query<T>(sql: string | NamedStatement, params?: unknown[]) {
      return guard.exclusive((session) => queryOnPglite<T>(session, sql, params));
    },
    exec: (sql) => guard.exclusive(async (session) => void (await session.exec(sql))),
    transaction: (fn, options) => guard.exclusive((session) => pgliteTransaction(session, fn, beginOf(options)), options?.urgent),
    use: () => guard.use(),
    dumpDataDir: () => guard.dumpDataDir(),
    close: () => guard.close(),
  };
}

/**
 * Opens PGlite with its data in dataDir (created if missing), once the folder is known to be writable with
 * room, with a page cache of sharedBuffersMb MiB (PGlite's default unless given); guard options (reserve,
 * reopening) may be overridden, by tests.
 */
export async function openPglite(dataDir: string, guard: Omit<PgliteGuardOptions, 'dataDir' | 'reopen'> = {}, sharedBuffersMb?: number): Promise<Db> {
  await checkDataDir(dataDir, guard.reserveBytes);
  const open = () => createPgliteIn(dataDir, sharedBuffersMb);
  return wrapPglite(await open(), { ...guard, dataDir, reopen: open });
}

// Counts, sums and ids come back as JS numbers; our bigints never exceed 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/**
 * How long a call waits for a free connection of the pool, and then for a new connection to open, before it fails as
 * unavailable: with the server gone, calls answer 503 in seconds instead of hanging. Keep-alive finds connections that
 * a firewall or a vanished host dropped without a word.
 */
const POOL_SETTINGS = { connectionTimeoutMillis: 5000, keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;

export function openPostgres(connectionString: string, max: number): Db {
  const pool = new pg.Pool({ connectionString, max, ...POOL_SETTINGS });
  // An idle client's connection may fail (server restart, backend terminated): the pool discards that client
  // and the next query opens a new connection. Without a listener the 'error' event would end the process.
  pool.on('error', () => undefined);
  // Calls wait at the gate, not in the pool's own queue, so that urgent ones go first: it admits as many as the pool
  // holds connections, so that the pool never has a call waiting.
  const gate = new Gate(max, POOL_SETTINGS.connectionTimeoutMillis);
  const waits = { acquired: 0, ms: 0 };
  const connect = gatedConnect(pool, gate, waits);
  return {
    kind: 'postgres',
    query: <T>(sql: string | NamedStatement, params?: unknown[]) => queryOnPool<T>(connect, pgQuery(sql, params)),
    async exec(sql) {
      await queryOnPool(connect, sql);
    },
    transaction: (fn, options) => retriedOnConflict(() => transactionOnPool(() => connect(options?.urgent), max, fn, beginOf(options))),
    use: () => ({
      connections: pool.totalCount,
      idle: pool.idleCount,
      waiting: gate.waiting,
      acquired: waits.acquired,
      waitSeconds: waits.ms / 1000,
    }),
    close: () => pool.end(),
  };
}

/** A pooled connection held by one call: release gives it back to the pool (discarded with an error) and leaves the gate. */
interface Lease {
  client: pg.PoolClient;
  release(err?: Error): void;
}

type Connect = (urgent?: boolean) => Promise<Lease>;

/**
 * A place at the gate, then the pool's connect, counting the connections handed out and the time spent waiting for
 * them, given or not (DbUse).
 */
function gatedConnect(pool: pg.Pool, gate: Gate, waits: { acquired: number; ms: number }): Connect {
  return async (urgent) => {
    const asked = performance.now();
    try {
      const leave = await gate.enter(urgent);
      try {
        const client = await pool.connect();
        waits.acquired += 1;
        return {
          client,
          release(err) {
            try {
              client.release(err);
            } finally {
              leave();
            }
          },
        };
      } catch (err) {
        leave();
        throw err;
      }
    } finally {
      waits.ms += performance.now() - asked;
    }
  };
}

/**
 * One statement on a pooled connection, as pg's pool.query runs it (a client whose statement failed is discarded,
 * not handed to the next call), with the wait for the connection counted. While checked out the client has no
 * listener of the pool's: its connection failing (backend terminated, server gone) would end the process without
 * this one.
 */
async function queryOnPool<T>(connect: Connect, statement: string | pg.QueryConfig): Promise<T[]> {
  const { client, release } = await connect();
  let broken: Error | undefined;
  const onError = (err: Error) => void (broken ??= err);
  client.on('error', onError);
  try {
    const { rows } = await client.query(statement);
    release(broken);
    return rows as T[];
  } catch (err) {
    release(broken ?? (err as Error));
    throw err;
  } finally {
    client.removeListener('error', onError);
  }
}

/**
 * BEGIN (`begin`: beginOf), fn, COMMIT on a client of its own. While checked out the client has no listener of the
 * pool's, so one is added: a connection failing then (backend terminated, server stopped) would otherwise end the
 * process. A client whose connection failed is discarded (release(err)) instead of being handed to the next call, and
 * a ROLLBACK that cannot run does not hide why the transaction failed.
 */
async function transactionOnPool<T>(connect: Connect, poolSize: number, fn: (tx: Tx) => Promise<T>, begin: string): Promise<T> {
  const { client, release } = await begunClient(connect, poolSize, begin);
  let broken: Error | undefined;
  const onError = (err: Error) => void (broken ??= err);
  client.on('error', onError);
  try {
    const result = await fn({
      query: async <R>(sql: string | NamedStatement, params?: unknown[]) => (await client.query(pgQuery(sql, params))).rows as R[],
      exec: async (sql: string) => void (await client.query(sql)),
    });
    await client.query('COMMIT');
    return result;
  } catch (err) {
    if (!broken && isDatabaseUnavailable(err)) broken = err as Error;
    if (!broken) await client.query('ROLLBACK').catch((rollbackErr: Error) => void (broken = rollbackErr));
    throw err;
  } finally {
    client.removeListener('error', onError);
    release(broken);
  }
}

/**
 * A pooled client with BEGIN run on it. A connection that died while idle in the pool (its backend terminated, the
 * server restarted) may not have said so yet when it is taken: its BEGIN fails before anything of the transaction
 * ran, so it is discarded and another one taken, at most once per connection the pool may hold (all of them may
 * have died at once) and then a new one. A database that is really gone fails at connect, which is not retried.
 */
async function begunClient(connect: Connect, poolSize: number, begin: string): Promise<Lease> {
  for (let attempt = 0; ; attempt++) {
    const lease = await connect();
    const { client } = lease;
    const swallow = () => undefined;
    client.on('error', swallow);
    try {
      await client.query(begin);
      return lease;
    } catch (err) {
      lease.release(err as Error);
      if (attempt >= poolSize || !isDatabaseUnavailable(err)) throw err;
    } finally {
      client.removeListener('error', swallow);
    }
  }
}

/** Opens the database the configuration names. */
export function openDb(options: { databaseUrl?: string; databasePoolSize: number; dataDir: string; pgliteSharedBuffersMb?: number }): Promise<Db> {
  return options.databaseUrl
    ? Promise.resolve(openPostgres(options.databaseUrl, options.databasePoolSize))
    : openPglite(options.dataDir, {}, options.pgliteSharedBuffersMb);
}

/** Attempts of a transaction that keeps losing races (PostgreSQL's advice for 40P01 and 40001: run it again). */
const CONFLICT_ATTEMPTS = 3;

/**
 * Runs a transaction again, after a short random pause, when PostgreSQL aborted it to break a deadlock or for a
 * serialization failure: the locks are ordered to avoid them (migration 004), but a removal cascading through rows
 * that another call holds can still meet one. Transactions only touch the database, so running one again is safe.
 */
async function retriedOnConflict<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= CONFLICT_ATTEMPTS || !isTransactionConflict(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
