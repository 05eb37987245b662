import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { prepareDatabase } from '../bootstrap.js';
import { hashPassword } from '../services/auth/passwords.js';
import { insertUser } from '../db/repositories/users.js';
import { benchConfig } from './benchConfig.js';
import { startInstance, type InstanceRequest } from './benchServer.js';
import { signIn } from './signIn.js';
import { BenchTable, VERDICT_COLUMN, type Cell, type Row } from './benchTables.js';

/**
 * The evidence uploads' memory (docs/benchmarks.md, "Evidence uploads"): UPLOADS files of FILE_MB each sent at once
 * to a server in a process of its own, whose RSS and heap growth over its baseline must stay under the budget,
 * whatever the files' total: a file is received and stored in pieces, never held whole. Meanwhile a campaign is
 * read over and over, one read at a time, to show how long other calls wait behind the uploads.
 */
const UPLOADS = Number(process.env.BENCH_UPLOADS_AT_ONCE ?? 20);
const FILE_BYTES = 10 * 2 ** 20;
/** The pace of the slow client: a 10 MB file at 2 MB/s takes 5 s, as over a 16 Mbit/s line. */
const SLOW_BYTES_PER_SECOND = 2 * 2 ** 20;
const SLOW_PIECE = 256 * 1024;
/** The most the server's RSS may grow while the uploads run. */
export const UPLOAD_GROWTH_BUDGET_MB = 100;
const PASSWORD = 'bench-password-1';
const EMAIL = 'bench-uploads@example.org';

/** The demo data set and an ADMIN to sign in as, on a fresh database. */
export async function prepareUploads(db: Db): Promise<void> {
  await prepareDatabase(db, { seedDemo: true });
  await db.transaction(async (tx) => insertUser(tx, { email: EMAIL, role: 'ADMIN', passwordHash: await hashPassword(PASSWORD), entityIds: [] }));
}

