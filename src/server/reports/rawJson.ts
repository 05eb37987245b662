import { randomUUID } from 'node:crypto';

/**
 * Splicing pre-encoded JSON into a response. A questionnaire is most of a report's bytes and is the same
 * for every campaign of its edition, so it is encoded once (see QuestionnaireCache) instead of being
 * stringified and encoded to UTF-8 on every request.
 */

/** The content type of a body encoded here, which the routes send as it is. */
export const JSON_TYPE = 'application/json; charset=utf-8';

// Random per process, so that no text in the data can be mistaken for it.
const SLOT = `raw-json-slot-${randomUUID()}`;
const QUOTED_SLOT = JSON.stringify(SLOT);

/** A placeholder, typed as the value it stands for, where encodeWithRaw writes the pre-encoded JSON. */
export function rawSlot<T>(): T {
  return SLOT as unknown as T;
}

/** value as UTF-8 JSON, with raw (JSON text) in place of its one rawSlot(). */
export function encodeWithRaw(value: unknown, raw: Buffer): Buffer {
  const text = JSON.stringify(value);
  const at = text.indexOf(QUOTED_SLOT);
  if (at < 0 || text.includes(QUOTED_SLOT, at + 1)) throw new Error('encodeWithRaw needs exactly one rawSlot() in the value');
  return Buffer.concat([Buffer.from(text.slice(0, at)), raw, Buffer.from(text.slice(at + QUOTED_SLOT.length))]);
}

/**
 * JSON text with holes: encoded once from a value whose holes hold `marker`, then filled per request with
 * small pieces of JSON text (such as answers) in the order the holes appear. Pieces may hold any text: they are
 * sized and written as UTF-8 bytes, not as string lengths.
 */
export class JsonWithHoles {
  private readonly parts: Buffer[];
  private readonly partsLength: number;

  constructor(
    value: unknown,
    marker: string,
    readonly holes: number,
  ) {
    const parts = JSON.stringify(value).split(JSON.stringify(marker));
    if (parts.length !== holes + 1) throw new Error(`expected ${holes} holes, found ${parts.length - 1}`);
    this.parts = parts.map((p) => Buffer.from(p));
    this.partsLength = this.parts.reduce((n, p) => n + p.length, 0);
  }

  /** The JSON with pieces[i] (JSON text) in hole i. */
  fill(pieces: readonly string[]): Buffer {
    if (pieces.length !== this.holes) throw new Error(`expected ${this.holes} pieces, got ${pieces.length}`);
    return interleave(this.parts, pieces, this.partsLength);
  }
}

/**
 * segments[0], pieces[0], segments[1], ..., segments[n] in one buffer (n pieces, n + 1 segments whose bytes add up to
 * segmentsLength). The pieces are written as UTF-8 and sized in bytes, so any text may be in them.
 */
export function interleave(segments: readonly Buffer[], pieces: readonly string[], segmentsLength: number): Buffer {
  const out = Buffer.allocUnsafe(pieces.reduce((n, p) => n + Buffer.byteLength(p, 'utf8'), segmentsLength));
  let at = 0;
  for (let i = 0; i < pieces.length; i++) {
    at += segments[i].copy(out, at);
    at += out.write(pieces[i], at, 'utf8');
  }
  segments[pieces.length].copy(out, at);
  return out;
}
