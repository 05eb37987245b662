import fc from 'fast-check';
import { csvChunks, csvLine, CSV_CHUNK_CHARS, type CsvCell } from '../../src/shared/csv.js';

/** Short cells, and long ones (up to 9,000 characters, some to be quoted) so that rows cross the limit. */
const cellArbitrary: fc.Arbitrary<CsvCell> = fc.oneof(
  fc.string(),
  fc.double(),
  fc.constant(null),
  fc.tuple(fc.constantFrom('a', 'é', '"', ';', '\n'), fc.nat({ max: 9_000 })).map(([text, n]) => text.repeat(n)),
);
const rowsArbitrary = fc.array(fc.array(cellArbitrary, { minLength: 1, maxLength: 8 }), { maxLength: 120 });

describe('csvChunks', () => {
  it('writes the same text as the rows line by line, cut only between lines, each chunk under the limit but its last line', () => {
    let manyChunks = 0;
    fc.assert(
      fc.property(rowsArbitrary, (rows) => {
        const lines = rows.map(csvLine);
        const chunks = [...csvChunks(rows)];
        if (chunks.length > 1) manyChunks += 1;
        expect(chunks.join('')).toBe(lines.join(''));
        // Cut between lines: the chunks' ends are ends of lines.
        let at = 0;
        const lineEnds = new Set(lines.map((line) => (at += line.length)));
        let end = 0;
        for (const chunk of chunks) {
          end += chunk.length;
          expect(lineEnds.has(end)).toBe(true);
        }
        // Each chunk closes at the first line that takes it to the limit, and holds at least one line.
        let line = 0;
        for (const chunk of chunks) {
          let length = 0;
          do length += lines[line++].length;
          while (length < chunk.length);
          expect(length - lines[line - 1].length).toBeLessThan(CSV_CHUNK_CHARS);
        }
      }),
      { numRuns: 60 },
    );
    // The limit was crossed, not only rows too short to reach it.
    expect(manyChunks).toBeGreaterThan(10);
  });

  it('sends nothing for no rows', () => {
    expect([...csvChunks([])]).toEqual([]);
  });
});
