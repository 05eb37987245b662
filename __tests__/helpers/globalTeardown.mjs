import fs from 'node:fs/promises';
import { tsImport } from 'tsx/esm/api';

/**
 * Removes what the run made (globalSetup.mjs, oncePerRun.ts): the PostgreSQL database with the demo data that
 * test files copy, when one was made, and the run's folder. Loaded outside jest's module system, as globalSetup.
 */
export default async function globalTeardown() {
  const runDir = process.env.CAMPAIGNS_RUN_DIR;
  if (!runDir) return;
  const { dropDemoPostgres } = await tsImport('./db.ts', import.meta.url);
  await dropDemoPostgres();
  await fs.rm(runDir, { recursive: true, force: true });
}
