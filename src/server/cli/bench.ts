import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { fork } from 'node:child_process';
import pg from 'pg';
import { startInstance, startWarmedApp, type InstanceRequest } from './benchServer.js';
import { benchConfig } from './benchConfig.js';
import { openPglite, openPostgres, type Db } from '../db/client.js';
import { prepareDatabase } from '../bootstrap.js';
import { seedScale } from '../db/seed/scale.js';
import { hashPassword } from '../services/auth/passwords.js';
import { insertUser } from '../db/repositories/users.js';
import { TokenSigner } from '../services/auth/jwt.js';
import type { Measured, MeasureOptions } from './benchClient.js';
import { MIX_KINDS, type MixKind, type MixMeasured, type MixPlan } from './benchMix.js';
import { rebuildTerritoryScores } from '../db/repositories/territoryScores.js';
import { freezeEdition } from '../db/repositories/finalResults.js';
import { grantSeals } from '../db/repositories/publication.js';
import { insertReceipt } from '../db/repositories/receipts.js';
import { finishEvidenceFile, insertEvidenceFile } from '../db/repositories/answerNotes.js';
import { receiptCode } from '../services/campaigns/receipts.js';
import { storeEvidencePieces } from '../services/campaigns/evidenceFiles.js';
import type { MemoryPeak } from './memoryPeaks.js';
import { signIn } from './signIn.js';
import { healthCall } from '../../shared/api/health.js';
import { measureUploads, prepareUploads, uploadsTable, uploadTargets } from './benchUploads.js';
import { BenchTable, LATENCY_COLUMNS, ms, runInfo, VERDICT_COLUMN, writeBenchResults, writeLatestRun, type Column, type Row } from './benchTables.js';

/** A quick look (BENCH_SHORT=1 or --short): 3 s per measure, no export, no edition opening, no growth set. */
const SHORT = process.env.BENCH_SHORT === '1' || process.argv.includes('--short');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? (SHORT ? 3 : 10));
const CONNECTIONS = 10;
/** Which databases to measure, comma separated: pglite, postgres (both by default). */
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((d) => d.trim());
/** Only the calls whose row name contains this text (health is always measured: it sets the budget). */
const ONLY = process.env.BENCH_ONLY ?? '';
const PASSWORD = 'bench-password-1';
/** Health's path: the floor of every table's budgets, and what the load generator warms up on (every measured server answers it). */
const HEALTH_PATH = healthCall.url;

/**
 * Measures one URL from a child process (benchClient.ts): the load generator reads every response, and in
 * the server's own event loop it would slow down the server it measures. Its connections first ask warmUpPath of
 * the same server, untimed (health's unless told).
 */
