import fs from 'node:fs/promises';
import path from 'node:path';
import { openDb } from '../db/client.js';
import { prepareDatabase } from '../bootstrap.js';
import { BackupError, checkRestorable, CURRENT_SCHEMA_VERSION, readManifest, restorePglite, restorePostgres } from '../db/backup.js';
import { keepJwtSecret } from '../services/auth/jwt.js';
import { backupFileArgument, runningServerUrl, serverAnswers } from './operations.js';
import { runCommand } from './run.js';

const USAGE = 'Usage: npm run restore -- <file>';

// Replaces the configured database's contents with a backup's (npm run backup), then brings it up to this version's
// schema. Refuses a backup of the other kind of database or of a newer version; on the embedded database, refuses
// while a server runs on it.
void runCommand(async (config) => {
  const file = backupFileArgument(USAGE);
  const { manifest, payloadStart } = await readManifest(file);
  checkRestorable(manifest, config.databaseUrl ? 'postgres' : 'pglite');
  let kept: string | undefined;
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, file, payloadStart);
  } else {
    if (await serverAnswers(config))
      throw new BackupError(`A server answers at ${runningServerUrl(config)}: stop it before restoring the embedded database, which it holds open`);
    kept = await restorePglite(config.dataDir, file, payloadStart, { sharedBuffersMb: config.pgliteSharedBuffersMb });
  }
  const keptNote = kept ? ` The database it replaced is kept in ${kept}.` : '';
  if (manifest.jwtSecret && !config.jwtSecret) {
    // The secret it replaces goes with the database it replaces.
    if (kept) await fs.copyFile(path.join(config.dataDir, 'jwt-secret'), `${kept}.jwt-secret`).catch(() => undefined);
    await keepJwtSecret(config.dataDir, manifest.jwtSecret);
  }
  const db = await openDb(config);
  try {
    const { migrations } = await prepareDatabase(db, { seedDemo: false });
    const upgraded = migrations.length > 0 ? `, brought up to schema ${CURRENT_SCHEMA_VERSION}` : '';
    console.log(`Restored ${file} (written ${manifest.createdAt}, database schema ${manifest.schemaVersion}${upgraded}).`);
    if (kept) console.log(`${keptNote.trim()} Remove it once the restored data has been checked.`);
  } catch (err) {
    throw new BackupError(`The backup was put in place but could not be brought up to date: ${(err as Error).message}.${keptNote}`);
  } finally {
    await db.close();
  }
});
