import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * A statement of a hot read path that the database parses and plans once per connection (session) and then
 * only binds and runs: a prepared statement. Each name has one text.
 */
export interface NamedStatement {
  readonly name: string;
  readonly text: string;
}

export function namedStatement(name: string, text: string): NamedStatement {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`statement name ${name} must be a lower-case SQL identifier`);
  return Object.freeze({ name, text });
}

/** What repositories need from a connection: parameterised queries ($1, $2...). */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string | NamedStatement, params?: unknown[]): Promise<T[]>;
}

const textOf = (sql: string | NamedStatement) => (typeof sql === 'string' ? sql : sql.text);
const pgQuery = (sql: string | NamedStatement, params?: unknown[]) =>
  typeof sql === 'string' ? { text: sql, values: params } : { name: sql.name, text: sql.text, values: params };

/** A connection inside a transaction. */
export interface Tx extends Queryable {
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** The database: PGlite in-process or a PostgreSQL pool, behind one interface. */
export interface Db extends Tx {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; it commits when fn resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** An EXECUTE argument: a quoted literal for a safe integer or a string without backslash or NUL, else undefined. */
export function sqlLiteral(value: unknown): string | undefined {
  if (value === null) return 'NULL';
  if (typeof value === 'number' && Number.isSafeInteger(value)) return `'${value}'`;
  if (typeof value === 'string' && !/[\\\0]/.test(value)) return `'${value.replaceAll("'", "''")}'`;
  return undefined;
}

/**
 * Named statements on PGlite, which is one session without protocol-level statement names: PREPARE once in
 * SQL, then EXECUTE with the arguments written as quoted literals. Only integers and strings without backslash
 * qualify, and in those the doubled quote is the only escape (standard_conforming_strings, on by default);
 * any other argument runs the text as a plain parameterised query.
 */
function pgliteNamedStatements(lite: PGlite) {
  const prepared = new Map<string, Promise<unknown>>();
  return async <T>(statement: NamedStatement, params: unknown[] = []): Promise<T[]> => {
    const literals = params.map(sqlLiteral);
    if (literals.some((l) => l === undefined)) return (await lite.query<T>(statement.text, params)).rows;
    let ready = prepared.get(statement.name);
    if (!ready) {
      ready = lite.exec(`PREPARE ${statement.name} AS ${statement.text}`);
      prepared.set(statement.name, ready);
      ready.catch(() => prepared.delete(statement.name));
    }
    await ready;
    const [result] = await lite.exec(`EXECUTE ${statement.name}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`);
    return result.rows as T[];
  };
}

export function wrapPglite(lite: PGlite): Db {
  const runNamed = pgliteNamedStatements(lite);
  return {
    kind: 'pglite',
    async query<T>(sql: string | NamedStatement, params?: unknown[]) {
      if (typeof sql !== 'string') return runNamed<T>(sql, params);
      return (await lite.query<T>(sql, params)).rows;
    },
    async exec(sql) {
      await lite.exec(sql);
    },
    transaction(fn) {
      return lite.transaction((tx) =>
        fn({
          query: async <T>(sql: string | NamedStatement, params?: unknown[]) => (await tx.query<T>(textOf(sql), params)).rows,
          exec: async (sql: string) => void (await tx.exec(sql)),
        }),
      );
    },
    close: () => lite.close(),
  };
}

/** Opens PGlite with its data in dataDir (created if missing). */
export async function openPglite(dataDir: string): Promise<Db> {
  await fs.mkdir(dataDir, { recursive: true });
  const lite = await PGlite.create(path.join(dataDir, 'pgdata'));
  return wrapPglite(lite);
}

// Counts, sums and ids come back as JS numbers; our bigints never exceed 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function openPostgres(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client's connection may fail (server restart, backend terminated): the pool discards that client
  // and the next query opens a new connection. Without a listener the 'error' event would end the process.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    async query<T>(sql: string | NamedStatement, params?: unknown[]) {
      return (await pool.query(pgQuery(sql, params))).rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <T>(sql: string | NamedStatement, params?: unknown[]) => (await client.query(pgQuery(sql, params))).rows as T[],
          exec: async (sql: string) => void (await client.query(sql)),
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Opens the database the configuration names. */
export function openDb(options: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  return options.databaseUrl ? Promise.resolve(openPostgres(options.databaseUrl)) : openPglite(options.dataDir);
}

/** True for PostgreSQL's unique_violation (23505), from PGlite or pg alike. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