function measure(url: string, token?: string, connections = CONNECTIONS, each?: MeasureOptions['each'], warmUpPath = HEALTH_PATH): Promise<Measured> {
  // .ts under tsx (npm run bench; the child inherits its loader through execArgv), .js once built.
  const file = fileURLToPath(new URL(`./benchClient${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url));
  const child = fork(file, [JSON.stringify({ url, token, connections, seconds: DURATION_S, each, warmUpPath } satisfies MeasureOptions)]);
  return new Promise<Measured>((resolve, reject) => {
    child.once('message', (message: { measured?: Measured; error?: string }) =>
      message.measured ? resolve(message.measured) : reject(new Error(message.error)),
    );
    // 'close' comes after every message the child sent (its 'exit' may come before them).
    child.once('close', (code) => reject(new Error(`bench client exited with ${code} before reporting`)));
  });
}

/** A latency row's values: the measure, and the budget its p95 is held to (none for health, the floor). */
function latencyRow(group: string, call: string, m: Measured, budgetMs: number | null, comparison: '<=' | '<' = '<='): Row {
  const within = budgetMs === null ? null : comparison === '<=' ? m.p95 <= budgetMs : m.p95 < budgetMs;
  return {
    group,
    call,
    p50: m.p50,
    p95: m.p95,
    p99: m.p99,
    requestsPerSecond: m.requestsPerSecond,
    budgetMs,
    budget: budgetMs === null ? null : `p95 ${comparison} ${ms(budgetMs)}`,
    withinBudget: within,
  };
}

const byDatabase = (call: string): Column[] => [
  { key: 'group', heading: 'database' },
  { key: 'call', heading: call },
];

/** The report calls (cached, uncached, trend, review queue) beside health, per database. */
const callsTable = new BenchTable('calls', [...byDatabase('call'), ...LATENCY_COLUMNS, VERDICT_COLUMN]);
/** The same on the growth data set. */
const growthTable = new BenchTable('growth', [{ key: 'group', heading: 'data set' }, { key: 'call', heading: 'call' }, ...LATENCY_COLUMNS, VERDICT_COLUMN]);

/** The heap ceiling of the edition export: the scale data set must export within it. */
const EXPORT_HEAP_BUDGET_MB = 256;

/**
 * Downloads each format of a whole edition's export as a client would (reading and dropping the bytes) from a server
 * in a process of its own, started as main.ts starts one (its reports read ahead), and adds its time, size and the
 * server's peak heap meanwhile to the table. Each download starts from the server's heap just collected, whose size
 * the table gives beside the peak: what the server keeps (its caches), not the export's. The server is the only
 * user of that process, so the peak is the server's alone, not the bench's (its load generator, the other apps it
 * measured) as when the export was measured in the bench's own process.
 */
async function measureExports(name: string, store: Store, session: Session, edition: number): Promise<void> {
  await store.lend(async () => {
    const instance = await startInstance({ ...store.place, secret: session.secret });
    try {
      for (const format of ['csv', 'xlsx'] as const) {
        const { heap: startHeap } = await instance.collect();
        const started = performance.now();
        let bytes = 0;
        const res = await fetch(`${instance.url}/api/secure/v1/campaigns/export?edition=${edition}&format=${format}`, {
          headers: { authorization: `Bearer ${session.token}` },
        });
        if (res.status !== 200 || !res.body) throw new Error(`export ${format}: HTTP ${res.status}`);
        const reader = res.body.getReader();
        for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
        const seconds = (performance.now() - started) / 1000;
        const { peak } = await instance.peak();
        const peakHeapMb = peak.heap / 2 ** 20;
        exportTable.add({
          group: name,
          call: `${edition} ${format.toUpperCase()}`,
          seconds,
          megabytes: bytes / 2 ** 20,
          startHeapMb: startHeap / 2 ** 20,
          peakHeapMb,
          budget: `<= ${EXPORT_HEAP_BUDGET_MB} MB`,
          withinBudget: peakHeapMb <= EXPORT_HEAP_BUDGET_MB,
        });
      }
    } finally {
      await instance.stop();
    }
  });
}

/** The export table, one row per database and format. */
const exportTable = new BenchTable('export', [
  ...byDatabase('edition export'),
  { key: 'seconds', heading: 'seconds', format: (v) => (v as number).toFixed(1) },
  { key: 'megabytes', heading: 'MB', format: (v) => (v as number).toFixed(1) },
  { key: 'startHeapMb', heading: 'heap at start MB', format: (v) => String(Math.round(v as number)) },
  { key: 'peakHeapMb', heading: 'peak heap MB', format: (v) => String(Math.round(v as number)) },
  VERDICT_COLUMN,
]);

/** Opening an edition for every entity of the scale set must take under this. */
const OPENING_BUDGET_S = 5;
/** The edition-opening table: the first opening and a repeat, per database. */
const openingTable = new BenchTable('opening', [
  ...byDatabase('opening the edition for all entities'),
  { key: 'created', heading: 'created' },
  { key: 'existing', heading: 'already had one' },
  { key: 'seconds', heading: 'seconds', format: (v) => (v as number).toFixed(2) },
  VERDICT_COLUMN,
]);

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
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scope: 'all', notify: false }),
    });
    const body = (await res.json()) as { response?: { created: number; existing: number } };
    const seconds = (performance.now() - started) / 1000;
    if (res.status !== 200 || !body.response) throw new Error(`openEdition: HTTP ${res.status}`);
    openingTable.add({
      group: name,
      call: `${next}, ${attempt}`,
      created: body.response.created,
      existing: body.response.existing,
      seconds,
      budget: `< ${OPENING_BUDGET_S} s`,
      withinBudget: seconds < OPENING_BUDGET_S,
    });
  }
}

/**
 * A file downloaded (one given as evidence, by ten at once; the open data, by fifty) is in the browser's hands within
 * this at p95: well under the second in which a wait for a file is noticed. Its time is mostly its bytes', which a
 * multiple of health's p95 does not measure (docs/benchmarks.md, "The open data's budget").
 */
const DOWNLOAD_BUDGET_MS = 200;

/** The size of the evidence file the bench downloads: a scanned page or two of a council's minutes. */
const EVIDENCE_BYTES = 256 * 1024;

/**
 * What the calls that read a sent campaign's receipt and evidence need, written as a submission and an upload leave
 * them (the scale set has neither): a receipt and one PDF file of EVIDENCE_BYTES behind its first question.
 */
async function addReceiptAndEvidence(db: Db, campaignId: number): Promise<{ receiptCode: string; evidenceId: number }> {
  return db.transaction(async (tx) => {
    const [{ userId, email, question }] = await tx.query<{ userId: number; email: string; question: number }>(
      `SELECT u.id AS "userId", u.email, (SELECT min(subindicator_id) FROM answers WHERE campaign_id = $1) AS question
       FROM users u WHERE u.email = 'bench@example.org'`,
      [campaignId],
    );
    const receipt = await insertReceipt(tx, { code: receiptCode(), campaignId, sha256: '0'.repeat(64), signerId: userId, signerEmail: email });
    const evidenceId = await insertEvidenceFile(tx, { campaignId, subindicatorId: question, fileName: 'acta.pdf', addedBy: userId });
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(EVIDENCE_BYTES - 9)]);
    await storeEvidencePieces(
      tx,
      evidenceId,
      (async function* () {
        yield bytes;
      })(),
    );
    await finishEvidenceFile(tx, evidenceId, { fileName: 'acta.pdf', contentType: 'application/pdf', size: bytes.length });
    return { receiptCode: receipt.code, evidenceId };
  });
}

/** One row of the calls table: what is asked, and how. */
interface Call {
  call: string;
  path: string;
  /** Whether it carries the bench account's token. */
  auth?: boolean;
  /** A budget of its own, where 3x health's p95 does not fit: a download's time is mostly its bytes'. */
  fixedBudgetMs?: number;
  /**
   * Measured for reference, held to no budget: the plain build, which no serving instance takes (its report cache
   * always keeps something), is what the tests compare assembled bodies with; a cold read's budget is the first read's.
   * And auth/me: a token and the session's statement with a small answer, what every authenticated call costs at
   * least (health has neither).
   */
  reference?: true;
  /** Each request asks path followed by the next of these campaigns' ids (every read the first of its campaign). */
  each?: number[];
  /** What its generator asks before the run, untimed, where health's answers would not do (measure). */
  warmUpPath?: string;
}

/**
 * The calls that read one sent campaign, measured on an instance in a process of its own, started as main.ts starts
 * one (startInstance; a deployment's process holds no seeding and no second app), with health first (the budget):
 * its result and comparison cached (one campaign again and again) and read first (each request another campaign's
 * first read), its trend cached and read first, the review queue, its receipt, a receipt's public check and the
 * download of a file given as evidence; then the reference rows of a second instance that keeps nothing, which builds
 * every body from one statement. Answers the token the calls carried.
 */
async function measureCalls(table: BenchTable, name: string, store: Store, secret: string, id: number): Promise<string> {
  const { receiptCode: code, evidenceId } = await addReceiptAndEvidence(store.db, id);
  // The other sent campaigns of the same edition, in an order that mixes territories.
  const others = (
    await store.db.query<{ id: number }>(
      "SELECT c.id FROM campaigns c WHERE c.status = 'sent' AND c.id <> $1 AND c.edition_id = (SELECT edition_id FROM campaigns WHERE id = $1) ORDER BY (c.id * 7919) % 10007",
      [id],
    )
  ).map((r) => r.id);
  const [forResults, forComparisons] = [others.filter((_, i) => i % 2 === 0), others.filter((_, i) => i % 2 === 1)];
  // A report call of the measured campaign (kept), and of each campaign of a list, the path followed by its id.
  const reportPath = (report: string) => `/api/secure/v1/campaigns/${report}?id=`;
  const kept = (report: string) => ({ path: `${reportPath(report)}${id}`, auth: true });
  // Each request of a first-read row (under a second in all) reads another campaign: its generator first asks the
  // same report of the measured campaign, so that its code for answers of that size is compiled, and the route's.
  const firstReads = (report: string, each: number[]) => ({ path: reportPath(report), auth: true, each, warmUpPath: kept(report).path });
  const calls: Call[] = [
    { call: 'health', path: HEALTH_PATH },
    { call: 'auth/me (the session check alone)', path: '/api/secure/v1/auth/me', auth: true, reference: true },
    { call: 'campaigns/result (cached)', ...kept('result') },
    { call: 'campaigns/comparison (cached)', ...kept('comparison') },
    // A running instance's first read of each campaign: what its first reader gets, the territories' parts shared.
    { call: 'campaigns/result (first read)', ...firstReads('result', forResults) },
    { call: 'campaigns/comparison (first read)', ...firstReads('comparison', forComparisons) },
    // Kept like a result (engine.ts trend): one campaign again and again, then each other campaign's first read.
    { call: 'campaigns/trend (cached)', ...kept('trend') },
    { call: 'campaigns/trend (first read)', ...firstReads('trend', others) },
    // The review queue of the current edition: every sent campaign of the scale set, with its marks counted.
    { call: 'campaigns/review/queue', path: '/api/secure/v1/campaigns/review/queue', auth: true },
    { call: 'campaigns/receipt', ...kept('receipt') },
    // Anyone holding a receipt's code checks it, without an account.
    { call: 'public/receipt (check)', path: `/api/v1/public/receipt?code=${code}` },
    {
      call: `campaigns/evidence/file (${EVIDENCE_BYTES / 1024} KB)`,
      path: `/api/secure/v1/campaigns/evidence/file?id=${id}&evidenceId=${evidenceId}`,
      auth: true,
      fixedBudgetMs: DOWNLOAD_BUDGET_MS,
    },
  ];
  const uncached: Call[] = [
    { call: 'campaigns/result (uncached)', ...kept('result'), reference: true },
    { call: 'campaigns/comparison (uncached)', ...kept('comparison'), reference: true },
  ];
  const chosen = (rows: Call[]) => rows.filter(({ call }) => call === 'health' || call.includes(ONLY));
  let token!: string;
  let health: Measured | undefined;
  const measureOn = async (url: string, rows: Call[]) => {
    for (const { call, path, auth, fixedBudgetMs, reference, each, warmUpPath } of rows) {
      // One load generator for every row, health's (whose p95 sets the budgets) and a file's download alike.
      const m = await measure(url + path, auth ? token : undefined, CONNECTIONS, each, warmUpPath);
      health ??= m;
      table.add(latencyRow(name, call, m, call === 'health' || reference ? null : (fixedBudgetMs ?? Math.min(3 * health.p95, 50))));
    }
  };
  await store.lend(async () => {
    const instance = await startInstance({ ...store.place, secret });
    try {
      token = await signIn(instance.url, benchConfig().oauth, 'bench@example.org', PASSWORD);
      const rows = chosen(calls);
      // Untimed, before any row but health (the only one when BENCH_ONLY names none of these): an instance past its
      // first seconds (its code compiled, PGlite's pages in its memory), as on the deadline day's instances.
      const reportsMeasured = rows.some(({ call }) => call !== 'health');
      for (const report of reportsMeasured ? ['result', 'comparison', 'trend'] : []) {
        await measure(instance.url + reportPath(report), token, CONNECTIONS, Array<number>(INSTANCE_WARM_UP).fill(id));
      }
      await measureOn(instance.url, rows);
    } finally {
      await instance.stop();
    }
    if (chosen(uncached).length === 0) return;
    const plain = await startInstance({ ...store.place, secret, reportCacheBytes: 0 });
    try {
      await measureOn(plain.url, chosen(uncached));
    } finally {
      await plain.stop();
    }
  });
  return token;
}

/** How many times the calls' instance answers each report of the measured campaign before the rows (measureCalls). */
const INSTANCE_WARM_UP = 2000;

/** How long the public calls' bench waits, after an answer is asked twice, for its compressed copies to be made. */
const PUBLIC_COPIES_WAIT_MS = 6000;

/**
 * Anonymous readers at once on the public calls (a publication's first hour): the budget is p95 within 2x health's p95
 * under them, but for the open data files, which have a download's (DOWNLOAD_BUDGET_MS).
 */
const PUBLIC_CONNECTIONS = 50;

/**
 * The public calls under anonymous traffic: the current edition made final (its sent campaigns validated, its
 * provisional results published a month ago, two entities in three publishing theirs, seals granted), then each call
 * measured with PUBLIC_CONNECTIONS clients beside health under the same load, once built and compressed (asked
 * twice first: what the first readers after a publication leave). Last of a backend's runs: nothing of the edition
 * changes afterwards.
 */
async function measurePublic(name: string, db: Db, url: string): Promise<void> {
  // The newest edition with sent campaigns: in a whole run, measureOpening has opened one after it, still empty.
  const [{ id, year }] = await db.query<{ id: number; year: number }>(
    `SELECT e.id, e.campaign_number AS year FROM editions e
      WHERE EXISTS (SELECT 1 FROM campaigns c WHERE c.edition_id = e.id AND c.status = 'sent') ORDER BY e.campaign_number DESC LIMIT 1`,
  );
  await db.transaction(async (tx) => {
    await tx.query("UPDATE campaigns SET review_status = 'validated', validated_at = now() WHERE edition_id = $1 AND status = 'sent'", [id]);
    await tx.query("UPDATE editions SET provisional_published_at = now() - interval '30 days', objections_until = current_date - 10 WHERE id = $1", [id]);
    await tx.query('UPDATE entities SET publishes_results = (id % 3 <> 0)');
    await freezeEdition(tx, id, benchConfig().minGroupSize);
    await grantSeals(tx, id);
  });
  const [{ entity }] = await db.query<{ entity: number }>(
    'SELECT c.entity_id AS entity FROM final_places fp JOIN campaigns c ON c.id = fp.campaign_id JOIN entities en ON en.id = c.entity_id WHERE fp.edition_id = $1 AND en.publishes_results ORDER BY c.id LIMIT 1',
    [id],
  );
  const calls: [call: string, path: string, fixedBudgetMs?: number][] = [
    ['health', HEALTH_PATH],
    ['public/editions', '/api/v1/public/editions'],
    ['public/edition', `/api/v1/public/edition?year=${year}`],
    ['public/entity', `/api/v1/public/entity?year=${year}&id=${entity}`],
    ['page /publico/{year}', `/publico/${year}`],
    ['page /publico/{year}/entidad/{id}', `/publico/${year}/entidad/${entity}`],
    // Files (an attachment each, about 100 KB compressed): a download's budget, as a file given as evidence has.
    ['public/opendata CSV', `/api/v1/public/opendata?year=${year}&format=csv`, DOWNLOAD_BUDGET_MS],
    ['public/opendata JSON', `/api/v1/public/opendata?year=${year}&format=json`, DOWNLOAD_BUDGET_MS],
    ['public/catalog', '/api/v1/public/catalog'],
  ];
  let health: Measured | undefined;
  for (const [call, path, fixedBudgetMs] of calls) {
    // Steady state, as after a publication's first readers: the answer built, asked twice, its compressed copies made
    // (the kept brotli copy of the open data JSON takes 1.8-2.6 s of a core: reportCache.ts brotliBody).
    for (let i = 0; i < 2; i += 1) await (await fetch(url + path, { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, PUBLIC_COPIES_WAIT_MS));
    const kilobytes = (await sentBytes(url + path)) / 1024;
    const m = await measure(url + path, undefined, PUBLIC_CONNECTIONS);
    health ??= m;
    publicTable.add({ ...latencyRow(name, call, m, call === 'health' ? null : (fixedBudgetMs ?? 2 * health.p95)), kilobytesSent: kilobytes });
  }
}

/** The bytes of an answer's body as the bench's clients receive it (compressed as they accept: brotli when it is kept). */
function sentBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

/** The public traffic table. */
const publicTable = new BenchTable('public', [
  ...byDatabase('call'),
  { key: 'kilobytesSent', heading: 'KB sent', format: (v) => ms(v as number) },
  ...LATENCY_COLUMNS,
  VERDICT_COLUMN,
]);

/** The deadline-day mix: how long it runs, how many sent campaigns are read, and the virtual users per call kind. */
const DEADLINE_S = Number(process.env.BENCH_DEADLINE_SECONDS ?? (SHORT ? 5 : 20));
/** The unmeasured mix each deadline-day instance serves first, for this long. */
const DEADLINE_WARM_S = 5;
const READ_SET = Number(process.env.BENCH_READ_SET ?? 300);
const MIX_USERS: Record<MixKind, number> = { health: 1, saveAnswer: 6, get: 1, result: 2, comparison: 1, submit: 1 };
const SUBMIT_PAUSE_MS = Number(process.env.BENCH_SUBMIT_PAUSE_MS ?? 50);
/**
 * The same calls at fixed rates (calls per second), sized above a real deadline day rather than at what the
 * machine can take: 2,000 entities answering their ~250 questions in the last 8 working hours make 17 saves a
 * second, five times that at the busiest hour is ~90; a submission every half second is 7,200 an hour.
 */
const PACED_RATES: Record<MixKind, number> = { health: 20, saveAnswer: 100, get: 5, result: 10, comparison: 5, submit: 2 };
/** The deadline-day tables: the calls' latencies, and what each run checked and used. */
const INSTANCES_COLUMNS: Column[] = [
  { key: 'group', heading: 'database' },
  { key: 'instances', heading: 'instances' },
];
const deadlineTable = new BenchTable('deadline', [...INSTANCES_COLUMNS, { key: 'call', heading: 'call' }, ...LATENCY_COLUMNS, VERDICT_COLUMN]);
const deadlineChecksTable = new BenchTable('deadlineChecks', [
  ...INSTANCES_COLUMNS,
  { key: 'submissions', heading: 'submissions' },
  { key: 'resultReadsChecked', heading: 'result reads checked' },
  { key: 'staleReads', heading: 'older than a submission answered before' },
  { key: 'peakRssMb', heading: 'peak RSS MB' },
  { key: 'peakHeapMb', heading: 'peak heap MB' },
  VERDICT_COLUMN,
]);

/** Runs the mix from a child process (benchMix.ts: .ts under tsx, which the child inherits through execArgv; .js once built). */
function runMix(plan: MixPlan): Promise<MixMeasured> {
  const child = fork(fileURLToPath(new URL(`./benchMix${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url)), ['mix']);
  child.send(plan);
  return new Promise<MixMeasured>((resolve, reject) => {
    child.once('message', (message: { measured?: MixMeasured; error?: string }) =>
      message.measured ? resolve(message.measured) : reject(new Error(message.error)),
    );
    child.once('close', (code) => reject(new Error(`bench mix exited with ${code} before reporting`)));
  });
}

