import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, signIn, signInDemoAccounts } from '../../helpers/auth.js';
import { campaignOfNewEntity } from '../../helpers/concurrency.js';
import { canMount, mountTmpfs, type TestMount } from '../../helpers/mounts.js';
import type { Db } from '../../../src/server/db/client.js';
import type { CampaignDetail } from '../../../src/shared/api/campaigns.js';

/**
 * An upload's file is received into a temporary file before any transaction opens: while a slow client sends it,
 * the database serves everyone else (PGlite runs one transaction at a time), and the temporary file is gone
 * whatever the upload's fate.
 */

const backends = await testBackends();

const pdf = (size: number) => {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
};
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000000000', 'hex'), Buffer.alloc(200)]);

/** More than the multipart parser may hold back of what it has read: the boundary's length and its line break. */
const BOUNDARY_HELD_BACK = 64;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `promise`, or for `ms` at most (its timer cleared, so that none outlives the test). */
async function atMost(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** Every file (not folder) under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => !e.isDirectory()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** Checks `condition` every 10 ms until it holds; the test's own timeout bounds the wait. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await wait(10);
}

/** An upload sent in two steps over a connection of its own: the fields and the first `sent` bytes of the file, then the rest. */
interface SlowUpload {
  /** The answer, once it comes (it may come before the body is all sent). */
  answer: Promise<{ status: number; body: any }>;
  /** True once the answer has come. */
  answered(): boolean;
  /** Sends the rest of the body. */
  finish(): void;
  /** Drops the connection, as a browser tab closed mid-upload. */
  abort(): void;
}

