import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/**
 * Removes what the run made (globalSetup.mjs, oncePerRun.ts): its folder and, when one was made, the PostgreSQL
 * database with the demo data that test files copy (db.ts, openDemoPostgres, which names it in its folder).
 */
export default async function globalTeardown() {
  const runDir = process.env.CAMPAIGNS_RUN_DIR;
  if (!runDir) return;
  const name = await fs.readFile(path.join(runDir, 'postgres-demo', 'made', 'database'), 'utf8').catch(() => undefined);
  if (name) {
    const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  await fs.rm(runDir, { recursive: true, force: true });
}
