import fc from 'fast-check';
import { csvChunks, csvLine, CSV_CHUNK_CHARS, type CsvCell } from '../../src/shared/csv.js';

/** A cell of up to `max` characters of one kind, some of which must be quoted. */
const longCell = (min: number, max: number) => fc.tuple(fc.constantFrom('a', 'é', '"', ';', '\n'), fc.integer({ min, max })).map(([text, n]) => text.repeat(n));

/** Short cells, and long ones (up to 9,000 characters) so that rows may cross the limit. */
const cellArbitrary: fc.Arbitrary<CsvCell> = fc.oneof(fc.string(), fc.double(), fc.constant(null), longCell(0, 9_000));
const rowsArbitrary = fc.array(fc.array(cellArbitrary, { minLength: 1, maxLength: 8 }), { maxLength: 120 });
/**
 * Rows that always make three chunks or more: each line is 3,000 characters or more, so a chunk closes within 11 lines
 * (33,000 characters reach the limit), and there are at least 24 lines.
 */
const longRowsArbitrary = fc.array(
  fc.tuple(longCell(3_000, 9_000), fc.array(cellArbitrary, { maxLength: 7 })).map(([long, rest]) => [long, ...rest]),
  { minLength: 24, maxLength: 60 },
);

/** The chunks of `rows`, checked: the same text as the rows line by line, cut only between lines, each chunk under the limit but its last line. */
function checkedChunks(rows: CsvCell[][]): string[] {
  const lines = rows.map(csvLine);
  const chunks = [...csvChunks(rows)];
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
  return chunks;
}

describe('csvChunks', () => {
  it('writes the same text as the rows line by line, cut only between lines, each chunk under the limit but its last line', () => {
    fc.assert(
      fc.property(rowsArbitrary, (rows) => void checkedChunks(rows)),
      { numRuns: 60 },
    );
  });

  it('cuts rows longer than the limit into several chunks, by the same rules', () => {
    fc.assert(
      fc.property(longRowsArbitrary, (rows) => {
        expect(checkedChunks(rows).length).toBeGreaterThanOrEqual(3);
      }),
      { numRuns: 30 },
    );
  });

  it('sends nothing for no rows', () => {
    expect([...csvChunks([])]).toEqual([]);
  });
});