/** The current edition (the latest with campaigns). */
async function currentEdition(db: Db): Promise<number> {
  const [{ id }] = await db.query<{ id: number }>(
    'SELECT c.edition_id AS id FROM campaigns c JOIN editions e ON e.id = c.edition_id ORDER BY e.campaign_number DESC LIMIT 1',
  );
  return id;
}

/**
 * Deadline day: takes every second sent campaign of the current edition back to an answered draft and out of
 * the territorial sums (rebuilt), so that the edition is about half sent, as in the weeks campaigns are sent.
 */
async function halfSend(db: Db): Promise<void> {
  const edition = await currentEdition(db);
  await db.transaction(async (tx) => {
    const reopened = await tx.query<{ id: number }>(
      `UPDATE campaigns c SET status = 'draft' FROM (SELECT id FROM campaigns WHERE edition_id = $1 AND status = 'sent' AND id % 2 = 0) k
        WHERE c.id = k.id RETURNING c.id`,
      [edition],
    );
    await tx.query('DELETE FROM campaign_scores WHERE campaign_id = ANY($1::int[])', [reopened.map((r) => r.id)]);
    await rebuildTerritoryScores(tx);
  });
}

/**
 * Runs the deadline-day mix for DEADLINE_S seconds against `count` app instances, each started as a deployment starts
 * one, in a process of its own (benchServer.ts) on the store's database, and adds its rows: per call kind p50/p95/p99
 * and requests per second beside health in the same run; result and comparison within 3x health's p95 (and under 50
 * ms), save and submit under 50 ms; then the instances' peak memory (the app's alone) and the freshness check.
 */
