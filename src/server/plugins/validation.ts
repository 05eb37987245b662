import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { randomBytes } from 'node:crypto';
import { Ajv, type ErrorObject } from 'ajv';
import { compiledWhen, type SchemaCompiling } from './schemaCompiling.js';

/**
 * Request validation with the calls' schemas (src/shared/api), strictly: bodies are never coerced (a string or
 * float id is refused), unknown properties are refused where the schema says so (every call of the envelope API),
 * and nothing is added or removed. Query strings carry text, so their integers and booleans are read first, from
 * their plain spelling only ("42", "true"): ajv's own coercion would also take " 42 ", "0x2A", "42.0" or "4.2e1".
 * Validation stops at the first problem, so that a body of a million wrong properties costs no more than one.
 * Each schema's check is compiled as `when` says (schemaCompiling.ts).
 */
export function installStrictValidation(app: FastifyInstance, when: SchemaCompiling): void {
  const ajv = new Ajv({ coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false, allowUnionTypes: true, strict: true });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => parseJson(request, fractionsAsText(body as string), done));
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const compiled = compiledWhen(when, () => ajv.compile(schema));
    const checked = (value: unknown) => {
      const check = compiled();
      return check(value) ? { value } : { error: check.errors as FastifySchemaValidationError[] };
    };
    if (httpPart === 'body') return (body: unknown) => checked(withFractions(schema as FractionSchema, body));
    if (httpPart !== 'querystring') return checked;
    return (query: unknown) => {
      const decoded = decodeQuery(schema as QuerySchema, query as Record<string, unknown>);
      return 'errors' in decoded ? { error: decoded.errors } : checked(decoded.value);
    };
  });
}

/**
 * What marks a number written with a fraction or an exponent in a parsed body: a private-use character and a random
 * tag of this process, which no client can guess and so cannot send as text.
 */
const FRACTION_MARK = `\u{F8FF}${randomBytes(8).toString('hex')}:`;

/**
 * JSON text with every number written with a fraction or an exponent (43.0, 4.3e1) turned into a marked string. Once
 * parsed, 43.0 is the integer 43 to any JSON parser; the API's whole numbers (ids, populations, roles) must be written
 * as such, so the schema refuses such a number there, naming its field, instead of taking it as 43. withFractions
 * gives it back as a number where the schema takes any number (a percentage), and as its text anywhere else.
 */
function fractionsAsText(text: string): string {
  let out = '';
  let copied = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      let end = i + 1;
      while (end < text.length && /[0-9.eE+-]/.test(text[end])) end++;
      const token = text.slice(i, end);
      if (/[.eE]/.test(token)) {
        out += text.slice(copied, i) + JSON.stringify(FRACTION_MARK + token);
        copied = end;
      }
      i = end - 1;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** The parts of a JSON schema withFractions follows. */
interface FractionSchema {
  type?: string | string[];
  properties?: Record<string, FractionSchema>;
  additionalProperties?: boolean | FractionSchema;
  items?: FractionSchema;
  anyOf?: FractionSchema[];
}

const takesNumber = (schema: FractionSchema | undefined): boolean =>
  !!schema && (schema.type === 'number' || (Array.isArray(schema.type) && schema.type.includes('number')) || !!schema.anyOf?.some(takesNumber));

/** The branch of a schema that describes an object or an array (a union's), to follow into its members. */
const structured = (schema: FractionSchema | undefined, kind: 'object' | 'array'): FractionSchema | undefined =>
  schema?.type === kind ? schema : schema?.anyOf?.find((branch) => branch.type === kind);

/**
 * A parsed body with each marked number (fractionsAsText) a number where the schema takes one, else its text. It
 * follows the schema only, so it goes no deeper than the schema does (a body nested a hundred thousand levels is
 * left to the schema to refuse): members the schema does not describe are left as they are.
 */
function withFractions(schema: FractionSchema | undefined, value: unknown): unknown {
  if (typeof value === 'string') {
    if (!value.startsWith(FRACTION_MARK)) return value;
    const token = value.slice(FRACTION_MARK.length);
    return takesNumber(schema) ? Number(token) : token;
  }
  if (!schema) return value;
  if (Array.isArray(value)) {
    const items = structured(schema, 'array')?.items;
    return value.map((item) => withFractions(items, item));
  }
  if (value && typeof value === 'object') {
    const object = structured(schema, 'object');
    const rest = typeof object?.additionalProperties === 'object' ? object.additionalProperties : undefined;
    const copy: Record<string, unknown> = Object.create(Object.getPrototypeOf(value));
    for (const [key, inner] of Object.entries(value)) copy[key] = withFractions(object?.properties?.[key] ?? rest, inner);
    return copy;
  }
  return value;
}

interface QuerySchema {
  properties?: Record<string, { type?: string | string[] }>;
}

const INTEGER = /^-?(?:0|[1-9][0-9]*)$/;

/**
 * A query's values as the schema declares them: an integer or a boolean property from its plain spelling (anything
 * else stays text, for ajv to refuse), and a parameter sent more than once, where one value is expected, refused.
 */
export function decodeQuery(
  schema: QuerySchema,
  query: Record<string, unknown>,
): { value: Record<string, unknown> } | { errors: FastifySchemaValidationError[] } {
  // No prototype: a parameter named __proto__ or constructor is a key like any other (and refused as unknown).
  const value: Record<string, unknown> = Object.create(null);
  const errors: FastifySchemaValidationError[] = [];
  for (const [key, raw] of Object.entries(query ?? {})) {
    const type = schema.properties?.[key]?.type;
    if (Array.isArray(raw) && type !== 'array') {
      errors.push({ keyword: 'once', instancePath: `/${key}`, schemaPath: '#/properties', params: {}, message: 'must be sent only once' });
      continue;
    }
    if (type === 'integer' && typeof raw === 'string' && INTEGER.test(raw)) value[key] = Number(raw);
    else if (type === 'boolean' && (raw === 'true' || raw === 'false')) value[key] = raw === 'true';
    else value[key] = raw;
  }
  return errors.length > 0 ? { errors } : { value };
}

/** Plain words for the checks whose ajv message would show a schema's internals. */
const MESSAGES: Record<string, string> = {
  pattern: 'has characters or a form that is not allowed',
  additionalProperties: 'is not allowed',
  required: 'is required',
  anyOf: 'does not have an allowed type',
};

/** The request's fields with what is wrong with each ({ 'entity.name': 'must NOT have more than 200 characters' }). */
export function validationFields(errors: readonly FastifySchemaValidationError[], part = 'body'): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  for (const error of errors as readonly ErrorObject[]) {
    const params = (error.params ?? {}) as { missingProperty?: string; additionalProperty?: string };
    const path = error.instancePath.split('/').slice(1);
    const named = params.missingProperty ?? params.additionalProperty;
    if (named !== undefined) path.push(named);
    const field = path.length > 0 ? path.join('.') : part;
    fields[field] ??= MESSAGES[error.keyword] ?? error.message ?? 'is not valid';
  }
  return fields;
}
