import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { fileTypeFromStream } from 'file-type';
import type { Tx } from '../../db/client.js';
import { insertEvidenceChunk } from '../../db/repositories/answerNotes.js';
import { AppError } from '../../errors.js';
import { FORBIDDEN_CHARACTERS } from '../../../shared/api/schema.js';
import { EVIDENCE_FILE_TOO_LARGE, EVIDENCE_TOTAL_TOO_LARGE, EVIDENCE_TYPE_NOT_ALLOWED, type EvidenceFileRefusal } from '../../../shared/api/campaigns.js';
import { EVIDENCE_FILE_NAME_MAX_LENGTH, EVIDENCE_FILE_TYPES, type EvidenceFileType } from '../../../shared/constants.js';

/**
 * Files given as evidence (docs/api.md, "Evidence"): what kind a file is, read from its bytes; the name it keeps;
 * the limits it must keep as it arrives; and its bytes stored in pieces of EVIDENCE_CHUNK_BYTES, never the whole
 * file in memory. Where a file waits while it arrives is evidenceSpool.ts.
 */

/** The bytes of one stored piece (evidence_chunks.data): an upload holds at most about one piece at a time. */
export const EVIDENCE_CHUNK_BYTES = 256 * 1024;

const ALLOWED_TYPES: ReadonlySet<string> = new Set(Object.values(EVIDENCE_FILE_TYPES));

/** Whether a detected content type is one taken as evidence. */
export const isEvidenceFileType = (type: string | null): type is EvidenceFileType => type !== null && ALLOWED_TYPES.has(type);

/**
 * The kind of a file read from its content as it streams past (file-type: magic numbers, and for a zip the
 * entries that make it an OpenDocument or Office file: `mimetype`, `[Content_Types].xml`). Bytes are handed over
 * with write(); detection reads only what it needs and settles, possibly before the end; end() gives the content
 * type, or null when none is recognised. It never holds more than a stream buffer's worth of the file.
 */
export class ContentSniffer {
  private readonly input = new PassThrough();
  private done = false;
  private readonly detected: Promise<string | null>;

  constructor() {
    this.detected = fileTypeFromStream(this.input)
      .then(
        (type) => type?.mime ?? null,
        // A file it cannot make sense of is no type it knows.
        () => null,
      )
      .finally(() => {
        this.done = true;
        this.input.destroy();
      });
  }

  /** True once detection has settled: what is written afterwards is not looked at. */
  get settled(): boolean {
    return this.done;
  }

  /** Hands over bytes, waiting while detection is reading what it has (backpressure), never past its end. */
  async write(bytes: Buffer): Promise<void> {
    if (this.done) return;
    if (!this.input.write(bytes)) await Promise.race([once(this.input, 'drain').catch(() => undefined), this.detected]);
  }

  /** The content type detected: at once when it has settled, else once the end of the file is read. */
  end(): Promise<string | null> {
    if (!this.done) this.input.end();
    return this.detected;
  }
}

const UNWANTED_IN_NAMES = new RegExp(`[${FORBIDDEN_CHARACTERS}\\p{Cf}]`, 'gu');

/**
 * The name a file keeps: its last path segment (a browser may send C:\Users\...\acta.pdf), without control
 * characters, bidirectional overrides, invisible formatting characters or half surrogate pairs, spaces collapsed,
 * in NFC (macOS sends decomposed accents), at most EVIDENCE_FILE_NAME_MAX_LENGTH characters keeping a short
 * extension; null when nothing is left of it.
 */