async function deadlineDay(name: string, store: Store, session: Session, { rates, count = 1 }: DeadlineRun = {}): Promise<void> {
  const { db } = store;
  const edition = await currentEdition(db);
  const open = (await db.query<{ id: number }>("SELECT id FROM campaigns WHERE edition_id = $1 AND status = 'draft' ORDER BY id", [edition])).map((r) => r.id);
  // Half the open campaigns are submitted (in order, each once), the other half edited and loaded.
  const submitCampaigns = open.filter((_, i) => i % 2 === 0);
  const openCampaigns = open.filter((_, i) => i % 2 === 1);
  const readCampaigns = (
    await db.query<{ id: number }>("SELECT id FROM campaigns WHERE edition_id = $1 AND status = 'sent' ORDER BY (id * 7919) % 10007 LIMIT $2", [
      edition,
      READ_SET,
    ])
  ).map((r) => r.id);
  // Not those that require evidence: a scoring answer there would need a file before the campaign could be sent, and
  // the savers attach none (the uploads are measured apart).
  const questions = (
    await db.query<{ id: number; responses: number[] }>(
      `SELECT s.id, array_agg(r.id ORDER BY r.id) AS responses FROM subindicators s JOIN indicators i ON i.id = s.indicator_id
         JOIN responses r ON r.subindicator_id = s.id AND NOT r.obsolete WHERE i.edition_id = $1 AND s.evidence_rule <> 'required' GROUP BY s.id`,
      [edition],
    )
  ).map((r) => [r.id, r.responses] as [number, number[]]);
  const [{ n: countryParticipants }] = await db.query<{ n: number }>(
    "SELECT participants AS n FROM territory_scores WHERE edition_id = $1 AND territory = 'country' AND territory_id = 'ES' AND scope = 'total' AND category_id = 0",
    [edition],
  );
  const plan: Omit<MixPlan, 'urls'> = {
    token: session.token,
    seconds: DEADLINE_S,
    users: MIX_USERS,
    rates,
    openCampaigns,
    submitCampaigns,
    readCampaigns,
    questions,
    countryParticipants,
    submitPauseMs: SUBMIT_PAUSE_MS,
  };
  // Two instances on this one machine share its cores with PostgreSQL, so each takes half the pool one instance would
  // have, as docs/operations.md advises (DATABASE_POOL_SIZE). PGlite is opened by one process at a time.
  const poolSize = Math.max(1, Math.floor(benchConfig().databasePoolSize / count));
  let measured!: MixMeasured;
  let memory: MemoryPeak[] = [];
  await store.lend(async () => {
    const started = await Promise.all(Array.from({ length: count }, () => startInstance({ ...store.place, poolSize, secret: session.secret })));
    try {
      // The same mix first, unmeasured, so that what is measured is an instance past its first seconds (code compiled,
      // the database's pages read), as on the calls above; it submits from the other end of the list.
      const urls = started.map((i) => i.url);
      const half = Math.ceil(plan.submitCampaigns.length / 2);
      const warm = await runMix({ ...plan, urls, seconds: DEADLINE_WARM_S, submitCampaigns: plan.submitCampaigns.slice(half).reverse() });
      measured = await runMix({
        ...plan,
        urls,
        submitCampaigns: plan.submitCampaigns.slice(0, half),
        countryParticipants: plan.countryParticipants + warm.submitted,
      });
    } finally {
      memory = (await Promise.all(started.map((i) => i.stop()))).map((stopped) => stopped.peak);
    }
  });
  const instances = `${count === 1 ? 'one' : 'two'}${rates ? ', fixed rates' : ''}`;
  const health = measured.kinds.health!;
  const reportBudget = Math.min(3 * health.p95, 50);
  for (const kind of MIX_KINDS) {
    const m = measured.kinds[kind];
    if (!m) continue;
    const call = kind === 'health' ? 'health' : `campaigns/${kind}`;
    const row =
      kind === 'result' || kind === 'comparison'
        ? latencyRow(name, call, m, reportBudget)
        : kind === 'saveAnswer' || kind === 'submit'
          ? latencyRow(name, call, m, 50, '<')
          : latencyRow(name, call, m, null);
    deadlineTable.add({ ...row, instances, failures: m.failures, note: m.failures > 0 ? `${m.failures} failed` : null });
  }
  const peakRss = Math.max(...memory.map((p) => p.rss / 2 ** 20));
  // An instance's RSS is the app's own on PostgreSQL, held to the budget; on PGlite it also holds the database engine,
  // whose memory no setting of the app's bounds, so it is shown but not held to the app's budget.
  const appsOwn = store.place.databaseUrl !== undefined;
  deadlineChecksTable.add({
    group: name,
    instances,
    submissions: measured.submitted,
    resultReadsChecked: measured.freshness.checked,
    staleReads: measured.freshness.stale,
    peakRssMb: memory.map((p) => Math.round(p.rss / 2 ** 20)).join(' + '),
    peakHeapMb: memory.map((p) => Math.round(p.heap / 2 ** 20)).join(' + '),
    budget: appsOwn ? `RSS <= ${INSTANCE_RSS_BUDGET_MB} MB` : null,
    withinBudget: appsOwn ? peakRss <= INSTANCE_RSS_BUDGET_MB : null,
    note: appsOwn ? null : 'the database in the same process',
  });
}