/** One upload of `file` as the page sends it (multipart: id, question, file); its HTTP status. */
async function upload(url: string, token: string, id: number, question: number, file: Blob): Promise<number> {
  const form = new FormData();
  form.append('id', String(id));
  form.append('question', String(question));
  form.append('file', file, 'acta del pleno.pdf');
  const res = await fetch(`${url}/api/secure/v1/campaigns/evidence/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  await res.arrayBuffer();
  return res.status;
}

/** One upload of `file` sent at SLOW_BYTES_PER_SECOND, a piece at a time, as over a slow line; its HTTP status. */
async function slowUpload(url: string, token: string, id: number, question: number, file: Buffer): Promise<number> {
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const field = (name: string, value: number) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field('id', id) +
      field('question', question) +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="acta lenta.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = http.request(`${url}/api/secure/v1/campaigns/evidence/upload`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + file.length + tail.length),
    },
  });
  const answered = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0)));
    req.on('error', reject);
  });
  req.write(head);
  for (let at = 0; at < file.length; at += SLOW_PIECE) {
    req.write(file.subarray(at, at + SLOW_PIECE));
    await new Promise((resolve) => setTimeout(resolve, (SLOW_PIECE / SLOW_BYTES_PER_SECOND) * 1000));
  }
  req.end(tail);
  return answered;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
/** The slowest of some reads, in whole milliseconds. */
const slowest = (times: number[]) => (times.length > 0 ? Math.round(Math.max(...times)) : null);

/** Reads campaign `id` (GET campaigns/get) one read after another until `done` settles; each read's milliseconds. */
async function readWhile(url: string, token: string, id: number, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const times: number[] = [];
  while (!finished) {
    const started = performance.now();
    const res = await fetch(`${url}/api/secure/v1/campaigns/get?id=${id}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`uploads: a campaign read answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * Serves the prepared database (`where`: its URL, or its PGlite folder, closed by the caller beforehand) from a
 * process of its own and sends one upload to warm it up. Then one upload of FILE_MB from a slow client, a campaign
 * read again and again meanwhile (the first row). Then it marks the server's memory and sends UPLOADS uploads of
 * FILE_MB at once, spread over the open campaigns of the current edition and their questions (`targets`, read by the
 * caller before the server starts), the campaign read again and again meanwhile, and reports the server's RSS and
 * heap growth over the mark (the second row).
 */
export async function measureUploads(
  table: BenchTable,
  name: string,
  targets: { id: number; question: number }[],
  where: Omit<InstanceRequest, 'secret' | 'env'>,
): Promise<void> {
  const server = await startInstance({
    ...where,
    secret: randomBytes(32).toString('hex'),
    // Every upload must fit: the limits of a file and of a campaign are not what is measured here.
    env: { EVIDENCE_MAX_BYTES: String(FILE_BYTES), EVIDENCE_MAX_TOTAL_BYTES: String(2 ** 32) },
  });
  let stopped = false;
  try {
    const token = await signIn(server.url, benchConfig().oauth, EMAIL, PASSWORD);
    // A PDF by its first bytes, the rest random (nothing to gain by compressing it); one Blob shared by every request.
    const file = new Blob([Buffer.from('%PDF-1.7\n'), randomBytes(FILE_BYTES - 9)], { type: 'application/pdf' });
    const warm = await upload(server.url, token, targets[0].id, targets[0].question, file);
    if (warm !== 200) throw new Error(`uploads: the warm-up upload answered ${warm}`);
    const slowStarted = performance.now();
    const slow = slowUpload(server.url, token, targets[0].id, targets[0].question, Buffer.from(await file.arrayBuffer()));
    const [slowStatus, slowReads] = await Promise.all([slow, readWhile(server.url, token, targets[0].id, slow)]);
    const slowSeconds = (performance.now() - slowStarted) / 1000;
    const slowRow: Row = {
      group: name,
      call: `1 x ${mb(FILE_BYTES)} MB at ${mb(SLOW_BYTES_PER_SECOND)} MB/s`,
      seconds: slowSeconds,
      reads: slowReads.length,
      slowestReadMs: slowest(slowReads),
      ...Object.fromEntries(MEMORY_KEYS.map((key) => [key, null])),
      budget: null,
      withinBudget: null,
      note: slowStatus === 200 ? null : `failed (${slowStatus})`,
    };
    const { baseline } = await server.mark();
    const started = performance.now();
    const uploads = Promise.all(
      Array.from({ length: UPLOADS }, (_, i) => {
        const target = targets[(i + 1) % targets.length];
        return upload(server.url, token, target.id, target.question, file);
      }),
    );
    const [statuses, reads] = await Promise.all([uploads, readWhile(server.url, token, targets[0].id, uploads)]);
    const seconds = (performance.now() - started) / 1000;
    stopped = true;
    const { peak } = await server.stop();
    const failed = statuses.filter((s) => s !== 200).length;
    const growth = peak.rss - baseline.rss;
    table.add(slowRow);
    table.add({
      group: name,
      call: `${UPLOADS} x ${mb(FILE_BYTES)} MB`,
      seconds,
      reads: reads.length,
      slowestReadMs: slowest(reads),
      rssBeforeMb: mb(baseline.rss),
      peakRssMb: mb(peak.rss),
      rssGrowthMb: mb(growth),
      heapBeforeMb: mb(baseline.heap),
      peakHeapMb: mb(peak.heap),
      heapGrowthMb: mb(peak.heap - baseline.heap),
      budget: `RSS growth < ${UPLOAD_GROWTH_BUDGET_MB} MB`,
      withinBudget: growth < UPLOAD_GROWTH_BUDGET_MB * 2 ** 20 && failed === 0,
      note: failed > 0 ? `${failed} failed (${[...new Set(statuses)].join(', ')})` : null,
    });
  } finally {
    if (!stopped) await server.stop();
  }
}

/** Open campaigns of the current edition with their questions, as (campaign, question) pairs for the uploads. */
export async function uploadTargets(db: Db): Promise<{ id: number; question: number }[]> {
  const rows = await db.query<{ id: number; question: number }>(
    `SELECT c.id, s.id AS question
       FROM campaigns c JOIN editions e ON e.id = c.edition_id
       JOIN indicators i ON i.edition_id = c.edition_id JOIN subindicators s ON s.indicator_id = i.id
      WHERE c.status <> 'sent' AND e.campaign_number = (SELECT max(campaign_number) FROM editions)
      ORDER BY s.id, c.id LIMIT $1`,
    [UPLOADS + 1],
  );
  if (rows.length === 0) throw new Error('uploads: the demo data has no open campaign in the current edition');
  return rows;
}

/** The memory columns: what the server used before the uploads and at their peak. */
const MEMORY_KEYS = ['rssBeforeMb', 'peakRssMb', 'rssGrowthMb', 'heapBeforeMb', 'peakHeapMb', 'heapGrowthMb'] as const;
const MEMORY_HEADINGS = ['RSS before MB', 'peak RSS MB', 'RSS growth MB', 'heap before MB', 'peak heap MB', 'heap growth MB'];
const dash = (value: Cell) => (value === null ? '-' : String(value));

/** The uploads table: a slow client's upload, then many at once, per database. */
export const uploadsTable = new BenchTable('uploads', [
  { key: 'group', heading: 'database' },
  { key: 'call', heading: 'uploads at once' },
  { key: 'seconds', heading: 'seconds', format: (v) => (v as number).toFixed(1) },
  { key: 'reads', heading: 'campaign reads meanwhile' },
  { key: 'slowestReadMs', heading: 'slowest read ms', format: dash },
  ...MEMORY_KEYS.map((key, i) => ({ key, heading: MEMORY_HEADINGS[i], format: dash })),
  VERDICT_COLUMN,
]);