export function evidenceFileName(raw: string | undefined): string | null {
  const segment = (raw ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  const name = segment.replace(UNWANTED_IN_NAMES, '').replace(/\s+/gu, ' ').trim();
  if (name === '' || /^\.+$/.test(name)) return null;
  const characters = Array.from(name);
  if (characters.length <= EVIDENCE_FILE_NAME_MAX_LENGTH) return name;
  const extension = /\.[\p{L}\p{N}]{1,10}$/u.exec(name)?.[0] ?? '';
  return (
    characters
      .slice(0, EVIDENCE_FILE_NAME_MAX_LENGTH - extension.length)
      .join('')
      .trimEnd() + extension
  );
}

/** The name of a file sent without a usable one: 'evidencia' with the extension of its detected type. */
export function defaultEvidenceFileName(type: EvidenceFileType): string {
  const extension = Object.entries(EVIDENCE_FILE_TYPES).find(([, t]) => t === type)?.[0] ?? 'bin';
  return `evidencia.${extension}`;
}

/** A size as people read it: '10 MB', '1.5 MB', '64 KB' (binary units, as the limits are set). */
export function sizeText(bytes: number): string {
  const [value, unit] = bytes >= 2 ** 20 ? [bytes / 2 ** 20, 'MB'] : [bytes / 1024, 'KB'];
  return `${Math.round(value * 10) / 10} ${unit}`;
}

const refused = (type: 'PAYLOAD_TOO_LARGE' | 'VALIDATION', message: string, data: EvidenceFileRefusal) => new AppError(type, message, data);

/** The refusal of a file whose kind is not taken (or not recognised). */
export function typeNotAllowed(detected: string | null): AppError {
  return refused(
    'VALIDATION',
    `This kind of file is not accepted as evidence (${detected ?? 'not recognised'}): send a PDF, PNG, JPEG, ODT, ODS, DOCX or XLSX`,
    {
      code: EVIDENCE_TYPE_NOT_ALLOWED,
      detected,
      allowed: [...ALLOWED_TYPES],
    },
  );
}

/** Limits of one upload: the largest file, and the room left in its campaign. */
export interface UploadLimits {
  maxBytes: number;
  maxTotalBytes: number;
  usedBytes: number;
}

/** The refusal of a file that would take its campaign's files over maxTotalBytes, `usedBytes` being taken already. */
export function totalTooLarge(maxTotalBytes: number, usedBytes: number): AppError {
  return refused(
    'VALIDATION',
    `The campaign's files would exceed the ${sizeText(maxTotalBytes)} allowed (${sizeText(usedBytes)} already used): remove some first`,
    { code: EVIDENCE_TOTAL_TOO_LARGE, maxTotalBytes, usedBytes },
  );
}

/** Refuses a file of which `size` bytes have arrived as soon as they pass a limit: 413 over maxBytes, 422 over the campaign's room. */
export function checkArrivedSize(size: number, limits: UploadLimits): void {
  if (size > limits.maxBytes)
    throw refused('PAYLOAD_TOO_LARGE', `The file is larger than the ${sizeText(limits.maxBytes)} a file of evidence may have`, {
      code: EVIDENCE_FILE_TOO_LARGE,
      maxBytes: limits.maxBytes,
    });
  if (limits.usedBytes + size > limits.maxTotalBytes) throw totalTooLarge(limits.maxTotalBytes, limits.usedBytes);
}

/**
 * Stores a file's bytes in pieces of EVIDENCE_CHUNK_BYTES under evidence row `evidenceId`, within the caller's
 * transaction, holding about one piece at a time. The bytes stored.
 */
export async function storeEvidencePieces(tx: Tx, evidenceId: number, content: AsyncIterable<Buffer>): Promise<number> {
  let size = 0;
  let position = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const piece = pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await insertEvidenceChunk(tx, evidenceId, position++, piece);
  };
  for await (const bytes of content) {
    size += bytes.length;
    for (let offset = 0; offset < bytes.length;) {
      const take = Math.min(EVIDENCE_CHUNK_BYTES - pendingBytes, bytes.length - offset);
      pending.push(bytes.subarray(offset, offset + take));
      pendingBytes += take;
      offset += take;
      if (pendingBytes === EVIDENCE_CHUNK_BYTES) await flush();
    }
  }
  await flush();
  return size;
}