/** How a deadline-day run differs from the closed loop on one instance: fixed rates, or two instances (PostgreSQL only). */
interface DeadlineRun {
  rates?: Record<MixKind, number>;
  count?: 1 | 2;
}

/** What an instance of the bench's is started with, and the token its calls carry (signed with that secret). */
interface Session {
  secret: string;
  token: string;
}

/**
 * A backend's database as the bench holds it: `db`, the bench's own handle, and what an instance in a process of its
 * own is given to open it. PostgreSQL serves the bench and the instances at once; a PGlite folder is opened by one
 * process at a time, so the bench lets go of it while an instance runs (`lend`) and `db` is a new handle afterwards.
 */
interface Store {
  db: Db;
  place: Pick<InstanceRequest, 'databaseUrl' | 'dataDir'>;
  lend(run: () => Promise<void>): Promise<void>;
}

/** The peak RSS an app instance in a process of its own may reach during the deadline-day mix. */
const INSTANCE_RSS_BUDGET_MB = 512;

/**
 * Seeds the scale data set, serves it and measures the health call (the framework floor) and the report
 * calls under load on an instance in a process of its own (measureCalls); the budget is p95 within 3x health's p95
 * in the same run and under 50 ms. Then (not in the short mode) the export; then the deadline-day mix on an
 * instance in a process of its own, on PostgreSQL also on two; last the edition opening and the anonymous traffic.
 */
