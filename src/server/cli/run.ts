import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { openDb, type Db } from '../db/client.js';
import { prepareDatabase } from '../bootstrap.js';
import { CatalogueError } from '../catalogue/parse.js';
import { AppError } from '../errors.js';

/** Runs a command-line task against the configured database (migrated first) and closes it afterwards. */
export async function runCli(task: (db: Db, config: Config) => Promise<void>): Promise<void> {
  let db: Db | undefined;
  try {
    const config = loadConfig();
    db = await openDb(config);
    await prepareDatabase(db, { seedDemo: false });
    await task(db, config);
  } catch (err) {
    const known = err instanceof ConfigError || err instanceof CatalogueError || err instanceof UsageError || err instanceof AppError;
    console.error(known ? err.message : err);
    process.exitCode = 1;
  } finally {
    await db?.close();
  }
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
