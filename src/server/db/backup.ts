import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pgliteStartParams } from './dataDir.js';
import { MIGRATIONS } from './migrations/index.js';
import type { Db, Queryable } from './statements.js';

/**
 * Backups of the whole database, evidence files included (they are rows: answer_evidence.data), as one file: a
 * line of JSON (the manifest: what database wrote it, at which schema version, when) and then the database's own
 * copy, pg_dump's custom format on PostgreSQL or PGlite's data-folder tarball. Restoring refuses a file written by a
 * newer version of the application and brings an older one up to date with the migrations (the caller runs them).
 */

export const BACKUP_FORMAT = 'campaigns-backup/1';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  database: Db['kind'];
  /** The last migration applied in the copied database. */
  schemaVersion: number;
  createdAt: string;
  /**
   * The secret tokens are signed with, when the server generated it (DATA_DIR/jwt-secret; null with JWT_SECRET
   * set): restored with the data, so that shared links and sessions keep working.
   */
  jwtSecret: string | null;
}

/** A backup that cannot be written or restored, with what to do; printed as it is. */
export class BackupError extends Error {}

/** The schema version this code brings a database to. */
export const CURRENT_SCHEMA_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));

/** The manifest line is short; a file whose first 64 KB hold no line is not a backup. */
const MANIFEST_MAX_BYTES = 64 * 1024;

const DATABASE_NAMES: Record<Db['kind'], string> = { pglite: 'the embedded database (PGlite)', postgres: 'PostgreSQL' };

export async function schemaVersionOf(q: Queryable): Promise<number> {
  const [row] = await q.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
  return row?.version ?? 0;
}

export function manifestOf(database: Db['kind'], schemaVersion: number, jwtSecret: string | null, now = new Date()): BackupManifest {
  return { format: BACKUP_FORMAT, database, schemaVersion, createdAt: now.toISOString(), jwtSecret };
}

const manifestLine = (manifest: BackupManifest) => Buffer.from(`${JSON.stringify(manifest)}\n`);

/** The manifest when it is one this code wrote: every field of its type, nothing else. */
function checkedManifest(value: unknown): BackupManifest | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const m = value as Record<string, unknown>;
  const keys = Object.keys(m).sort().join(',');
  const ok =
    keys === 'createdAt,database,format,jwtSecret,schemaVersion' &&
    m.format === BACKUP_FORMAT &&
    (m.database === 'pglite' || m.database === 'postgres') &&
    Number.isSafeInteger(m.schemaVersion) &&
    (m.schemaVersion as number) >= 1 &&
    typeof m.createdAt === 'string' &&
    !Number.isNaN(Date.parse(m.createdAt)) &&
    (m.jwtSecret === null || (typeof m.jwtSecret === 'string' && m.jwtSecret.length >= 32));
  return ok ? (m as unknown as BackupManifest) : undefined;
}

