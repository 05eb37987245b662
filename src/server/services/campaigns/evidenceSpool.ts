import { constants, createReadStream } from 'node:fs';
import { access, mkdtemp, open, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { ConfigError } from '../../config.js';
import type { EvidenceFileType } from '../../../shared/constants.js';
import { ContentSniffer, EVIDENCE_CHUNK_BYTES, checkArrivedSize, isEvidenceFileType, typeNotAllowed, type UploadLimits } from './evidenceFiles.js';

/**
 * Where an evidence file waits while it arrives: a temporary file in a folder of this server's own, so that no
 * database transaction is open while a slow client sends it (PGlite runs one transaction at a time). The file is
 * then copied into the database in one short transaction, and removed whatever happens.
 */

/** The prefix of the spool's folder in EVIDENCE_TMP_DIR: `campaigns-evidence-XXXXXX`. */
export const SPOOL_PREFIX = 'campaigns-evidence-';

/** A file received whole, its limits and kind checked, waiting in the spool until it is stored or given up. */
export interface SpooledFile {
  size: number;
  contentType: EvidenceFileType;
  /** Its bytes from the start, in pieces of EVIDENCE_CHUNK_BYTES; as often as asked (a transaction run again reads it again). */
  read(): AsyncIterable<Buffer>;
  /** Removes it (nothing left to remove is fine). */
  discard(): Promise<void>;
}

/**
 * The spool: a private folder (0700) made in EVIDENCE_TMP_DIR at the first upload (so that a server that takes none,
 * or fails to start, leaves nothing there), one file (0600) per upload in flight, the folder removed at close.
 */
export class EvidenceSpool {
  private made: Promise<string> | undefined;

  private constructor(private readonly parent: string) {}

  /** The spool in `parent` (EVIDENCE_TMP_DIR); a start fails with one line when it is not a folder the server may write in. */
  static async open(parent: string): Promise<EvidenceSpool> {
    try {
      if (!(await stat(parent)).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
      await access(parent, constants.W_OK | constants.X_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? String(err);
      throw new ConfigError([`EVIDENCE_TMP_DIR: ${parent} is not a folder the server may write in (${code})`]);
    }
    return new EvidenceSpool(parent);
  }

  /** The spool's folder, made on first use; mkdtemp makes it readable by this process's user only (0700). */
  folder(): Promise<string> {
    this.made ??= mkdtemp(path.join(this.parent, SPOOL_PREFIX)).catch((err: unknown) => {
      this.made = undefined;
      throw err;
    });
    return this.made;
  }

  /** A new empty file of the spool (0600), opened to be written. */
  private async newFile(): Promise<{ file: string; handle: FileHandle }> {
    for (let attempt = 0; ; attempt++) {
      const file = path.join(await this.folder(), randomUUID());
      try {
        return { file, handle: await open(file, 'wx', 0o600) };
      } catch (err) {
        // The folder removed under a long-running server (a cleaner of old temporary files): made again, once.
        if (attempt > 0 || (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        this.made = undefined;
      }
    }
  }

  /**
   * Receives a file into the spool as it arrives, refusing it as soon as it passes a limit (413 over maxBytes, 422
   * over the campaign's room) or its kind, read from its first bytes, is not taken (422), as storing it would. A
   * refused or failed file is removed before the error is thrown; a file received is the caller's to discard.
   */
  async receive(content: AsyncIterable<Buffer>, limits: UploadLimits): Promise<SpooledFile> {
    const { file, handle } = await this.newFile();
    const discard = () => rm(file, { force: true });
    try {
      const sniffer = new ContentSniffer();
      let size = 0;
      for await (const bytes of content) {
        size += bytes.length;
        checkArrivedSize(size, limits);
        await sniffer.write(bytes);
        if (sniffer.settled) {
          const detected = await sniffer.end();
          if (!isEvidenceFileType(detected)) throw typeNotAllowed(detected);
        }
        for (let at = 0; at < bytes.length;) at += (await handle.write(bytes, at)).bytesWritten;
      }
      const contentType = await sniffer.end();
      if (!isEvidenceFileType(contentType)) throw typeNotAllowed(contentType);
      await handle.close();
      return { size, contentType, read: () => createReadStream(file, { highWaterMark: EVIDENCE_CHUNK_BYTES }), discard };
    } catch (err) {
      // The refusal or failure is what the caller needs to hear of, not a second failure cleaning up.
      await handle.close().catch(() => undefined);
      await discard().catch(() => undefined);
      throw err;
    }
  }

  /** Removes the folder, if made, with whatever is left in it (at close, once no upload is in flight). */
  async close(): Promise<void> {
    const dir = await this.made?.catch(() => undefined);
    this.made = undefined;
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
