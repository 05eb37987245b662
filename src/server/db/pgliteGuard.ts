import fs from 'node:fs';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { TransactionAbortedError, type PGlite } from '@electric-sql/pglite';
import { DatabaseUnavailableError } from './faults.js';
import { Gate } from './gate.js';
import { beginWithQuery, queryOnPglite, type PgliteSession } from './pgliteStatements.js';
import { beginOf, type DbUse, type NamedStatement, type Tx } from './statements.js';

/**
 * Free bytes the embedded database keeps in its folder's file system: below it every statement is refused as
 * unavailable. Why: PGlite reports a full disk met while extending a table as an ordinary error (53100), but one
 * met while writing WAL is a PANIC, after which PGlite either gives the error back with the instance dead (its
 * next statement would spin forever, blocking the whole process) or, at a COMMIT, spins at once. Refusing in
 * time, with a few 16 MB WAL segments to spare, is what keeps it from getting there; a disk filled faster than
 * that is what the dead-instance handling below is for.
 */
export const PGLITE_DISK_RESERVE = 64 * 1024 * 1024;

/** PostgreSQL's type id of bytea. */
const BYTEA = 17;

/**
 * bytea to and from PostgreSQL's hex text with Node's own hex codec. PGlite's built-in conversions go through an
 * array of one number and one string per byte: an evidence file's 256 KB piece took tens of milliseconds each way
 * and left megabytes of garbage, so that a 10 MB upload on PGlite took 8 s and twenty at once grew the heap by
 * 140 MB. A value read comes back as a Buffer (a Uint8Array).
 */