/** A backup file's manifest and where the database's copy begins in it. */
export async function readManifest(file: string): Promise<{ manifest: BackupManifest; payloadStart: number }> {
  let head: Buffer;
  try {
    const handle = await fs.open(file, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(MANIFEST_MAX_BYTES), 0, MANIFEST_MAX_BYTES, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (err) {
    throw new BackupError(`Cannot read ${file}: ${(err as Error).message}`);
  }
  const end = head.indexOf(0x0a);
  let manifest: BackupManifest | undefined;
  try {
    manifest = end > 0 ? checkedManifest(JSON.parse(head.subarray(0, end).toString('utf8'))) : undefined;
  } catch {
    manifest = undefined;
  }
  if (!manifest) throw new BackupError(`${file} is not a backup of this application (${BACKUP_FORMAT})`);
  return { manifest, payloadStart: end + 1 };
}

/** Refuses a backup of another kind of database, or one written by a newer version of the application. */
export function checkRestorable(manifest: BackupManifest, database: Db['kind']): void {
  if (manifest.database !== database)
    throw new BackupError(
      `This backup is of ${DATABASE_NAMES[manifest.database]} and the configured database is ${DATABASE_NAMES[database]}: restore it with the same kind of database`,
    );
  if (manifest.schemaVersion > CURRENT_SCHEMA_VERSION)
    throw new BackupError(
      `This backup was written by a newer version of the application (database schema ${manifest.schemaVersion}; this version knows up to ${CURRENT_SCHEMA_VERSION}): upgrade the application, then restore it`,
    );
}

/** Writes file whole or not at all (a temporary file renamed at the end), readable by this user only. */
async function writeAtomically(file: string, write: (out: NodeJS.WritableStream) => Promise<void>): Promise<number> {
  const partial = path.join(path.dirname(path.resolve(file)), `.${path.basename(file)}.${process.pid}.partial`);
  try {
    await write(createWriteStream(partial, { mode: 0o600 }));
    await fs.rename(partial, file);
    return (await fs.stat(file)).size;
  } catch (err) {
    await fs.rm(partial, { force: true });
    throw err instanceof BackupError ? err : new BackupError(`Cannot write ${file}: ${(err as Error).message}`);
  }
}

/** A PGlite database's backup (manifest and data-folder tarball), as one buffer: what a running server sends. */
export async function pgliteBackup(db: Db, jwtSecret: string | null): Promise<Buffer> {
  if (!db.dumpDataDir) throw new BackupError('Only the embedded database is copied by the server; PostgreSQL is copied with pg_dump');
  const manifest = manifestOf(db.kind, await schemaVersionOf(db), jwtSecret);
  return Buffer.concat([manifestLine(manifest), Buffer.from(await (await db.dumpDataDir()).arrayBuffer())]);
}

/** Saves a backup's bytes (a running server's answer, or pgliteBackup's) to file. */
export function saveBackup(file: string, bytes: Buffer): Promise<number> {
  return writeAtomically(file, (out) => pipeline(Readable.from([bytes]), out));
}

/**
 * The PostgreSQL programs' connection: the URL without its password (in the address or as a `password` parameter),
 * which goes in PGPASSWORD, never on a command line that any user of the machine can read.
 */
function pgConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password) || url.searchParams.get('password') || '';
  url.password = '';
  url.searchParams.delete('password');
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Where a PostgreSQL program's input comes from and its output goes, and what stops it early. */
interface PgStreams {
  stdin?: NodeJS.ReadableStream;
  /** Left open when the program ends (more may follow). */
  stdout?: NodeJS.WritableStream;
  signal?: AbortSignal;
}

/** Runs a PostgreSQL client program; rejects with its own words when it fails, is stopped, or cannot be found. */
function pgProgram(program: string, args: string[], env: NodeJS.ProcessEnv, { stdin, stdout, signal }: PgStreams = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, signal, stdio: [stdin ? 'pipe' : 'ignore', stdout ? 'pipe' : 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    const input = stdin && child.stdin ? pipeline(stdin, child.stdin) : Promise.resolve();
    const output = stdout && child.stdout ? pipeline(child.stdout, stdout, { end: false }) : Promise.resolve();
    // A stream's failure is reported with the program's end, below. A program may stop reading its input once it has
    // what it needs (pg_restore at the archive's last entry, before the bytes after it have all been written), so a
    // broken input pipe is no failure when the program ends well; a cut or damaged input makes it end badly.
    input.catch(() => undefined);
    output.catch(() => undefined);
    child.on('error', (err) =>
      reject(new BackupError(signal?.aborted ? `${program} was stopped` : `Cannot run ${program}: ${err.message} (install PostgreSQL's client programs)`)),
    );
    child.on('close', (code) => {
      output.then(
        () => (code === 0 ? resolve() : reject(new BackupError(`${program} failed (exit ${code}): ${stderr.trim()}`))),
        (err: Error) => reject(new BackupError(`${program} failed: ${stderr.trim() || err.message}`)),
      );
    });
  });
}

/** A sink for output that only matters by the program's exit status. */
const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/**
 * A PostgreSQL database's backup into file: pg_dump's custom format, one consistent snapshot of the database taken
 * while the instances go on serving (pg_dump reads in one repeatable-read transaction; no instance waits for it).
 */