function slowUpload(server: TestServer, token: string, fields: { id: number; question: number }, file: Buffer, sent: number): SlowUpload {
  const boundary = `----b${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${fields.id}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="question"\r\n\r\n${fields.question}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="acta.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const body = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const cut = head.length + sent;
  let done = false;
  const req = http.request(`${server.url}/api/secure/v1/campaigns/evidence/upload`, {
    method: 'POST',
    agent: false,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) },
  });
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        done = true;
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) });
      });
    });
    req.on('error', reject);
  });
  req.write(body.subarray(0, cut));
  return {
    answer,
    answered: () => done,
    finish: () => req.end(body.subarray(cut)),
    abort: () => req.destroy(),
  };
}

describe.each(backends)('evidence uploads received before their transaction on $name', ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  /** The same database behind an instance with small limits: 64 KB a file, 160 KB a campaign. */
  let small: TestServer;
  /** The servers' EVIDENCE_TMP_DIR: their private folders for uploads are made in it. */
  let tmp: string;
  const tokens = { admin: '', member: '', other: '' };

  const post = (path: string, body: unknown, token: string) => call(server, 'POST', `/api/secure/v1/campaigns/${path}`, { token, body });
  const counts = async (id: number) =>
    (
      await db.query<{ evidence: number; chunks: number }>(
        `SELECT (SELECT count(*)::int FROM evidence WHERE campaign_id = $1 AND kind = 'file') AS evidence,
                (SELECT count(*)::int FROM evidence_chunks k JOIN evidence e ON e.id = k.evidence_id WHERE e.campaign_id = $1) AS chunks`,
        [id],
      )
    )[0];
  /** The temporary files of uploads in flight, with their sizes. */
  const spooled = async () => Promise.all((await filesUnder(tmp)).map(async (f) => ({ file: f, size: (await fs.stat(path.join(tmp, f))).size })));
  /**
   * Waits until an upload's temporary file holds about `bytes`: the server is reading the file. The multipart parser
   * holds back the last few bytes it has read when they could begin the boundary (a random file ends in a carriage
   * return once in 256), so the wait asks for all but those: waiting for every byte sent would now and then hang.
   */
  const received = (bytes: number, uploads = 1) =>
    until(async () => (await spooled()).filter((f) => f.size >= Math.max(1, bytes - BOUNDARY_HELD_BACK)).length >= uploads);

  /** A fresh campaign of the current edition for a new entity, the member being one of its users; and its first questions. */
  async function freshCampaign(): Promise<{ id: number; questions: number[] }> {
    const { id, memberToken } = await campaignOfNewEntity(server, db, tokens.admin, { email: 'tecnica@carpetas.es', password: 'clave-carpetas-1' }, 'Carpetas');
    tokens.member = memberToken;
    const detail = (await call(server, 'GET', `/api/secure/v1/campaigns/get?id=${id}`, { token: tokens.admin })).body.response as CampaignDetail;
    return { id, questions: detail.indicators.flatMap((i) => i.subindicators.map((s) => s.id)) };
  }

  beforeAll(async () => {
    db = await openDemo();
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'evidence-spool-test-'));
    server = await startTestServer(db, { EVIDENCE_TMP_DIR: tmp });
    small = await startTestServer(db, { EVIDENCE_TMP_DIR: tmp, EVIDENCE_MAX_BYTES: String(64 * 1024), EVIDENCE_MAX_TOTAL_BYTES: String(160 * 1024) });
    tokens.admin = (await signInDemoAccounts(server)).admin;
    await createTestUser(db, 'tecnica@carpetas.es', 'clave-carpetas-1', 'USER', []);
    const [{ id: otherEntity }] = await db.query<{ id: number }>('SELECT id FROM entities ORDER BY id DESC LIMIT 1');
    await createTestUser(db, 'ajena@carpetas.es', 'clave-ajena-1', 'USER', [otherEntity]);
    tokens.other = (await signIn(server, 'ajena@carpetas.es', 'clave-ajena-1')).access_token;
  });
  afterEach(async () => {
    // Whatever became of the upload, its temporary file is gone once it has been answered.
    await until(async () => (await filesUnder(tmp)).length === 0);
  });
  afterAll(async () => {
    await small?.close();
    await server?.close();
    await db?.close();
    // Closing the servers removes their folders too.
    if (tmp) expect(await fs.readdir(tmp)).toEqual([]);
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('answers other calls, reads and writes, while a client is still sending a file', async () => {
    const { id, questions } = await freshCampaign();
    const file = pdf(3 * 1024 * 1024);
    const upload = slowUpload(server, tokens.member, { id, question: questions[0] }, file, 1024 * 1024);
    // Once the server is reading the file (a server that keeps no temporary file is given a while).
    await atMost(received(512 * 1024), 10_000);
    const order: string[] = [];
    const others = Promise.all([
      call(server, 'GET', `/api/secure/v1/campaigns/get?id=${id}`, { token: tokens.member }),
      call(server, 'GET', '/api/v1/health'),
      post('evidence/addLink', { id, question: questions[1], url: 'https://ayto.example/acta' }, tokens.member),
    ]).then((answers) => (order.push('other calls answered'), answers));
    // The other calls should not wait for the upload. Were they to (a transaction held while the file arrives),
    // the rest of the file is sent after a while all the same, so that the test ends, failing on the order.
    await atMost(others, 20_000);
    expect(upload.answered()).toBe(false);
    order.push('rest of the file sent');
    upload.finish();
    const answer = await upload.answer;
    order.push('upload answered');
    expect(order).toEqual(['other calls answered', 'rest of the file sent', 'upload answered']);
    expect((await others).map((a) => a.status)).toEqual([200, 200, 200]);
    expect([answer.status, answer.body.response?.size, answer.body.response?.contentType]).toEqual([200, file.length, 'application/pdf']);
    // Stored whole, in its pieces of 256 KB.
    expect(await counts(id)).toEqual({ evidence: 1, chunks: 12 });
    const res = await fetch(`${server.url}/api/secure/v1/campaigns/evidence/file?id=${id}&evidenceId=${answer.body.response.id}`, {
      headers: { authorization: `Bearer ${tokens.member}` },
    });
    expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);
  });

  it('keeps the file while it arrives in a folder of its own under the temporary folder, readable by the server alone', async () => {
    const { id, questions } = await freshCampaign();
    const upload = slowUpload(server, tokens.member, { id, question: questions[0] }, pdf(1024 * 1024), 300 * 1024);
    await received(1);
    const [{ file }] = await spooled();
    const folder = path.join(tmp, path.dirname(file));
    expect([path.dirname(folder), path.basename(folder)]).toEqual([tmp, expect.stringMatching(/^campaigns-evidence-/)]);
    expect((await fs.stat(folder)).mode & 0o777).toBe(0o700);
    expect((await fs.stat(path.join(tmp, file))).mode & 0o777).toBe(0o600);
    upload.finish();
    expect((await upload.answer).status).toBe(200);
    expect(await filesUnder(tmp)).toEqual([]);
  });

  it("refuses another entity's campaign before reading the file, while the client is still sending it", async () => {
    const { id, questions } = await freshCampaign();
    const upload = slowUpload(server, tokens.other, { id, question: questions[0] }, pdf(2 * 1024 * 1024), 64 * 1024);
    const answer = await upload.answer;
    expect([answer.status, answer.body.error.type]).toEqual([404, 'NOT_FOUND']);
    expect(await filesUnder(tmp)).toEqual([]);
    upload.finish();
    expect(await counts(id)).toEqual({ evidence: 0, chunks: 0 });
  });

  it('removes the temporary file of an upload whose client goes away, storing nothing, and goes on serving', async () => {
    const { id, questions } = await freshCampaign();
    const upload = slowUpload(server, tokens.member, { id, question: questions[0] }, pdf(2 * 1024 * 1024), 512 * 1024);
    upload.answer.catch(() => undefined);
    await received(256 * 1024);
    upload.abort();
    await until(async () => (await filesUnder(tmp)).length === 0);
    expect(await counts(id)).toEqual({ evidence: 0, chunks: 0 });
    expect((await post('evidence/addLink', { id, question: questions[0], url: 'https://ayto.example/x' }, tokens.member)).status).toBe(200);
  });

  it('leaves no temporary file after a file stored, one too large, one of a kind not taken and a body with a part after the file', async () => {
    const { id, questions } = await freshCampaign();
    const form = (data: Buffer, extra?: [string, string]) => {
      const body = new FormData();
      body.append('id', String(id));
      body.append('question', String(questions[0]));
      body.append('file', new Blob([new Uint8Array(data)]), 'acta.pdf');
      if (extra) body.append(...extra);
      return body;
    };
    const send = async (body: FormData) => {
      const res = await fetch(`${small.url}/api/secure/v1/campaigns/evidence/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.member}` },
        body,
      });
      const answer = JSON.parse(await res.text());
      return [res.status, answer.error?.data?.code ?? answer.error?.data ?? answer.response.kind];
    };
    expect(await send(form(pdf(1000)))).toEqual([200, 'file']);
    expect(await send(form(pdf(64 * 1024 + 1)))).toEqual([413, 'EVIDENCE_FILE_TOO_LARGE']);
    expect(await send(form(Buffer.concat([EXE, randomBytes(200 * 1024)])))).toEqual([422, 'EVIDENCE_TYPE_NOT_ALLOWED']);
    expect(await send(form(pdf(1000), ['id', String(id)]))).toEqual([422, { id: 'must come before the file' }]);
    expect(await filesUnder(tmp)).toEqual([]);
    expect(await counts(id)).toEqual({ evidence: 1, chunks: 1 });
  });

  it('checks the campaign, its total and the items of the answer again once the file has arrived', async () => {
    const { id, questions } = await freshCampaign();
    const [question] = questions;
    // Three files of 48 KB arriving at once, each fitting in the campaign's 160 KB when it began; then 64 KB taken.
    const files = [1, 2, 3].map(() => pdf(48 * 1024));
    const uploads = files.map((file) => slowUpload(small, tokens.member, { id, question }, file, 16 * 1024));
    await received(16 * 1024, 3);
    await db.query(
      `INSERT INTO evidence (campaign_id, subindicator_id, kind, file_name, content_type, size) VALUES ($1, $2, 'file', 'x.pdf', 'application/pdf', 64 * 1024)`,
      [id, questions[1]],
    );
    const answers = [];
    for (const upload of uploads) {
      upload.finish();
      answers.push(await upload.answer);
    }
    expect(answers.map((a) => [a.status, a.body.error?.data ?? a.body.response.size])).toEqual([
      [200, 48 * 1024],
      [200, 48 * 1024],
      [422, { code: 'EVIDENCE_TOTAL_TOO_LARGE', maxTotalBytes: 160 * 1024, usedBytes: 160 * 1024 }],
    ]);

    // The answer filled up to its 20 items while a file was arriving.
    const late = slowUpload(server, tokens.member, { id, question }, pdf(100 * 1024), 10 * 1024);
    await received(10 * 1024);
    await db.query(
      `INSERT INTO evidence (campaign_id, subindicator_id, kind, url) SELECT $1, $2, 'link', 'https://ayto.example/' || n FROM generate_series(1, 18) n`,
      [id, question],
    );
    late.finish();
    const full = await late.answer;
    expect([full.status, full.body.error.data]).toEqual([422, { question: 'too many items of evidence' }]);

    // The campaign removed while a file was arriving.
    const { id: removed, questions: removedQuestions } = await freshCampaign();
    const orphan = slowUpload(server, tokens.member, { id: removed, question: removedQuestions[0] }, pdf(100 * 1024), 10 * 1024);
    await received(10 * 1024);
    expect((await post('delete', { id: removed }, tokens.admin)).status).toBe(200);
    orphan.finish();
    expect((await orphan.answer).status).toBe(404);
    expect(await counts(removed)).toEqual({ evidence: 0, chunks: 0 });
  });

  it('checks the session again once the file has arrived: signed out meanwhile, nothing is stored', async () => {
    const { id, questions } = await freshCampaign();
    const upload = slowUpload(server, tokens.member, { id, question: questions[0] }, pdf(200 * 1024), 10 * 1024);
    await received(10 * 1024);
    await db.query(`UPDATE refresh_token_families SET revoked_at = now() WHERE user_id = (SELECT id FROM users WHERE email = 'tecnica@carpetas.es')`);
    upload.finish();
    const answer = await upload.answer;
    expect([answer.status, answer.body.error.type]).toEqual([401, 'INVALID_TOKEN']);
    expect(await counts(id)).toEqual({ evidence: 0, chunks: 0 });
  });
});

const describeWithMounts = canMount() ? describe : describe.skip;

describeWithMounts('evidence uploads with their temporary folder full', () => {
  let db: Db;
  let server: TestServer;
  let disk: TestMount;
  let token = '';
  let target = { id: 0, question: 0 };

  beforeAll(async () => {
    db = await backends[0].openDemo();
    disk = mountTmpfs(1);
    server = await startTestServer(db, { EVIDENCE_TMP_DIR: disk.dir });
    token = (await signInDemoAccounts(server)).admin;
    const [row] = await db.query<{ id: number; question: number }>(
      `SELECT c.id, s.id AS question FROM campaigns c JOIN editions e ON e.id = c.edition_id
         JOIN indicators i ON i.edition_id = c.edition_id JOIN subindicators s ON s.indicator_id = i.id
        WHERE c.status <> 'sent' AND e.campaign_number = (SELECT max(campaign_number) FROM editions) ORDER BY c.id, s.id LIMIT 1`,
    );
    target = row;
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
    disk?.remove();
  });

  it('answers 503 UNAVAILABLE, keeps nothing and takes the next file that fits', async () => {
    const send = async (data: Buffer) => {
      const form = new FormData();
      form.append('id', String(target.id));
      form.append('question', String(target.question));
      form.append('file', new Blob([new Uint8Array(data)]), 'acta.pdf');
      const res = await fetch(`${server.url}/api/secure/v1/campaigns/evidence/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return { status: res.status, body: JSON.parse(await res.text()) };
    };
    const [{ n: before }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM evidence');
    // 2 MB into a 1 MB file system.
    const full = await send(pdf(2 * 1024 * 1024));
    expect([full.status, full.body.error.type]).toEqual([503, 'UNAVAILABLE']);
    expect(await filesUnder(disk.dir)).toEqual([]);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM evidence'))[0].n).toBe(before);
    expect((await send(pdf(100 * 1024))).status).toBe(200);
    expect(await filesUnder(disk.dir)).toEqual([]);
  });
});
