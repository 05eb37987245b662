import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { fork } from 'node:child_process';
import type { Db } from '../db/client.js';
import { prepareDatabase } from '../bootstrap.js';
import { hashPassword } from '../services/auth/passwords.js';
import { insertUser } from '../db/repositories/users.js';
import { benchConfig } from './benchConfig.js';
import type { InstanceRequest } from './benchServer.js';
import type { MemoryPeak } from './memoryPeaks.js';
import { signIn } from './signIn.js';

/**
 * The evidence uploads' memory (docs/benchmarks.md, "Evidence uploads"): UPLOADS files of FILE_MB each sent at once
 * to a server in a process of its own, whose RSS and heap growth over its baseline must stay under the budget,
 * whatever the files' total: a file is stored in pieces as it arrives, never held whole.
 */
const UPLOADS = Number(process.env.BENCH_UPLOADS_AT_ONCE ?? 20);
const FILE_BYTES = 10 * 2 ** 20;
/** The most the server's RSS may grow while the uploads run. */
export const UPLOAD_GROWTH_BUDGET_MB = 100;
const PASSWORD = 'bench-password-1';
const EMAIL = 'bench-uploads@example.org';

/** What one run measured, as a row of the uploads table. */
export type UploadRow = string;

/** The demo data set and an ADMIN to sign in as, on a fresh database. */
export async function prepareUploads(db: Db): Promise<void> {
  await prepareDatabase(db, { seedDemo: true });
  await db.transaction(async (tx) => insertUser(tx, { email: EMAIL, role: 'ADMIN', passwordHash: await hashPassword(PASSWORD), entityIds: [] }));
}

/** Starts the server in a process of its own (benchServer.ts) on the database the request names. */
async function startServer(request: InstanceRequest) {
  const file = fileURLToPath(new URL(`./benchServer${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url));
  const child = fork(file, ['instance']);
  child.send(request);
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { url: string }) => resolve(m.url));
    child.once('close', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const ask = <T>(message: string) =>
    new Promise<T>((resolve) => {
      child.once('message', (m: T) => resolve(m));
      child.send(message);
    });
  return { url, mark: () => ask<{ baseline: MemoryPeak }>('mark'), stop: () => ask<{ peak: MemoryPeak; baseline: MemoryPeak }>('stop') };
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

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/**
 * Serves the prepared database (`where`: its URL, or its PGlite folder, closed by the caller beforehand) from a
 * process of its own, sends one upload to warm it up, marks its memory, then sends UPLOADS uploads of FILE_MB at
 * once, spread over the open campaigns of the current edition and their questions (`targets`, read by the caller
 * before the server starts), and reports the server's RSS and heap growth over the mark.
 */
export async function measureUploads(
  name: string,
  targets: { id: number; question: number }[],
  where: Omit<InstanceRequest, 'secret' | 'env'>,
): Promise<UploadRow> {
  const server = await startServer({
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
    const { baseline } = await server.mark();
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: UPLOADS }, (_, i) => {
        const target = targets[(i + 1) % targets.length];
        return upload(server.url, token, target.id, target.question, file);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    stopped = true;
    const { peak } = await server.stop();
    const failed = statuses.filter((s) => s !== 200).length;
    const growth = peak.rss - baseline.rss;
    const verdict =
      (growth < UPLOAD_GROWTH_BUDGET_MB * 2 ** 20 ? `yes (< ${UPLOAD_GROWTH_BUDGET_MB} MB)` : `NO (>= ${UPLOAD_GROWTH_BUDGET_MB} MB)`) +
      (failed > 0 ? `, ${failed} failed (${[...new Set(statuses)].join(', ')})` : '');
    return `| ${name} | ${UPLOADS} x ${mb(FILE_BYTES)} MB | ${seconds.toFixed(1)} | ${mb(baseline.rss)} | ${mb(peak.rss)} | ${mb(growth)} | ${mb(baseline.heap)} | ${mb(peak.heap)} | ${mb(peak.heap - baseline.heap)} | ${verdict} |`;
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

/** The table's heading. */
export const UPLOAD_TABLE = [
  '| database | uploads at once | seconds | RSS before MB | peak RSS MB | RSS growth MB | heap before MB | peak heap MB | heap growth MB | within budget |',
  '|---|---|---|---|---|---|---|---|---|---|',
];
