import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DatabaseStartError } from './faults.js';
import { freeBytes, lowSpaceMessage, PGLITE_DISK_RESERVE } from './pgliteGuard.js';

/** PGlite reports file-system failures as Emscripten errno numbers (WASI's): the few that name a cause. */
const WASI_ERRNO: Record<number, string> = { 2: 'EACCES', 19: 'EDQUOT', 51: 'ENOSPC', 63: 'EPERM', 69: 'EROFS' };

const CAUSES: Record<string, string> = {
  EROFS: 'is on a read-only file system (EROFS)',
  EACCES: 'cannot be written by this process (EACCES): check its owner and permissions',
  EPERM: 'cannot be written by this process (EPERM): check its owner and permissions',
  ENOSPC: 'is full (ENOSPC)',
  EDQUOT: 'is over its disk quota (EDQUOT)',
  ENOTDIR: 'is not a folder (ENOTDIR)',
  EEXIST: 'is not a folder (EEXIST)',
};

/** The error code of a Node or PGlite (Emscripten) file-system failure, if it has one. */
function fsCode(err: unknown): string | undefined {
  const { code, errno } = (err ?? {}) as { code?: unknown; errno?: unknown };
  if (typeof code === 'string') return code;
  return typeof errno === 'number' ? WASI_ERRNO[errno] : undefined;
}

/** "Cannot start: the data folder X <cause>." with what to do, for main to print. */
function startError(folder: string, err: unknown): DatabaseStartError {
  const code = fsCode(err);
  const cause = (code && CAUSES[code]) ?? `cannot be used: ${err instanceof Error ? err.message : String(err)}`;
  return new DatabaseStartError(`Cannot start: the data folder ${folder} ${cause}. Fix it or set DATA_DIR to a writable folder with free space.`, {
    cause: err,
  });
}

/**
 * Refuses, before PGlite sees it, a data folder it could not write: created if missing, a file written and
 * removed in it (and in its pgdata folder when present), and at least the reserve free.
 */
export async function checkDataDir(dataDir: string, reserveBytes = PGLITE_DISK_RESERVE): Promise<void> {
  const folders = [dataDir, path.join(dataDir, 'pgdata')];
  for (const folder of folders) {
    try {
      if (folder === dataDir) await fs.mkdir(folder, { recursive: true });
      else if (!(await fs.stat(folder).catch(() => undefined))) continue;
      const probe = path.join(folder, `.write-check-${process.pid}`);
      await fs.writeFile(probe, 'ok');
      await fs.rm(probe, { force: true });
    } catch (err) {
      throw startError(folder, err);
    }
  }
  const free = freeBytes(dataDir);
  if (free !== undefined && free < reserveBytes) {
    throw new DatabaseStartError(`Cannot start: the ${lowSpaceMessage(dataDir, free, reserveBytes)}. Free some space or set DATA_DIR to another folder.`);
  }
}

/**
 * PGlite's page cache by default, in MiB (PostgreSQL's shared_buffers). PGlite zeroes all of it as it starts: a
 * start with 16 costs a server 0.45 s less CPU and 120 MB less memory, at the price of reading from the data folder
 * the pages that do not fit (docs/operations.md, PGLITE_SHARED_BUFFERS_MB).
 */
export const PGLITE_SHARED_BUFFERS_MB = 128;

/** PGlite's start parameters with a page cache of that many MiB (PGLITE_SHARED_BUFFERS_MB unless given). */
export const pgliteStartParams = (sharedBuffersMb = PGLITE_SHARED_BUFFERS_MB): string[] => [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${sharedBuffersMb}MB`,
];

/**
 * Opens (creating on first use) the PGlite database in dataDir/pgdata with a page cache of sharedBuffersMb MiB (the
 * default unless given); a failure names the folder and its cause.
 */
export async function createPgliteIn(dataDir: string, sharedBuffersMb?: number): Promise<PGlite> {
  try {
    return await PGlite.create(path.join(dataDir, 'pgdata'), { startParams: pgliteStartParams(sharedBuffersMb) });
  } catch (err) {
    throw startError(path.join(dataDir, 'pgdata'), err);
  }
}
