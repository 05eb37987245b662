import fc from 'fast-check';

/**
 * Hostile requests derived from the API's OpenAPI document: for each call, bodies and queries whose fields are
 * sometimes valid, sometimes of the wrong type, out of range, oversized or malicious, so that every check of
 * the contract and of the code behind it is tried.
 */

/** The parts of a JSON Schema (as the OpenAPI document gives it) that the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

/** A call as the OpenAPI document lists it. */
export interface DocumentedCall {
  method: 'GET' | 'POST';
  path: string;
  query: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
  /** The call answers in RFC 6749 form instead of the envelope (the OAuth token endpoint). */
  oauth: boolean;
  /** The call takes a multipart/form-data body (a file upload): its parts' schema. */
  multipart: JsonSchema | undefined;
  /** A successful answer is a file, not the JSON envelope (errors still are). */
  file: boolean;
}

/** Every call of an OpenAPI 3.1 document. */
export function documentedCalls(doc: { paths: Record<string, Record<string, any>> }): DocumentedCall[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase() as 'GET' | 'POST',
      path,
      query: Object.fromEntries(
        ((op.parameters ?? []) as { in: string; name: string; schema: JsonSchema }[]).filter((p) => p.in === 'query').map((p) => [p.name, p.schema]),
      ),
      // A file call (multipart) is sent JSON like the others, which it must refuse with a 4xx.
      body: op.requestBody?.content?.['application/json']?.schema ?? op.requestBody?.content?.['multipart/form-data']?.schema,
      oauth: path.endsWith('/auth/token'),
      multipart: op.requestBody?.content?.['multipart/form-data']?.schema,
      file: !op.responses?.['200']?.content?.['application/json'],
    })),
  );
}

const deep = (depth: number): unknown => Array.from({ length: depth }).reduce<unknown>((inner) => [inner], 0);

/** Values that have broken servers: wrong types, edges of number ranges, control characters, injections, prototypes. */
const NASTY: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2147483647,
  2147483648,
  -2147483649,
  2 ** 53 + 2,
  1e23,
  1e308,
  -1e308,
  5e-324,
  '',
  ' ',
  '0',
  '1',
  '0x1F',
  ' 44 ',
  '45.0',
  '1e3',
  'NaN',
  'Infinity',
  'true',
  'null',
  '\u0000',
  'a\u0000b',
  'línea\nnueva',
  '\u202e\u0007',
  '😀',
  '\ud800',
  "'; DROP TABLE users; --",
  '%00',
  '%E0%A4%A',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  'x'.repeat(5000),
  [],
  [1],
  [1, 2],
  ['1'],
  [null],
  {},
  { $gt: '' },
  JSON.parse('{"__proto__":{"admin":true}}'),
  { constructor: { prototype: { x: 1 } } },
  deep(2000),
];

const nasty = fc.constantFrom(...NASTY);

/** A string the pattern accepts (fast-check reads the regular expression), or plain text when it cannot. */
function patternString(schema: JsonSchema): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 40, 40);
  if (schema.pattern && !schema.pattern.includes('(?='))
    return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter((s) => s.length <= (schema.maxLength ?? Infinity));
  // eslint-disable-next-line no-control-regex -- the point: one-line fields refuse control characters.
  return fc.string({ minLength: Math.max(schema.minLength ?? 0, 1), maxLength: Math.max(max, 1) }).map((s) => s.replace(/[\u0000-\u001f\u007f]/g, 'x'));
}

/** Values the schema accepts, small ones preferred so that ids hit the demo data. */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(validValue));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
      return fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 100, (schema.minimum ?? 0) + 80) });
    case 'number':
      return fc.double({ min: 0, max: 100, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      return schema.format === 'email' ? fc.emailAddress() : patternString(schema);
    case 'array':
      return fc.array(validValue(schema.items ?? {}), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, validValue(s)])));
    default:
      return fc.constant(null);
  }
}

/** Values for a field: valid ones, hostile ones, random JSON, and very long text. */
export function fieldValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const nested = depth < 2 && (schema.type === 'object' || schema.type === 'array') ? [mutated(schema, depth + 1)] : [];
  return fc.oneof(
    { weight: 3, arbitrary: validValue(schema) },
    { weight: 3, arbitrary: nasty },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.string({ minLength: 200, maxLength: 2000 }) },
    ...nested.map((arbitrary) => ({ weight: 2, arbitrary })),
  );
}

