import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { fork } from 'node:child_process';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPglite, openPostgres, type Db } from '../db/client.js';
import { prepareDatabase } from '../bootstrap.js';
import { seedScale } from '../db/seed/scale.js';
import { hashPassword } from '../services/auth/passwords.js';
import { insertUser } from '../db/repositories/users.js';
import { TokenSigner } from '../services/auth/jwt.js';
import type { Measured } from './benchClient.js';
import { signIn } from './signIn.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
/** Which databases to measure, comma separated: pglite, postgres (both by default). */
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((d) => d.trim());
/** Only the calls whose row name contains this text (health is always measured: it sets the budget). */
const ONLY = process.env.BENCH_ONLY ?? '';
const PASSWORD = 'bench-password-1';

/**
 * Measures one URL from a child process (benchClient.ts): the load generator parses every response, and in
 * the server's own event loop it would slow down the server it measures.
 */
function measure(url: string, token?: string): Promise<Measured> {
  // .ts under tsx (npm run bench; the child inherits its loader through execArgv), .js once built.
  const client = fileURLToPath(new URL(`./benchClient${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url));
  const child = fork(client, [JSON.stringify({ url, token, connections: CONNECTIONS, seconds: DURATION_S })]);
  return new Promise<Measured>((resolve, reject) => {
    child.once('message', (message: { measured?: Measured; error?: string }) => (message.measured ? resolve(message.measured) : reject(new Error(message.error))));
    // 'close' comes after every message the child sent (its 'exit' may come before them).
    child.once('close', (code) => reject(new Error(`bench client exited with ${code} before reporting`)));
  });
}

const ms = (v: number) => (v < 10 ? v.toFixed(1) : Math.round(v).toString());

/** The heap ceiling of the edition export (issue 17): the scale data set must export within it. */
const EXPORT_HEAP_BUDGET_MB = 256;

/**
 * Downloads a whole edition's export as a client would (reading and dropping the bytes) and reports its time,
 * size and this process's peak heap meanwhile (the server runs in this process), sampled every 20 ms.
 */
async function measureExport(url: string, token: string, edition: number, format: 'csv' | 'xlsx'): Promise<{ seconds: number; megabytes: number; peakHeapMb: number }> {
  let peak = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
  const started = performance.now();
  let bytes = 0;
  try {
    const res = await fetch(`${url}/api/secure/v1/campaigns/export?edition=${edition}&format=${format}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200 || !res.body) throw new Error(`export ${format}: HTTP ${res.status}`);
    const reader = res.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return { seconds: (performance.now() - started) / 1000, megabytes: bytes / 2 ** 20, peakHeapMb: peak / 2 ** 20 };
}

/** Lines of the export table, one per database and format. */
const exportRows: string[] = [];

/** Opening an edition for every entity of the scale set must take under this (issue 18). */
const OPENING_BUDGET_S = 5;
/** Lines of the edition-opening table: the first opening and a repeat, per database. */
const openingRows: string[] = [];

/**
 * Times POST campaigns/openEdition for all Spain on the scale set as ADMIN's button sends it: a new edition (the
 * next year, without campaigns, like the start of a real cycle) gets one campaign per entity; then the same call
 * again, which must create nothing. It makes that edition the current one, so it runs after every other row.
 */
async function measureOpening(name: string, db: Db, url: string, token: string): Promise<void> {
  const [{ next }] = await db.query<{ next: number }>('SELECT max(campaign_number) + 1 AS next FROM editions');
  await db.query("INSERT INTO editions (campaign_number, title) VALUES ($1, 'Edición de medida')", [next]);
  for (const attempt of ['first', 'repeated']) {
    const started = performance.now();
    const res = await fetch(`${url}/api/secure/v1/campaigns/openEdition`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ scope: 'all', notify: false }),
    });
    const body = (await res.json()) as { response?: { created: number; existing: number } };
    const seconds = (performance.now() - started) / 1000;
    if (res.status !== 200 || !body.response) throw new Error(`openEdition: HTTP ${res.status}`);
    const verdict = seconds < OPENING_BUDGET_S ? `yes (< ${OPENING_BUDGET_S} s)` : `NO (>= ${OPENING_BUDGET_S} s)`;
    openingRows.push(`| ${name} | ${next}, ${attempt} | ${body.response.created} | ${body.response.existing} | ${seconds.toFixed(2)} | ${verdict} |`);
  }
}

/**
 * Seeds the scale data set, serves it and measures the health call (the framework floor) and the report
 * calls under load; the budget is p95 within 3x health's p95 in the same run and under 50 ms. The cached rows
 * call one campaign again and again, so all but the first calls are served from the report cache; the
 * uncached rows call a second instance on the same database that keeps nothing (reportCacheBytes 0), which
 * builds every body as the first call after a change of the campaign's edition does.
 */
