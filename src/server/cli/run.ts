import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { openDb, type Db } from '../db/client.js';
import { prepareDatabase } from '../bootstrap.js';
import { CatalogueError } from '../catalogue/parse.js';
import { AppError } from '../errors.js';
import { BackupError } from '../db/backup.js';

/** Runs a command-line task with the configuration, printing a known error's message (no stack trace) with exit status 1. */
export async function runCommand(task: (config: Config) => Promise<void>): Promise<void> {
  try {
    await task(loadConfig());
  } catch (err) {
    const known =
      err instanceof ConfigError || err instanceof CatalogueError || err instanceof UsageError || err instanceof AppError || err instanceof BackupError;
    console.error(known ? err.message : err);
    process.exitCode = 1;
  }
}

/** Runs a command-line task against the configured database (migrated first) and closes it afterwards. */
export function runCli(task: (db: Db, config: Config) => Promise<void>): Promise<void> {
  return runCommand(async (config) => {
    const db = await openDb(config);
    try {
      await prepareDatabase(db, { seedDemo: false });
      await task(db, config);
    } finally {
      await db.close();
    }
  });
}

/** A mistake in the command line, reported without a stack trace. */
export class UsageError extends Error {}

/** parseArgs with a usage message instead of a stack trace on unknown options. */
export function parseCliArgs<T extends Parameters<typeof parseArgs>[0]>(config: T, usage: string) {
  try {
    return parseArgs(config);
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${usage}`);
  }
}