async function benchBackend(name: string, store: Store): Promise<void> {
  const started = Date.now();
  await prepareDatabase(store.db, { seedDemo: false });
  const { entities } = await seedScale(store.db);
  console.error(`${name}: scale data (${entities} entities) ready in ${Math.round((Date.now() - started) / 1000)} s`);
  await store.db.transaction(async (tx) =>
    insertUser(tx, { email: 'bench@example.org', role: 'ADMIN', passwordHash: await hashPassword(PASSWORD), entityIds: [] }),
  );
  const config = benchConfig();
  const secret = randomBytes(32).toString('hex');
  const token = await measureCalls(callsTable, name, store, secret, await newestSentCampaign(store.db));
  const session = { secret, token };
  if (!SHORT) {
    const [{ campaign_number: edition }] = await store.db.query<{ campaign_number: number }>('SELECT max(campaign_number) AS campaign_number FROM editions');
    await measureExports(name, store, session, edition);
  }
  if (ONLY === '' || 'deadline'.includes(ONLY)) {
    await halfSend(store.db);
    console.error(`${name}: deadline day, one instance`);
    await deadlineDay(name, store, session);
    console.error(`${name}: deadline day at fixed rates, one instance`);
    await deadlineDay(name, store, session, { rates: PACED_RATES });
    if (store.place.databaseUrl) {
      console.error(`${name}: deadline day, two instances`);
      await deadlineDay(name, store, session, { count: 2 });
    }
  }
  const measureOpeningAndPublic = !SHORT || ONLY === '' || 'public'.includes(ONLY);
  if (!measureOpeningAndPublic) return;
  const last = await startWarmedApp({ config, db: store.db, signer: new TokenSigner(secret, config.publicUrl) });
  try {
    if (!SHORT) await measureOpening(name, store.db, last.url, token);
    if (ONLY === '' || 'public'.includes(ONLY)) await measurePublic(name, store.db, last.url);
  } finally {
    await last.app.close();
  }
}

