import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { tsImport } from 'tsx/esm/api';

/**
 * Builds one migrated PGlite with the reference data (a fresh initdb costs seconds) and leaves its dump for every
 * test file to copy (copying a dump is faster than migrating again), with a dump of the empty cluster before it (upgrade tests). Also names
 * the run's folder, where what test files share is made once by the first to need it (oncePerRun.ts: the demo
 * data). Jest loads global setup outside its module system, so the TypeScript sources are loaded through tsx.
 */
export default async function globalSetup() {
  const { wrapPglite } = await tsImport('../../src/server/db/client.ts', import.meta.url);
  const { prepareDatabase } = await tsImport('../../src/server/bootstrap.ts', import.meta.url);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'campaigns-template-'));
  const lite = await PGlite.create();
  const empty = path.join(dir, 'empty.tar.gz');
  await fs.writeFile(empty, Buffer.from(await (await lite.dumpDataDir('gzip')).arrayBuffer()));
  process.env.CAMPAIGNS_EMPTY_DB = empty;
  await prepareDatabase(wrapPglite(lite), { seedDemo: false });
  const dump = await lite.dumpDataDir('gzip');
  await lite.close();
  const file = path.join(dir, 'template.tar.gz');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env.CAMPAIGNS_TEMPLATE_DB = file;
  process.env.CAMPAIGNS_RUN_DIR = dir;
}
