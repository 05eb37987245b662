/**
 * What the rest of the server knows of a database: statements, a connection, a transaction and the database
 * itself. `client.ts` opens one (PGlite or PostgreSQL) and re-exports these; the PGlite wrapper implements them.
 */

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

/**
 * The placeholders of a piece of SQL whose parameters start at $first in the statement it is part of: parameterFrom(7)(2)
 * is '$8'. A piece that stands alone takes parameterFrom(1).
 */
export const parameterFrom =
  (first: number) =>
  (n: number): string =>
    `$${first + n - 1}`;

/** What repositories need from a connection: parameterised queries ($1, $2...). */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string | NamedStatement, params?: unknown[]): Promise<T[]>;
}

/**
 * Empties a result whose rows have been read (every text field set to '', every other field to null, then the array
 * to no element), for the readers that stream a large table page by page. The database clients build every
 * statement's rows at the same few places, and once the rows the report caches keep have survived there, V8
 * allocates later rows straight in its old generation (pretenuring). An old object that holds a young one keeps it
 * alive through every scavenge until the next full collection, dead or not: without this, each page (its texts, and
 * all that was built from them) went old too, and the edition export's heap grew by about the file's size between two
 * full collections (docs/benchmarks.md, "Edition export").
 */
export function releaseRows(rows: object[]): void {
  for (const row of rows as Record<string, unknown>[]) for (const key of Object.keys(row)) row[key] = typeof row[key] === 'string' ? '' : null;
  rows.length = 0;
}

/** A connection inside a transaction. */
export interface Tx extends Queryable {
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * How busy the database's connections are, for the metrics: PGlite is one session that calls take in turn, a
 * PostgreSQL pool holds up to DATABASE_POOL_SIZE connections.
 */
export interface DbUse {
  /** Connections open now, how many of them are idle, and how many calls are waiting for one. */
  connections: number;
  idle: number;
  waiting: number;
  /** Since the database was opened: connections handed to calls, and the seconds those calls waited for them. */
  acquired: number;
  waitSeconds: number;
}

/** How a transaction waits for the database. */
export interface TransactionOptions {
  /**
   * Served before every ordinary call waiting for a connection (PGlite: for the session), in the order urgent calls
   * came: a submission, which on deadline day would otherwise queue behind the savers' backlog (db/gate.ts).
   */
  readonly urgent?: boolean;
  /**
   * Its named statements run with the plan made once for any parameters (plan_cache_mode force_generic_plan, set in
   * the round trip of BEGIN and for this transaction alone), not one planned afresh for each call's values: for a
   * statement whose planning costs more than its parameters could save, as the submission's writes (3.3 ms of
   * planning on every call, measured in PostgreSQL's log, for a plan that runs no faster).
   */
  readonly genericPlans?: boolean;
}

/** What opens a transaction with these options (one round trip, whatever they are). */
export const beginOf = (options?: TransactionOptions): string => (options?.genericPlans ? 'BEGIN; SET LOCAL plan_cache_mode = force_generic_plan' : 'BEGIN');

/** The database: PGlite in-process or a PostgreSQL pool, behind one interface. */
export interface Db extends Tx {
  readonly kind: 'pglite' | 'postgres';
  /** How busy its connections are now and have been (a reading; it never waits). */
  use(): DbUse;
  /**
   * PGlite only: a copy of its data folder (a gzip tarball) taken between two calls, after a checkpoint: what the
   * backup of a running server holds (db/backup.ts). PostgreSQL is copied by pg_dump instead.
   */
  dumpDataDir?(): Promise<Blob>;
  /**
   * Runs fn in one transaction; it commits when fn resolves and rolls back when it throws. On PostgreSQL, fn runs
   * again (up to 3 times) when the transaction loses a race (deadlock, serialization failure): fn must only act on
   * the database through tx, never on anything outside it. Urgent transactions go first among the waiting calls.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
}
