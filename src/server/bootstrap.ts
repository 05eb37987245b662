import type { Config } from './config.js';
import { openDb, type Db } from './db/client.js';
import { migrate } from './db/migrate.js';
import { loadReferenceData } from './db/reference/load.js';
import { seedDemo } from './db/seed/demo.js';
import { resolveJwtSecret, TokenSigner } from './services/jwt.js';
import type { AppContext } from './context.js';

/** Brings a database up to date: migrations, Spanish geography, and the demo data when asked and empty. */
export async function prepareDatabase(db: Db, options: { seedDemo: boolean }): Promise<{ migrations: number[]; demoSeeded: boolean }> {
  const migrations = await migrate(db);
  await db.transaction((tx) => loadReferenceData(tx));
  const demoSeeded = options.seedDemo ? await seedDemo(db) : false;
  return { migrations, demoSeeded };
}

/** Opens and prepares the configured database and builds the shared context. */
export async function createContext(config: Config): Promise<AppContext> {
  const db = await openDb(config);
  try {
    await prepareDatabase(db, { seedDemo: config.seedDemo });
    const signer = new TokenSigner(await resolveJwtSecret(config.jwtSecret, config.dataDir), config.publicUrl);
    return { config, db, signer };
  } catch (err) {
    await db.close();
    throw err;
  }
}