/** An object or array of the schema's shape with some parts hostile, some missing, and sometimes a property too many. */
function mutated(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.type === 'array') return fc.array(fieldValue(schema.items ?? {}, depth), { maxLength: 4 });
  const properties = Object.entries(schema.properties ?? {});
  const fields = fc.record(Object.fromEntries(properties.map(([k, s]) => [k, fieldValue(s, depth)])), { requiredKeys: [] });
  const extra = fc.option(fc.tuple(fc.constantFrom('extra', '__proto__', 'constructor', 'id', 'role', ''), nasty), { nil: undefined });
  return fc.tuple(fields, extra).map(([object, more]) => (more ? Object.assign(JSON.parse(JSON.stringify(object)), { [more[0]]: more[1] }) : object));
}

/** A whole request body: the schema's shape mutated, or something that is not that shape at all. */
export function bodyValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(nasty, fc.jsonValue({ maxDepth: 2 }));
  const shape = schema.anyOf?.find((s) => s.type === 'object') ?? schema;
  return fc.oneof({ weight: 6, arbitrary: mutated(shape, 0) }, { weight: 1, arbitrary: nasty }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
}

const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** A query string: each documented parameter valid, hostile, missing or sent twice, and sometimes an unknown one. */
export function queryValue(query: Record<string, JsonSchema>): fc.Arbitrary<string> {
  const one = (schema: JsonSchema) => fieldValue(schema).map((v) => [text(v)]);
  const param = (schema: JsonSchema) =>
    fc.oneof({ weight: 4, arbitrary: one(schema) }, { weight: 1, arbitrary: fc.tuple(one(schema), one(schema)).map(([a, b]) => [...a, ...b]) });
  const params = fc.record(Object.fromEntries(Object.entries(query).map(([k, s]) => [k, param(s)])), { requiredKeys: [] });
  const extra = fc.option(fc.tuple(fc.constantFrom('extra', 'id[]', '__proto__', 'id'), fc.string({ maxLength: 20 })), { nil: undefined });
  return fc.tuple(params, extra).map(([values, more]) => {
    const search = new URLSearchParams();
    for (const [key, list] of Object.entries(values)) for (const v of list as string[]) search.append(key, v);
    if (more) search.append(more[0], more[1]);
    const encoded = search.toString();
    return encoded ? `?${encoded}` : '';
  });
}

/** The values every call is tried with, in every field at once, before the random ones (see examplesFor). */
const ALWAYS_TRIED: unknown[] = [2147483648, 1e308, '43', [1], 1.5, null, 'a\u0000b', { $gt: '' }, 'x'.repeat(5000)];

/** Requests with every field of the call set to one of ALWAYS_TRIED, so that the known classes of bad input are always sent. */
export function examplesFor(call: DocumentedCall): { query: string; body: unknown }[] {
  const shape = call.body?.anyOf?.find((s) => s.type === 'object') ?? call.body;
  return ALWAYS_TRIED.map((value) => {
    const search = new URLSearchParams(Object.keys(call.query).map((k) => [k, text(value)]));
    const body = shape?.properties ? Object.fromEntries(Object.keys(shape.properties).map((k) => [k, value])) : value;
    return { query: search.size > 0 ? `?${search}` : '', body };
  });
}

/**
 * Values that passed a field's own check and broke the server further on, once every other field was valid (an
 * adversarial pass of 2026-11-28): half a surrogate pair (PostgreSQL's json refuses it in the activity log), year
 * 0000 (out of PostgreSQL's date range), an invisible name.
 */
const TRIED_ALONE: string[] = ['\ud800', 'x\udfff', '0000-01-01', '\u200b'];

/** Where a value sits in a request: the query's parameter, or a path of property names and array indexes in the body. */
type Place = { query: string } | { body: (string | number)[] };

/** Every string-taking leaf of a schema, as a path (an array's first item stands for its items). */
function leaves(schema: JsonSchema, path: (string | number)[] = []): (string | number)[][] {
  const shape = schema.anyOf?.find((s) => s.type === 'object' || s.type === 'array') ?? schema;
  if (shape.type === 'object' && shape.properties) return Object.entries(shape.properties).flatMap(([k, s]) => leaves(s, [...path, k]));
  if (shape.type === 'array' && shape.items) return leaves(shape.items, [...path, 0]);
  return path.length > 0 ? [path] : [];
}

