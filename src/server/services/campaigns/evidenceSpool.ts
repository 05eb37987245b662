import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
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

/** The spool: a private folder (0700) made at start, one file (0600) per upload in flight, removed at close. */
export class EvidenceSpool {
  private constructor(readonly dir: string) {}

  /** Makes the spool's folder under `parent` (EVIDENCE_TMP_DIR); a start fails with one line when it cannot. */
  static async open(parent: string): Promise<EvidenceSpool> {
    try {
      // mkdtemp makes the folder readable by this process's user only (0700).
      return new EvidenceSpool(await mkdtemp(path.join(parent, SPOOL_PREFIX)));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? String(err);
      throw new ConfigError([`EVIDENCE_TMP_DIR: cannot make the folder for files being uploaded in ${parent} (${code})`]);
    }
  }

  /**
   * Receives a file into the spool as it arrives, refusing it as soon as it passes a limit (413 over maxBytes, 422
   * over the campaign's room) or its kind, read from its first bytes, is not taken (422), as storing it would. A
   * refused or failed file is removed before the error is thrown; a file received is the caller's to discard.
   */
  async receive(content: AsyncIterable<Buffer>, limits: UploadLimits): Promise<SpooledFile> {
    const file = path.join(this.dir, randomUUID());
    const discard = () => rm(file, { force: true });
    const handle = await open(file, 'wx', 0o600);
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

  /** Removes the folder with whatever is left in it (at close, once no upload is in flight). */
  close(): Promise<void> {
    return rm(this.dir, { recursive: true, force: true });
  }
}