export async function writePostgresBackup(
  db: Db,
  databaseUrl: string,
  file: string,
  jwtSecret: string | null,
): Promise<{ bytes: number; manifest: BackupManifest }> {
  const manifest = manifestOf('postgres', await schemaVersionOf(db), jwtSecret);
  const { url, env } = pgConnection(databaseUrl);
  const bytes = await writeAtomically(file, async (out) => {
    const through = new PassThrough();
    // A write that fails (a full disk) stops pg_dump at once rather than leaving it blocked on its output.
    const stop = new AbortController();
    const written = pipeline(through, out);
    written.catch(() => stop.abort());
    through.write(manifestLine(manifest));
    const dumped = pgProgram('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${url}`], env, { stdout: through, signal: stop.signal });
    await Promise.all([dumped.finally(() => through.end()), written]);
  });
  return { bytes, manifest };
}

/**
 * Replaces the PostgreSQL database's contents with the backup's, in one transaction. The archive is read whole once
 * before the database is touched (a damaged or cut file is refused there); then psql runs BEGIN, empties the schema
 * and replays pg_restore's statements, and is told COMMIT only once pg_restore has finished well. Otherwise its input
 * ends without it and the server rolls the transaction back: the database stays as it was.
 */
export async function restorePostgres(databaseUrl: string, file: string, payloadStart: number): Promise<void> {
  const { url, env } = pgConnection(databaseUrl);
  const archive = () => createReadStream(file, { start: payloadStart });
  const replay = ['--no-owner', '--no-privileges', '--file=-'];
  // Read to its end (a listing would stop at the table of contents), the statements thrown away.
  await pgProgram('pg_restore', replay, env, { stdin: archive(), stdout: discard() }).catch((err: Error) => {
    throw new BackupError(`${file} cannot be restored, nothing was changed: ${err.message}`);
  });
  const statements = new PassThrough();
  const psql = pgProgram('psql', ['--quiet', '--no-psqlrc', '-v', 'ON_ERROR_STOP=1', `--dbname=${url}`], env, { stdin: statements });
  statements.write('BEGIN;\nDROP SCHEMA public CASCADE;\nCREATE SCHEMA public;\n');
  const replayed = await pgProgram('pg_restore', replay, env, { stdin: archive(), stdout: statements }).then(
    () => undefined,
    (err: unknown) => err,
  );
  statements.end(replayed === undefined ? 'COMMIT;\n' : '');
  const committed = await psql.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (replayed !== undefined) throw replayed;
  if (committed !== undefined) throw committed;
}

/**
 * Puts the backup's PGlite data folder in place of dataDir/pgdata (the server stopped). The folder it replaces is
 * kept beside it, renamed, and put back if the copy cannot be opened (with a page cache of sharedBuffersMb MiB);
 * returns where it was kept (undefined: there was none).
 */
export async function restorePglite(
  dataDir: string,
  file: string,
  payloadStart: number,
  { sharedBuffersMb, now = new Date() }: { sharedBuffersMb?: number; now?: Date } = {},
): Promise<string | undefined> {
  const pgdata = path.join(dataDir, 'pgdata');
  const kept = (await fs.stat(pgdata).catch(() => undefined)) ? `${pgdata}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}` : undefined;
  const tarball = new Blob([await fs.readFile(file).then((bytes) => bytes.subarray(payloadStart))]);
  await fs.mkdir(dataDir, { recursive: true });
  if (kept) await fs.rename(pgdata, kept);
  try {
    const lite = await PGlite.create(pgdata, { loadDataDir: tarball, startParams: pgliteStartParams(sharedBuffersMb) });
    await lite.query('SELECT 1 FROM schema_migrations LIMIT 1');
    await lite.close();
  } catch (err) {
    await fs.rm(pgdata, { recursive: true, force: true });
    if (kept) await fs.rename(kept, pgdata);
    throw new BackupError(`The backup's database could not be opened, nothing was changed: ${(err as Error).message}`);
  }
  return kept;
}