/** A copy of value with `value` put at path (creating the objects and arrays on the way). */
function placed(root: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(root ?? {}));
  let at = copy;
  path.slice(0, -1).forEach((key, i) => {
    at[key] ??= typeof path[i + 1] === 'number' ? [] : {};
    at = at[key];
  });
  at[path[path.length - 1]] = value;
  return copy;
}

/**
 * Requests that are valid but for one field, which holds one of TRIED_ALONE: a value a generated request rarely
 * gets to (validation stops at the first bad field), for every query parameter and body leaf of the call.
 */
export function oneFieldExamples(call: DocumentedCall): { query: string; body: unknown }[] {
  const [valid] = fc.sample(
    fc.record({
      query: fc.record(Object.fromEntries(Object.entries(call.query).map(([k, s]) => [k, validValue(s)]))),
      body: call.body ? validValue(call.body.anyOf?.find((s) => s.type === 'object') ?? call.body) : fc.constant(undefined),
    }),
    { numRuns: 1, seed: 28 },
  );
  const queryText = (values: Record<string, unknown>) => {
    const search = new URLSearchParams(Object.entries(values).map(([k, v]) => [k, text(v)]));
    return search.size > 0 ? `?${search}` : '';
  };
  const places: Place[] = [...Object.keys(call.query).map((query) => ({ query })), ...(call.body ? leaves(call.body).map((body) => ({ body })) : [])];
  return places.flatMap((place) =>
    TRIED_ALONE.map((value) =>
      'query' in place
        ? { query: queryText({ ...valid.query, [place.query]: value }), body: valid.body }
        : { query: queryText(valid.query), body: placed(valid.body, place.body, value) },
    ),
  );
}

/** Raw request bodies that are not JSON of any shape: broken syntax, wrong content types, bad bytes, oversize. */
export const MALFORMED_BODIES: { contentType: string; body: string | Buffer; why: string }[] = [
  { contentType: 'application/json', body: '{"id":', why: 'truncated JSON' },
  { contentType: 'application/json', body: '', why: 'empty JSON body' },
  { contentType: 'application/json', body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), why: 'invalid UTF-8' },
  { contentType: 'application/json', body: '['.repeat(50000) + ']'.repeat(50000), why: 'deeply nested JSON' },
  { contentType: 'application/json', body: JSON.stringify({ id: 'x'.repeat(1_100_000) }), why: 'over the 1 MiB body limit' },
  { contentType: 'text/plain', body: 'id=1', why: 'plain text' },
  { contentType: 'application/x-www-form-urlencoded', body: 'id=1&id=2', why: 'a form where JSON is expected' },
  { contentType: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="id"\r\n\r\n1\r\n--x--', why: 'multipart' },
];

/** The first bytes of files of many kinds, the ones an upload takes and others: a generated file starts with one, or with nothing. */
const FILE_HEADS: Buffer[] = [
  Buffer.from('%PDF-1.7\n'),
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from('ffd8ffe000104a464946', 'hex'),
  Buffer.from('504b0304140000000000', 'hex'),
  Buffer.from('504b030414000000000000000000000000000000000008000000mimetype', 'latin1'),
  Buffer.from('4d5a9000', 'hex'),
  Buffer.from('<!DOCTYPE html><script>alert(1)</script>'),
  Buffer.from('7f454c46', 'hex'),
  Buffer.alloc(0),
];

/** A file's bytes: a known head (or none) and random bytes, now and then more than a few pieces' worth. */
const fileBytes = fc
  .tuple(
    fc.constantFrom(...FILE_HEADS),
    fc.oneof(
      { weight: 5, arbitrary: fc.uint8Array({ maxLength: 2000 }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 700_000 }).map((n) => new Uint8Array(n)) },
    ),
  )
  .map(([head, rest]) => Buffer.concat([head, rest]));

/** Names a browser or an attacker might send for a part or a file. */
const partName = (names: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.constantFrom('extra', '__proto__', 'constructor', '', 'file[]', 'id ') },
  );
const fileName = fc.oneof(
  fc.constantFrom('acta.pdf', 'Plan de acción €.pdf', '../../etc/passwd', 'C:\\fakepath\\a.docx', '', 'a\u0000b.pdf', 'x'.repeat(600), '\u202egpj.exe'),
  fc.string({ maxLength: 80 }),
);
const partContentType = fc.option(
  fc.constantFrom('application/pdf', 'application/json', 'text/plain; charset=utf-8', 'text/plain; charset=latin1', 'garbage/;;', 'multipart/mixed'),
  {
    nil: undefined,
  },
);

