import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What repositories need from a connection: parameterised queries ($1, $2...). */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

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

export function wrapPglite(lite: PGlite): Db {
  return {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      return (await lite.query<T>(sql, params)).rows;
    },
    async exec(sql) {
      await lite.exec(sql);
    },
    transaction(fn) {
      return lite.transaction((tx) =>
        fn({
          query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows,
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
  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
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
