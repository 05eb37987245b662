/**
 * Roughly how many bytes a value read from the database takes in memory once parsed: what bounds the report parts
 * kept by size (reportParts.ts) rather than by count, since a campaign's notes can be any length. It counts what V8
 * on 64 bits gives each kind of value (a header per object, array and string, a slot per field or element, a
 * string's characters, a Map's table with room to grow, a typed array's elements beside it); small integers cost
 * nothing beyond their slot. An estimate within some tens of per cent of what process.memoryUsage() sees
 * (heapBytes.test.ts), not an exact account: it only has to keep the parts' total in proportion to their content.
 */
const HEADER = 24;
const SLOT = 8;
const HEAP_NUMBER = 16;
/** A Map entry: key, value and chain in an ordered hash table that is up to twice the entries. */
const MAP_ENTRY = 6 * SLOT;
const TYPED_ARRAY = 160;
const TWO_BYTE = /[\u0100-\uffff]/;

export function heapBytes(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return Number.isInteger(value) && Math.abs(value) < 2 ** 31 ? 0 : HEAP_NUMBER;
    case 'string':
      // One byte a character for Latin-1 text ('ñ', 'à' included), two otherwise.
      return HEADER + (TWO_BYTE.test(value) ? 2 : 1) * value.length;
    case 'object':
      return value === null ? 0 : objectBytes(value);
    default:
      return 0;
  }
}

function objectBytes(value: object): number {
  if (ArrayBuffer.isView(value)) return TYPED_ARRAY + value.byteLength;
  if (value instanceof Map) {
    let bytes = HEADER + 4 * SLOT;
    for (const [key, entry] of value) bytes += MAP_ENTRY + heapBytes(key) + heapBytes(entry);
    return bytes;
  }
  if (Array.isArray(value)) {
    let bytes = 2 * HEADER + SLOT * value.length;
    for (const element of value) bytes += heapBytes(element);
    return bytes;
  }
  let bytes = HEADER;
  for (const field of Object.values(value)) bytes += SLOT + heapBytes(field);
  return bytes;
}