/**
 * Growth: every municipality its own entity (8,131) and three editions, the report calls measured as
 * in benchBackend. A report's cost must not grow with entities or editions; nor (not in the short mode) the edition
 * export's heap.
 */
async function benchGrowth(name: string, store: Store): Promise<void> {
  const { db } = store;
  const started = Date.now();
  await prepareDatabase(db, { seedDemo: false });
  const { entities, campaigns } = await seedScale(db, { municipalitiesPerEntity: 1, years: [...GROWTH_YEARS] });
  console.error(`${name}: growth data (${entities} entities, ${campaigns} campaigns) ready in ${Math.round((Date.now() - started) / 1000)} s`);
  await db.transaction(async (tx) => insertUser(tx, { email: 'bench@example.org', role: 'ADMIN', passwordHash: await hashPassword(PASSWORD), entityIds: [] }));
  const id = await newestSentCampaign(db);
  const group = `${name}, ${entities} entities, ${GROWTH_YEARS.length} editions`;
  const secret = randomBytes(32).toString('hex');
  const token = await measureCalls(growthTable, group, store, secret, id);
  if (!SHORT) await measureExports(group, store, { secret, token }, GROWTH_YEARS[GROWTH_YEARS.length - 1]);
}

/** The campaign the calls are measured on: the first sent one of the newest edition with sent campaigns. */
async function newestSentCampaign(db: Db): Promise<number> {
  const [{ id }] = await db.query<{ id: number }>(
    "SELECT c.id FROM campaigns c JOIN editions e ON e.id = c.edition_id WHERE c.status = 'sent' ORDER BY e.campaign_number DESC, c.id LIMIT 1",
  );
  return id;
}

/** The growth set's editions (the demo catalogues). */
const GROWTH_YEARS = [2024, 2025, 2026] as const;
/** Databases the growth set is measured on: BENCH_GROWTH=pglite,postgres (none in the short mode, PostgreSQL otherwise). */
const GROWTH = (process.env.BENCH_GROWTH ?? (SHORT ? '' : 'postgres'))
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean);

