import type { Config } from './config.js';
import { openDb, type Db } from './db/client.js';
import { DatabaseStartError, isDatabaseUnavailable } from './db/faults.js';
import { migrate } from './db/migrate.js';
import { loadLanguages, loadReferenceData } from './db/reference/load.js';
import { seedDemo } from './db/seed/demo.js';
import { applySizeBands } from './db/repositories/sizeBands.js';
import { resolveJwtSecret, TokenSigner } from './services/auth/jwt.js';
import type { AppContext } from './context.js';

/**
 * Brings a database up to date: migrations, Spanish geography, the configured size bands (when given; else the
 * stored ones stay), and the demo data when asked and empty.
 */
export async function prepareDatabase(
  db: Db,
  options: { seedDemo: boolean; sizeBands?: readonly number[] },
): Promise<{ migrations: number[]; demoSeeded: boolean }> {
  const migrations = await migrate(db);
  await db.transaction(async (tx) => {
    await loadReferenceData(tx);
    await loadLanguages(tx);
  });
  if (options.sizeBands) await applySizeBands(db, options.sizeBands);
  const demoSeeded = options.seedDemo ? await seedDemo(db) : false;
  return { migrations, demoSeeded };
}

/** How long start-up waits before trying again while PostgreSQL is out of reach. */
const START_RETRY_MS = 5000;

/** host:port/database of a connection string, never its user or password. */
function serverOf(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

/**
 * prepareDatabase, waiting while PostgreSQL is out of reach (not started yet, restarting): a line every
 * START_RETRY_MS says so, rather than an exit, so that the app and its database may start in any order. A
 * refusal that waiting cannot mend (a wrong password, no such database) stops the start with its message.
 */
async function prepareWhenReachable(db: Db, config: Config, onWait: (message: string) => void): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await prepareDatabase(db, { seedDemo: config.seedDemo, sizeBands: config.sizeBands });
      return;
    } catch (err) {
      if (db.kind !== 'postgres' || !config.databaseUrl) throw err;
      const { code, message } = err as { code?: unknown; message?: unknown };
      if (typeof code === 'string' && /^(28|3D)/.test(code)) {
        throw new DatabaseStartError(`Cannot start: PostgreSQL at ${serverOf(config.databaseUrl)} refused the connection: ${String(message)}`, { cause: err });
      }
      if (!isDatabaseUnavailable(err)) throw err;
      const reason = typeof code === 'string' ? code : String(message);
      onWait(`PostgreSQL at ${serverOf(config.databaseUrl)} is not reachable (${reason}); trying again in ${START_RETRY_MS / 1000} s (attempt ${attempt})`);
      await new Promise((resolve) => setTimeout(resolve, START_RETRY_MS));
    }
  }
}

/**
 * Opens and prepares the configured database and builds the shared context; onWait hears why the start waits
 * for PostgreSQL.
 */
export async function createContext(config: Config, onWait: (message: string) => void = console.error): Promise<AppContext> {
  const db = await openDb(config);
  try {
    await prepareWhenReachable(db, config, onWait);
    const signer = new TokenSigner(await resolveJwtSecret(config.jwtSecret, config.dataDir), config.publicUrl);
    return { config, db, signer };
  } catch (err) {
    await db.close();
    throw err;
  }
}
