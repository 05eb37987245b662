import { asciiPiece, encodeWithRaw, interleave, JsonWithHoles, rawSlot, textPiece } from '../../../src/server/reports/rawJson.js';

/** Texts whose UTF-8 bytes outnumber their UTF-16 code units: two-, three- and four-byte characters. */
const WIDE = ['Mancomunitat de la Ribera Alta: ñ', '3.000 €', 'Dénia 🌊', 'Ayuntamiento de Alcalà de Xivert'];

describe('pre-encoded JSON', () => {
  it('fills holes with any UTF-8 text, in a template that has some too, exactly as JSON.stringify would', () => {
    const marker = 'hole-marker';
    const template = new JsonWithHoles({ entity: 'Xàtiva €', answers: [marker, marker, marker] }, marker, 3);
    const pieces = WIDE.slice(0, 3).map((text) => textPiece({ comment: text }));
    const filled = template.fill(pieces);
    const expected = { entity: 'Xàtiva €', answers: WIDE.slice(0, 3).map((comment) => ({ comment })) };
    expect(filled.toString('utf8')).toBe(JSON.stringify(expected));
    expect(JSON.parse(filled.toString('utf8'))).toEqual(expected);
    expect(filled.length).toBe(Buffer.byteLength(JSON.stringify(expected)));
  });

  it('writes ASCII pieces as they are and text pieces as UTF-8, between UTF-8 segments', () => {
    const segments = ['{"n":', ',"name":', ',"list":', '}'].map((text) => Buffer.from(text.replace('name', 'nombre €')));
    const size = segments.reduce((n, s) => n + s.length, 0);
    const out = interleave(segments, [asciiPiece(12.5), textPiece('Dénia 🌊'), asciiPiece([1, null, true])], size);
    expect(JSON.parse(out.toString('utf8'))).toEqual({ n: 12.5, 'nombre €': 'Dénia 🌊', list: [1, null, true] });
    // Text is never a plain string piece, which would be written one byte per character: the types refuse it.
    // @ts-expect-error a string is not a Piece
    expect(() => interleave(segments, ['"Dénia"', asciiPiece(1), asciiPiece(2)], size)).not.toThrow();
    // @ts-expect-error text is not ASCII JSON
    asciiPiece('Dénia');
  });

  it('writes short and long ASCII pieces, empty segments and pieces of every length byte for byte, as Buffer.concat would', () => {
    // Around the length past which an ASCII piece is written natively rather than byte by byte.
    const ascii = [0, 1, 63, 64, 65, 200].map((n) => asciiPiece(Array.from({ length: n }, (_, i) => i % 10)));
    const texts = ['', 'ñ', 'x'.repeat(100), WIDE[2]].map(textPiece);
    const pieces = [...ascii, ...texts, asciiPiece(-0), asciiPiece(1e21), asciiPiece(0.1 + 0.2)];
    const segments = [Buffer.alloc(0), ...pieces.map((_, i) => Buffer.from(i % 3 === 0 ? '' : `,"é${i}":`))];
    const size = segments.reduce((n, s) => n + s.length, 0);
    const expected = Buffer.concat(segments.flatMap((segment, i) => (i < pieces.length ? [segment, Buffer.from(pieces[i])] : [segment])));
    expect(interleave(segments, pieces, size).equals(expected)).toBe(true);
  });

  it('splices raw JSON into a value whose texts are not ASCII', () => {
    const raw = Buffer.from(JSON.stringify(WIDE));
    const encoded = encodeWithRaw({ before: 'ñ', list: rawSlot<string[]>(), after: '🌊' }, raw);
    expect(JSON.parse(encoded.toString('utf8'))).toEqual({ before: 'ñ', list: WIDE, after: '🌊' });
  });

  it('refuses a wrong number of holes or pieces', () => {
    expect(() => new JsonWithHoles({ a: 'm' }, 'm', 2)).toThrow('expected 2 holes, found 1');
    expect(() => new JsonWithHoles({ a: 'm', b: 'm' }, 'm', 2).fill([asciiPiece(1)])).toThrow('expected 2 pieces, got 1');
    expect(() => encodeWithRaw({ a: 1 }, Buffer.from('[]'))).toThrow('exactly one rawSlot');
  });
});