/** One part of a generated multipart body: a text field or a file, with its headers. */
function multipartPart(schema: JsonSchema): fc.Arbitrary<Buffer> {
  const names = Object.keys(schema.properties ?? {});
  const field = fc
    .tuple(partName(names), partContentType)
    .chain(([name, type]) =>
      fieldValue(schema.properties?.[name] ?? {}).map((value) => ({ name, type, filename: undefined as string | undefined, data: Buffer.from(text(value)) })),
    );
  const file = fc.record({ name: partName(names), type: partContentType, filename: fileName, data: fileBytes });
  return fc.oneof(field, file).map(({ name, type, filename, data }) => {
    const disposition = `Content-Disposition: form-data; name="${name.replace(/"/g, '%22')}"${filename === undefined ? '' : `; filename="${filename.replace(/"/g, '%22')}"`}`;
    return Buffer.concat([Buffer.from(`${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`), data]);
  });
}

/**
 * The parts a well-formed upload has, in order, each value valid for the schema or one of `known` (values that
 * reach the code behind the checks, such as an open campaign's id): what the mutations start from.
 */
function wellFormedParts(schema: JsonSchema, known: Record<string, string[]>): fc.Arbitrary<Buffer[]> {
  const entries = Object.entries(schema.properties ?? {});
  const value = (name: string, s: JsonSchema) =>
    known[name]?.length ? fc.oneof(validValue(s).map(text), fc.constantFrom(...known[name])) : validValue(s).map(text);
  return fc
    .tuple(
      ...entries.map(([name, s]) =>
        s.format === 'binary'
          ? fileBytes.map((data) => ({ name, data, file: true }))
          : value(name, s).map((v) => ({ name, data: Buffer.from(v), file: false })),
      ),
    )
    .map((parts) =>
      parts.map(({ name, data, file }) =>
        Buffer.concat([Buffer.from(`Content-Disposition: form-data; name="${name}"${file ? '; filename="acta.pdf"' : ''}\r\n\r\n`), data]),
      ),
    );
}

/**
 * Raw multipart/form-data bodies for a call that takes one: well-formed ones with valid or hostile parts, parts
 * repeated, missing, reordered or unknown, files of many kinds, and bodies broken on purpose (cut short, a boundary
 * that does not match its header or is missing, bare line feeds, no final boundary, bytes that are no multipart at all).
 */
export function multipartValue(schema: JsonSchema, known: Record<string, string[]> = {}): fc.Arbitrary<{ contentType: string; body: Buffer; why: string }> {
  const boundary = fc.constantFrom('x', 'zzz', '----WebKitFormBoundary7MA4YWxkTrZu0gW', 'b'.repeat(70), 'a b"c');
  const parts = fc.oneof({ weight: 3, arbitrary: wellFormedParts(schema, known) }, { weight: 3, arbitrary: fc.array(multipartPart(schema), { maxLength: 5 }) });
  const breakage = fc.constantFrom('none', 'none', 'none', 'cut', 'other boundary', 'no boundary', 'bare LF', 'no end', 'noise');
  return fc.tuple(boundary, parts, breakage, fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 300 })).map(([b, list, broken, at, noise]) => {
    const lineEnd = broken === 'bare LF' ? '\n' : '\r\n';
    const body = Buffer.concat([
      ...list.map((part) =>
        Buffer.concat([
          Buffer.from(`--${b}${lineEnd}`),
          broken === 'bare LF' ? Buffer.from(part.toString('latin1').replace(/\r\n/g, '\n'), 'latin1') : part,
          Buffer.from(lineEnd),
        ]),
      ),
      Buffer.from(broken === 'no end' ? '' : `--${b}--${lineEnd}`),
    ]);
    const contentType =
      broken === 'no boundary'
        ? 'multipart/form-data'
        : broken === 'other boundary'
          ? 'multipart/form-data; boundary=otra'
          : `multipart/form-data; boundary=${b.includes(' ') ? `"${b}"` : b}`;
    const sent = broken === 'cut' ? body.subarray(0, at % (body.length + 1)) : broken === 'noise' ? Buffer.from(noise) : body;
    return { contentType, body: sent, why: `${broken}, ${list.length} parts, ${sent.length} bytes` };
  });
}