/** run() on a fresh PGlite in a temporary folder. */
async function onPglite(run: (store: Store) => Promise<void>): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'campaigns-bench-'));
  const open = () => openPglite(dir, {}, benchConfig().pgliteSharedBuffersMb);
  const store: Store = {
    db: await open(),
    place: { dataDir: dir },
    async lend(measure) {
      await store.db.close();
      try {
        await measure();
      } finally {
        store.db = await open();
      }
    },
  };
  try {
    return await run(store);
  } finally {
    await store.db.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** run() on a throw-away database of the local PostgreSQL server; none when it is not reachable. */
async function onPostgres(run: (store: Store) => Promise<void>): Promise<void> {
  const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    console.error(`PostgreSQL not reachable at ${adminUrl}: skipped.`);
    return;
  }
  const name = `campaigns_bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), benchConfig().databasePoolSize);
  try {
    return await run({ db, place: { databaseUrl: url.toString() }, lend: (measure) => measure() });
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * The evidence uploads on PGlite: the demo data in a temporary folder, closed here before the server (a process of
 * its own, benchUploads.ts) opens it.
 */
async function uploadsOnPglite(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'campaigns-bench-uploads-'));
  try {
    const db = await openPglite(dir);
    let targets: Awaited<ReturnType<typeof uploadTargets>>;
    try {
      await prepareUploads(db);
      targets = await uploadTargets(db);
    } finally {
      await db.close();
    }
    await measureUploads(uploadsTable, 'PGlite', targets, { dataDir: dir });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** `BENCH_ONLY=uploads`: only the evidence uploads, which need no scale data set. */
const ONLY_UPLOADS = ONLY === 'uploads';
/**
 * Databases the evidence uploads are measured on: BENCH_UPLOADS=pglite,postgres (`none` to skip); by default those
 * of BENCH_DATABASES, but none in the short mode or when BENCH_ONLY names something else.
 */
const UPLOAD_DATABASES = (process.env.BENCH_UPLOADS ?? (ONLY_UPLOADS || (!SHORT && ONLY === '') ? DATABASES.join(',') : ''))
  .split(',')
  .map((d) => d.trim())
  .filter((d) => DATABASES.includes(d));

/** Where the run's tables go as JSON (BENCH_RESULTS; bench-results.json in the working folder unless set). */
const RESULTS_FILE = process.env.BENCH_RESULTS ?? 'bench-results.json';
/** Settings that narrow or stretch a run: with none of them set (nor the short mode), the run is a whole one. */
const NARROWING = [
  'BENCH_ONLY',
  'BENCH_DATABASES',
  'BENCH_GROWTH',
  'BENCH_UPLOADS',
  'BENCH_SECONDS',
  'BENCH_DEADLINE_SECONDS',
  'BENCH_READ_SET',
  'BENCH_SUBMIT_PAUSE_MS',
];
const WHOLE_RUN = !SHORT && NARROWING.every((key) => process.env[key] === undefined);
/**
 * The file whose latest-run block the tables are written into (BENCH_LATEST_RUN; README.md in the working folder
 * after a whole run, none after a narrowed one unless set; `none` never).
 */
const LATEST_RUN_FILE = ((file) => (file === 'none' ? null : file))(process.env.BENCH_LATEST_RUN ?? (WHOLE_RUN ? 'README.md' : 'none'));

async function main(): Promise<void> {
  if (UPLOAD_DATABASES.includes('pglite')) await uploadsOnPglite();
  if (UPLOAD_DATABASES.includes('postgres'))
    await onPostgres(async ({ db, place }) => {
      await prepareUploads(db);
      await measureUploads(uploadsTable, 'PostgreSQL', await uploadTargets(db), { ...place, poolSize: benchConfig().databasePoolSize });
    });
  if (!ONLY_UPLOADS && DATABASES.includes('pglite')) await onPglite((store) => benchBackend('PGlite', store));
  if (!ONLY_UPLOADS && DATABASES.includes('postgres')) await onPostgres((store) => benchBackend('PostgreSQL', store));
  if (!ONLY_UPLOADS && GROWTH.includes('pglite')) await onPglite((store) => benchGrowth('PGlite', store));
  if (!ONLY_UPLOADS && GROWTH.includes('postgres')) await onPostgres((store) => benchGrowth('PostgreSQL', store));
  deadlineTable.intro = `Deadline day (${DEADLINE_S} s; users per call: ${MIX_KINDS.map((k) => `${k} ${MIX_USERS[k]}`).join(', ')}; ${READ_SET} sent campaigns read; a submission every ${SUBMIT_PAUSE_MS} ms after the last answer; 'fixed rates': calls per second, ${MIX_KINDS.map((k) => `${k} ${PACED_RATES[k]}`).join(', ')}):`;
  publicTable.intro = `Anonymous traffic on a final edition (${PUBLIC_CONNECTIONS} clients at once; budget: p95 within 2x health's p95 under them, or a download's ${DOWNLOAD_BUDGET_MS} ms for the open data files):`;
  const tables = [callsTable, uploadsTable, deadlineTable, deadlineChecksTable, publicTable, growthTable, exportTable, openingTable];
  console.log(
    tables
      .map((table) => table.markdown())
      .filter(Boolean)
      .join('\n\n'),
  );
  const info = runInfo({
    'seconds per call': DURATION_S,
    connections: CONNECTIONS,
    'deadline seconds': DEADLINE_S,
    short: SHORT,
    databases: DATABASES.join(','),
    growth: GROWTH.join(',') || 'none',
    only: ONLY || null,
  });
  await writeBenchResults(RESULTS_FILE, tables, info);
  console.error(`The tables as JSON: ${path.resolve(RESULTS_FILE)}`);
  if (LATEST_RUN_FILE) {
    await writeLatestRun(LATEST_RUN_FILE, tables, info);
    console.error(`The tables written into ${path.resolve(LATEST_RUN_FILE)}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