const BYTEA_CONVERSIONS = {
  serializers: {
    [BYTEA]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
    },
  },
  parsers: { [BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex') },
};

/** How often a dead instance may be opened again (opening costs seconds and blocks the event loop). */
const REOPEN_INTERVAL_MS = 5000;

export interface PgliteGuardOptions {
  /** The data folder whose free space is checked before every call; none (in memory) checks nothing. */
  readonly dataDir?: string;
  readonly reserveBytes?: number;
  /** Opens the data folder again after a PANIC; without it the instance stays dead and every call is refused. */
  readonly reopen?: () => Promise<PGlite>;
  readonly reopenIntervalMs?: number;
}

/** Free bytes for an unprivileged writer in dir's file system; undefined when it cannot be told. */
export function freeBytes(dir: string): number | undefined {
  try {
    const stats = fs.statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

export const megabytes = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;

const gzipAsync = promisify(gzip);

/** What is wrong with a folder short of room, to follow "the" (start-up refusal, refused calls, logs). */
export function lowSpaceMessage(dataDir: string, free: number, reserve: number): string {
  return `data folder ${dataDir} is out of space (ENOSPC): ${megabytes(free)} free, the embedded database needs at least ${megabytes(reserve)}`;
}

/**
 * Serialises every use of one PGlite (it is a single session) and keeps calls away from it while its folder is
 * short of room or after a PANIC killed it, reopening the folder once there is room again.
 */
export class PgliteGuard {
  /** One call at a time on the session; urgent ones first among those waiting. */
  private readonly gate = new Gate(1);
  private lite: PGlite;
  private session: PgliteSession;
  private dead: unknown;
  private lastReopen = 0;
  /** Calls that have had the session, and the milliseconds they waited for it. */
  private acquired = 0;
  private waitMs = 0;

  constructor(
    lite: PGlite,
    private readonly options: PgliteGuardOptions = {},
  ) {
    this.lite = lite;
    this.session = this.sessionOf(lite);
  }

  /**
   * Runs work alone on the instance once the calls ahead of it are done (urgent work ahead of ordinary work), or
   * refuses it (DatabaseUnavailableError) when the instance cannot take it.
   */
  async exclusive<T>(work: (session: PgliteSession) => Promise<T>, urgent = false): Promise<T> {
    const queuedAt = performance.now();
    const leave = await this.gate.enter(urgent);
    try {
      this.acquired += 1;
      this.waitMs += performance.now() - queuedAt;
      if (this.dead !== undefined) {
        this.checkSpace();
        await this.reopen();
      }
      return await work(this.session);
    } finally {
      leave();
    }
  }

  /**
   * A copy of the data folder (gzip tarball) between two calls, after a checkpoint (so that little WAL is replayed on
   * loading it). Calls wait only for the tarball, not for its compression (zlib's threads, after the session is free).
   */
  async dumpDataDir(): Promise<Blob> {
    const tarball = await this.exclusive(async (session) => {
      await session.exec('CHECKPOINT');
      return this.lite.dumpDataDir('none');
    });
    return new Blob([await gzipAsync(Buffer.from(await tarball.arrayBuffer()))]);
  }

  /** The session's use: one connection, busy while a call holds it, the others queued behind (see DbUse). */
  use(): DbUse {
    return {
      connections: 1,
      idle: this.gate.busy === 0 ? 1 : 0,
      waiting: this.gate.waiting,
      acquired: this.acquired,
      waitSeconds: this.waitMs / 1000,
    };
  }

  /** Closes the live instance once the calls queued before it are done; a dead one is left alone (closing it would hang). */
  async close(): Promise<void> {
    const leave = await this.gate.enter();
    try {
      if (this.dead === undefined) await this.lite.close();
    } finally {
      leave();
    }
  }

  private checkSpace(): void {
    const { dataDir, reserveBytes = PGLITE_DISK_RESERVE } = this.options;
    if (!dataDir) return;
    const free = freeBytes(dataDir);
    if (free !== undefined && free < reserveBytes) throw new DatabaseUnavailableError(`The ${lowSpaceMessage(dataDir, free, reserveBytes)}`);
  }

  /** Opens the folder again, at most every reopenIntervalMs; the dead instance is dropped, never touched. */
  private async reopen(): Promise<void> {
    const cause = this.dead;
    const { reopen, reopenIntervalMs = REOPEN_INTERVAL_MS } = this.options;
    if (!reopen || Date.now() - this.lastReopen < reopenIntervalMs) {
      throw new DatabaseUnavailableError('The embedded database stopped after a fatal error and is not open yet', { cause });
    }
    this.lastReopen = Date.now();
    try {
      this.lite = await reopen();
      this.session = this.sessionOf(this.lite);
      this.dead = undefined;
    } catch (err) {
      throw new DatabaseUnavailableError('The embedded database stopped after a fatal error and could not be opened again', { cause: err });
    }
  }

  private sessionOf(lite: PGlite): PgliteSession {
    const guarded = async <T>(statement: () => Promise<T>, checkSpace = true): Promise<T> => {
      if (this.dead !== undefined) throw new DatabaseUnavailableError('The embedded database stopped after a fatal error', { cause: this.dead });
      if (checkSpace) this.checkSpace();
      try {
        return await statement();
      } catch (err) {
        if ((err as { severity?: unknown }).severity === 'PANIC') this.dead = err;
        throw err;
      }
    };
    return {
      query: (sql, params) => guarded(async () => (await lite.query(sql, params, BYTEA_CONVERSIONS)).rows as never),
      exec: (sql) => guarded(() => lite.exec(sql)),
      end: (sql) => guarded(() => lite.exec(sql), false),
      prepared: new Map(),
    };
  }
}

/**
 * BEGIN (`begin`: beginOf), fn, COMMIT on a session the caller holds alone; on failure ROLLBACK, unless the
 * transaction already ended (a dead instance refuses it: any statement on a dead PGlite hangs the process). A
 * ROLLBACK that fails does not hide why the transaction failed. For deadline day's saves and submissions, which are
 * transactions: named statements are prepared inside it as outside (queryOnPglite: planning them on every call took
 * a third of a save's time in the database), BEGIN goes with the first statement (one round trip less), and a
 * transaction that ran no statement sends neither BEGIN nor COMMIT.
 */
export async function pgliteTransaction<T>(session: PgliteSession, fn: (tx: Tx) => Promise<T>, begin = beginOf()): Promise<T> {
  // The first statement, sent with BEGIN. Later ones wait for it: should BEGIN be refused (a dead instance, a full
  // folder), none of them may run outside the transaction, and after a failed first statement they would fail.
  let first: Promise<unknown> | undefined;
  const after = <R>(statement: () => Promise<R>, opening: () => Promise<R>): Promise<R> => {
    if (first) return first.then(statement);
    const opened = opening();
    first = opened;
    return opened;
  };
  let open = true;
  try {
    const result = await fn({
      query: <R>(sql: string | NamedStatement, params?: unknown[]) =>
        after(
          () => queryOnPglite<R>(session, sql, params),
          () => beginWithQuery<R>(session, sql, params, begin),
        ),
      exec: (sql) =>
        after(
          async () => void (await session.exec(sql)),
          async () => void (await session.exec(`${begin}; ${sql}`)),
        ),
    });
    open = false;
    if (!first) return result;
    const [commit] = await session.end('COMMIT');
    // A statement failed and fn went on: PostgreSQL answers COMMIT with ROLLBACK.
    if (commit?.command === 'ROLLBACK') throw new TransactionAbortedError();
    return result;
  } catch (err) {
    // Once BEGIN was handed over (ROLLBACK outside a transaction is only a warning).
    if (open && first) await session.end('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