async function benchBackend(name: string, db: Db): Promise<string[]> {
  const started = Date.now();
  await prepareDatabase(db, { seedDemo: false });
  const { entities } = await seedScale(db);
  console.error(`${name}: scale data (${entities} entities) ready in ${Math.round((Date.now() - started) / 1000)} s`);
  await db.transaction(async (tx) => insertUser(tx, { email: 'bench@example.org', role: 'ADMIN', passwordHash: await hashPassword(PASSWORD), entityIds: [] }));
  const config = loadConfig({ LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '1000', STATIC_DIR: '/nonexistent' });
  const ctx = { config, db, signer: new TokenSigner(randomBytes(32).toString('hex'), config.publicUrl) };
  const app = await buildApp(ctx);
  const uncachedApp = await buildApp(ctx, { reportCacheBytes: 0 });
  const listen = async (a: typeof app) => {
    await a.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(a.server.address() as { port: number }).port}`;
  };
  const [url, uncachedUrl] = [await listen(app), await listen(uncachedApp)];
  try {
    const token = await signIn(url, config.oauth, 'bench@example.org', PASSWORD);
    const [{ id }] = await db.query<{ id: number }>("SELECT c.id FROM campaigns c JOIN editions e ON e.id = c.edition_id WHERE c.status = 'sent' ORDER BY e.campaign_number DESC, c.id LIMIT 1");
    const rows: string[] = [];
    const calls = [
      ['health', url, '/api/v1/health', undefined],
      ['campaigns/result (cached)', url, `/api/secure/v1/campaigns/result?id=${id}`, token],
      ['campaigns/comparison (cached)', url, `/api/secure/v1/campaigns/comparison?id=${id}`, token],
      ['campaigns/result (uncached)', uncachedUrl, `/api/secure/v1/campaigns/result?id=${id}`, token],
      ['campaigns/comparison (uncached)', uncachedUrl, `/api/secure/v1/campaigns/comparison?id=${id}`, token],
      // Never cached (engine.ts trend): every call reads each edition's figures.
      ['campaigns/trend', url, `/api/secure/v1/campaigns/trend?id=${id}`, token],
    ] as const;
    let health: Measured | undefined;
    for (const [call, base, path, auth] of calls.filter(([c]) => c === 'health' || c.includes(ONLY))) {
      const m = await measure(base + path, auth);
      health ??= m;
      const budget = Math.min(3 * health.p95, 50);
      const verdict = call === 'health' ? '' : m.p95 <= budget ? `yes (<= ${ms(budget)})` : `NO (> ${ms(budget)})`;
      rows.push(`| ${name} | ${call} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${Math.round(m.requestsPerSecond)} | ${verdict} |`);
    }
    const [{ campaign_number: edition }] = await db.query<{ campaign_number: number }>('SELECT max(campaign_number) AS campaign_number FROM editions');
    for (const format of ['csv', 'xlsx'] as const) {
      const m = await measureExport(url, token, edition, format);
      const verdict = m.peakHeapMb <= EXPORT_HEAP_BUDGET_MB ? `yes (<= ${EXPORT_HEAP_BUDGET_MB} MB)` : `NO (> ${EXPORT_HEAP_BUDGET_MB} MB)`;
      exportRows.push(`| ${name} | ${edition} ${format.toUpperCase()} | ${m.seconds.toFixed(1)} | ${m.megabytes.toFixed(1)} | ${Math.round(m.peakHeapMb)} | ${verdict} |`);
    }
    await measureOpening(name, db, url, token);
    return rows;
  } finally {
    await Promise.all([app.close(), uncachedApp.close()]);
  }
}

/** The rows measured on a fresh PGlite in a temporary folder. */
async function benchPglite(): Promise<string[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'campaigns-bench-'));
  const lite = await openPglite(dir);
  try {
    return await benchBackend('PGlite', lite);
  } finally {
    await lite.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The rows measured on a throw-away database of the local PostgreSQL server; none when it is not reachable. */
async function benchPostgres(): Promise<string[]> {
  const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    console.error(`PostgreSQL not reachable at ${adminUrl}: skipped.`);
    return [];
  }
  const name = `campaigns_bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString());
  try {
    return await benchBackend('PostgreSQL', db);
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  const rows = ['| database | call | p50 ms | p95 ms | p99 ms | requests/s | within budget |', '|---|---|---|---|---|---|---|'];
  if (DATABASES.includes('pglite')) rows.push(...(await benchPglite()));
  if (DATABASES.includes('postgres')) rows.push(...(await benchPostgres()));
  console.log(rows.join('\n'));
  console.log(['', '| database | edition export | seconds | MB | peak heap MB | within budget |', '|---|---|---|---|---|---|', ...exportRows].join('\n'));
  console.log(['', '| database | opening the edition for all entities | created | already had one | seconds | within budget |', '|---|---|---|---|---|---|', ...openingRows].join('\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
