import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { EvidenceSpool, SPOOL_PREFIX } from '../../../../src/server/services/campaigns/evidenceSpool.js';
import { EVIDENCE_CHUNK_BYTES } from '../../../../src/server/services/campaigns/evidenceFiles.js';
import type { ConfigError } from '../../../../src/server/config.js';
import { AppError } from '../../../../src/server/errors.js';

/** Bytes in pieces of `piece`, as a request's file part arrives; `seen` counts the pieces handed over. */
async function* arriving(bytes: Buffer, piece: number, seen = { pieces: 0 }): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += piece) {
    seen.pieces++;
    yield bytes.subarray(at, at + piece);
  }
}
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);
const limits = { maxBytes: 1024 * 1024, maxTotalBytes: 4 * 1024 * 1024, usedBytes: 0 };

describe('evidence files: the spool', () => {
  let parent: string;
  let spool: EvidenceSpool;
  const files = async () => fs.readdir(await spool.folder());

  beforeEach(async () => {
    parent = await fs.mkdtemp(path.join(os.tmpdir(), 'spool-unit-'));
    spool = await EvidenceSpool.open(parent);
  });
  afterEach(async () => {
    await spool.close();
    expect(await fs.readdir(parent)).toEqual([]);
    await fs.rm(parent, { recursive: true, force: true });
  });

  it('receives a file into a folder of its own (0700), one file (0600) read back as often as asked in pieces of 256 KB, until discarded', async () => {
    // Nothing until the first upload.
    expect(await fs.readdir(parent)).toEqual([]);
    const bytes = pdf(EVIDENCE_CHUNK_BYTES * 2 + 1000);
    const file = await spool.receive(arriving(bytes, 64 * 1024 + 3), limits);
    const dir = await spool.folder();
    expect([path.dirname(dir), path.basename(dir).startsWith(SPOOL_PREFIX)]).toEqual([parent, true]);
    expect((await fs.stat(dir)).mode & 0o777).toBe(0o700);
    expect([file.size, file.contentType]).toEqual([bytes.length, 'application/pdf']);
    const [name] = await files();
    expect((await fs.stat(path.join(dir, name))).mode & 0o777).toBe(0o600);
    for (const time of [1, 2]) {
      const pieces: Buffer[] = [];
      for await (const piece of file.read()) pieces.push(piece);
      expect([time, pieces.map((p) => p.length)]).toEqual([time, [EVIDENCE_CHUNK_BYTES, EVIDENCE_CHUNK_BYTES, 1000]]);
      expect(Buffer.concat(pieces).equals(bytes)).toBe(true);
    }
    await file.discard();
    await file.discard();
    expect(await files()).toEqual([]);
  });

  it('refuses as soon as a limit is passed or the kind is known, reading no further, and keeps nothing of the file', async () => {
    const refusal = async (bytes: Buffer, given = limits) => {
      const seen = { pieces: 0 };
      const err = await spool.receive(arriving(bytes, 1024, seen), given).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(await files()).toEqual([]);
      return [(err as AppError).status, ((err as AppError).data as { code: string }).code, seen.pieces];
    };
    expect(await refusal(pdf(3 * 1024 * 1024))).toEqual([413, 'EVIDENCE_FILE_TOO_LARGE', 1025]);
    expect(await refusal(pdf(100 * 1024), { ...limits, usedBytes: limits.maxTotalBytes - 10 * 1024 })).toEqual([422, 'EVIDENCE_TOTAL_TOO_LARGE', 11]);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03', 'latin1'), Buffer.alloc(500 * 1024)]);
    const [status, code, pieces] = await refusal(exe);
    expect([status, code, (pieces as number) < 100]).toEqual([422, 'EVIDENCE_TYPE_NOT_ALLOWED', true]);
    expect(await refusal(Buffer.alloc(0))).toEqual([422, 'EVIDENCE_TYPE_NOT_ALLOWED', 0]);
  });

  it('removes the file of an upload whose bytes stop coming with an error (the client went away)', async () => {
    async function* cut(): AsyncGenerator<Buffer> {
      yield pdf(100 * 1024);
      throw new Error('the request was closed before the multipart data was fully parsed');
    }
    await expect(spool.receive(cut(), limits)).rejects.toThrow(/closed/);
    expect(await files()).toEqual([]);
  });

  it('makes its folder again when it was removed meanwhile, as a cleaner of old temporary files does', async () => {
    await (await spool.receive(arriving(pdf(1000), 100), limits)).discard();
    await fs.rm(await spool.folder(), { recursive: true });
    const file = await spool.receive(arriving(pdf(1000), 100), limits);
    expect(await files()).toHaveLength(1);
    await file.discard();
  });

  it('stops a start with one line when EVIDENCE_TMP_DIR is not a folder it may write in', async () => {
    const missing = path.join(parent, 'no-such-folder');
    const plain = path.join(parent, 'a-file');
    await fs.writeFile(plain, '');
    const problems = async (dir: string) => ((await EvidenceSpool.open(dir).catch((e: unknown) => e)) as ConfigError).problems;
    expect(await problems(missing)).toEqual([`EVIDENCE_TMP_DIR: ${missing} is not a folder the server may write in (ENOENT)`]);
    expect(await problems(plain)).toEqual([`EVIDENCE_TMP_DIR: ${plain} is not a folder the server may write in (ENOTDIR)`]);
    await fs.rm(plain);
  });
});
