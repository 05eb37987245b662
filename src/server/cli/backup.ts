import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { openDb } from '../db/client.js';
import { BackupError, pgliteBackup, saveBackup, writePostgresBackup } from '../db/backup.js';
import { generatedJwtSecret, resolveJwtSecret, TokenSigner } from '../services/auth/jwt.js';
import { backupFileArgument, runningServerUrl } from './operations.js';
import { runCommand } from './run.js';

const USAGE = 'Usage: npm run backup -- <file>';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The copy a running server takes of its embedded database (POST /operations/backup); undefined when no server
 * answers on the configured port. Any other failure is reported: a server that answers is never bypassed.
 */
async function fromRunningServer(config: Config): Promise<Buffer | undefined> {
  const signer = new TokenSigner(await resolveJwtSecret(config.jwtSecret, config.dataDir), config.publicUrl);
  let res: Response;
  try {
    res = await fetch(`${runningServerUrl(config)}/operations/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await signer.signOperation('backup')}` },
    });
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return undefined;
    throw new BackupError(`The server at ${runningServerUrl(config)} could not be asked for a backup: ${(err as Error).message}`);
  }
  if (!res.ok) {
    const message = await res.text();
    throw new BackupError(`The server at ${runningServerUrl(config)} refused the backup (${res.status}): ${message.slice(0, 300)}`);
  }
  return Buffer.from(await res.arrayBuffer());
}

// Writes a backup of the configured database to a file: PostgreSQL through pg_dump, the embedded database through
// the server running on it, or directly when none runs. The instances go on serving meanwhile.
void runCommand(async (config) => {
  const file = backupFileArgument(USAGE);
  const jwtSecret = await generatedJwtSecret(config.jwtSecret, config.dataDir);
  if (config.databaseUrl) {
    const db = await openDb(config);
    try {
      const { bytes, manifest } = await writePostgresBackup(db, config.databaseUrl, file, jwtSecret);
      console.log(`Backup of PostgreSQL (database schema ${manifest.schemaVersion}) written to ${file}: ${megabytes(bytes)}.`);
    } finally {
      await db.close();
    }
    return;
  }
  const served = await fromRunningServer(config);
  if (served) {
    const bytes = await saveBackup(file, served);
    console.log(`Backup of the embedded database, taken by the server at ${runningServerUrl(config)}, written to ${file}: ${megabytes(bytes)}.`);
    return;
  }
  if (!(await fs.stat(path.join(config.dataDir, 'pgdata')).catch(() => undefined)))
    throw new BackupError(`There is no embedded database in ${config.dataDir} (DATA_DIR): nothing to back up`);
  const db = await openDb(config);
  try {
    const bytes = await saveBackup(file, await pgliteBackup(db, jwtSecret));
    console.log(`Backup of the embedded database in ${config.dataDir} (no server running) written to ${file}: ${megabytes(bytes)}.`);
  } finally {
    await db.close();
  }
});
