import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { tsImport } from 'tsx/esm/api';
import tarStream from 'tar-stream';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'campaigns-test-databases');

/**
 * Builds one migrated PGlite with the reference data (a fresh initdb costs seconds) and leaves its dump for every
 * test file to copy (copying a dump is faster than migrating again; left uncompressed, as unpacking gzip cost a
 * third of each copy's 0.7 s), with a dump of the empty cluster before it (upgrade tests). Both are kept between
 * runs in node_modules/.cache, under a hash of the server's sources and PGlite's version, so a run after a change
 * to the client alone skips the 4 s. Also names the run's folder, where what test files share is made once by the
 * first to need it (oncePerRun.ts: the demo data). Jest loads global setup outside its module system, so the
 * TypeScript sources are loaded through tsx.
 */
export default async function globalSetup() {
  const dumps = path.join(CACHE, await sourcesHash());
  const empty = path.join(dumps, 'empty.tar');
  const template = path.join(dumps, 'template.tar');
  if (!(await exists(template))) await writeDumps(dumps, empty, template);
  process.env.CAMPAIGNS_EMPTY_DB = empty;
  process.env.CAMPAIGNS_TEMPLATE_DB = template;
  process.env.CAMPAIGNS_RUN_DIR = await fs.mkdtemp(path.join(os.tmpdir(), 'campaigns-run-'));
}

async function writeDumps(dumps, empty, template) {
  const { wrapPglite } = await tsImport('../../src/server/db/client.ts', import.meta.url);
  const { prepareDatabase } = await tsImport('../../src/server/bootstrap.ts', import.meta.url);
  await forgetOldDumps();
  // Written beside the dumps' folder and renamed into place whole, so that two runs starting together never read
  // half a dump.
  const part = `${dumps}.${process.pid}.part`;
  await fs.mkdir(part, { recursive: true });
  const lite = await PGlite.create();
  await fs.writeFile(path.join(part, 'empty.tar'), Buffer.from(await (await lite.dumpDataDir('none')).arrayBuffer()));
  await prepareDatabase(wrapPglite(lite), { seedDemo: false });
  const templates = await lite.query("SELECT oid FROM pg_database WHERE datname IN ('template0', 'template1')");
  const folders = templates.rows.map(({ oid }) => `base/${oid}/`);
  await fs.writeFile(path.join(part, 'template.tar'), await withoutFolders(Buffer.from(await (await lite.dumpDataDir('none')).arrayBuffer()), folders));
  await lite.close();
  // A run that started together may have put its own there first: the same sources make the same dumps.
  await fs.rename(part, dumps).catch(() => fs.rm(part, { recursive: true, force: true }));
  if (!(await exists(template)) || !(await exists(empty))) throw new Error(`globalSetup: the test databases were not written to ${dumps}`);
}

/**
 * The dump without the cluster's template databases' folders (15 of its 43 MB): the tests connect only to
 * 'postgres' and never create a database on PGlite, and every test file unpacks the dump (about a fifth of a
 * copy's time saved). The catalogue still lists them; CREATE DATABASE would fail on such a copy.
 */
function withoutFolders(tar, folders) {
  const extract = tarStream.extract();
  const pack = tarStream.pack();
  const chunks = [];
  const packed = new Promise((resolve, reject) => {
    pack.on('data', (chunk) => chunks.push(chunk));
    pack.on('end', () => resolve(Buffer.concat(chunks)));
    pack.on('error', reject);
    extract.on('error', reject);
  });
  extract.on('entry', (header, stream, next) => {
    const name = header.name.replace(/^\//, '');
    if (folders.some((folder) => name === folder.slice(0, -1) || name.startsWith(folder))) {
      stream.on('end', next);
      stream.resume();
    } else stream.pipe(pack.entry(header, next));
  });
  extract.on('finish', () => pack.finalize());
  extract.end(tar);
  return packed;
}

/** Removes the dumps of other sources made over six hours ago: longer than any run that could still be reading them. */
async function forgetOldDumps() {
  await fs.mkdir(CACHE, { recursive: true });
  for (const name of await fs.readdir(CACHE)) {
    const stat = await fs.stat(path.join(CACHE, name)).catch(() => undefined);
    if (stat && Date.now() - stat.mtimeMs > 6 * 3_600_000) await fs.rm(path.join(CACHE, name), { recursive: true, force: true });
  }
}

/** What the dumps are made from: every file of the server and shared sources, the PGlite that runs them and this file. */
async function sourcesHash() {
  const hash = createHash('sha256');
  const pglite = JSON.parse(await fs.readFile(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
  hash.update(`pglite ${pglite.version}\n`);
  hash.update(await fs.readFile(fileURLToPath(import.meta.url)));
  for (const dir of ['src/server', 'src/shared']) {
    const files = (await fs.readdir(path.join(ROOT, dir), { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(ROOT, path.join(entry.parentPath ?? entry.path, entry.name)))
      .sort();
    for (const file of files) hash.update(`${file}\n`).update(await fs.readFile(path.join(ROOT, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function exists(file) {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
