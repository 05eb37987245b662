import fs from 'node:fs/promises';
import { tsImport } from 'tsx/esm/api';

/**
 * Removes what the run made (globalSetup.mjs, oncePerRun.ts): the PostgreSQL template databases that test files
 * copy, when they were made, and the run's folder. Loaded outside jest's module system, as globalSetup.
 */
export default async function globalTeardown() {
  const runDir = process.env.CAMPAIGNS_RUN_DIR;
  if (!runDir) return;
  const { dropPostgresTemplates } = await tsImport('./db.ts', import.meta.url);
  await dropPostgresTemplates();
  await fs.rm(runDir, { recursive: true, force: true });
}
