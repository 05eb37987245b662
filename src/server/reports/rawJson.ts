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

/** value as UTF-8 JSON, with raw (UTF-8 JSON) in place of its one rawSlot(). */
export function encodeWithRaw(value: unknown, raw: Buffer): Buffer {
  const text = JSON.stringify(value);
  const at = text.indexOf(QUOTED_SLOT);
  if (at < 0 || text.includes(QUOTED_SLOT, at + 1)) throw new Error('encodeWithRaw needs exactly one rawSlot() in the value');
  return Buffer.concat([Buffer.from(text.slice(0, at)), raw, Buffer.from(text.slice(at + QUOTED_SLOT.length))]);
}

/** JSON values that are ASCII whatever they hold: numbers, booleans, null, and arrays or objects of them. */
export type AsciiJsonValue = number | boolean | null | readonly AsciiJsonValue[] | { readonly [key: string]: AsciiJsonValue };

/** The JSON of an AsciiJsonValue: made only by asciiPiece, so that the type says it is ASCII. */
export type AsciiPiece = string & { readonly asciiJson: unique symbol };

/**
 * A piece of JSON to fill a hole with: ASCII JSON (asciiPiece), written byte for byte without measuring or
 * encoding it, or UTF-8 bytes (textPiece) for a value that may hold any text. A plain string is not a Piece: text
 * written one byte per character would corrupt every character past ASCII. A fill of a few thousand holes costs
 * a third of what it would as UTF-8 text.
 */
export type Piece = AsciiPiece | Buffer;

/** The JSON of numbers, booleans and null (keys, if any, are the code's own names), as a Piece. */
export const asciiPiece = (value: AsciiJsonValue): AsciiPiece => JSON.stringify(value) as AsciiPiece;

/** The JSON of a value that may hold any text (names, comments), as a Piece. */
export const textPiece = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

/**
 * JSON with holes: encoded once from a value whose holes hold `marker`, then filled per request with small pieces of
 * JSON (such as answers) in the order the holes appear.
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

  /** The JSON with pieces[i] in hole i. */
  fill(pieces: readonly Piece[]): Buffer {
    if (pieces.length !== this.holes) throw new Error(`expected ${this.holes} pieces, got ${pieces.length}`);
    return interleave(this.parts, pieces, this.partsLength);
  }
}

/** The longest ASCII piece written byte by byte in JavaScript (longer ones through Buffer write). */
const SHORT_PIECE = 64;

/**
 * segments[0], pieces[0], segments[1], ..., segments[n] in one buffer (n pieces, n + 1 segments whose bytes add up to
 * segmentsLength). An AsciiPiece is written one byte per character, a Buffer copied.
 */
export function interleave(segments: readonly Buffer[], pieces: readonly Piece[], segmentsLength: number): Buffer {
  let length = segmentsLength;
  for (const piece of pieces) length += piece.length;
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (let i = 0; i < pieces.length; i++) {
    // TypedArray set rather than Buffer copy, and a short ASCII piece (a number) byte by byte rather than through
    // Buffer write: a fill has thousands of small pieces, and each native call costs more than the copy
    // (docs/benchmarks.md, "Where a result's first read goes").
    out.set(segments[i], at);
    at += segments[i].length;
    const piece = pieces[i];
    if (typeof piece !== 'string') {
      out.set(piece, at);
      at += piece.length;
    } else if (piece.length > SHORT_PIECE) at += out.write(piece, at, 'latin1');
    else for (let j = 0; j < piece.length; j++) out[at++] = piece.charCodeAt(j);
  }
  out.set(segments[pieces.length], at);
  return out;
}
