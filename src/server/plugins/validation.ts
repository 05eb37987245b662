import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Request validation with the calls' schemas (src/shared/api), strictly: bodies are never coerced (a string or
 * float id is refused), unknown properties are refused where the schema says so (every call of the envelope API),
 * and nothing is added or removed. Query strings carry text, so their integers and booleans are read first, from
 * their plain spelling only ("42", "true"): ajv's own coercion would also take " 42 ", "0x2A", "42.0" or "4.2e1".
 */
export function installStrictValidation(app: FastifyInstance): void {
  const ajv = new Ajv({ coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: true, allowUnionTypes: true, strict: true });
  addFormats.default(ajv, ['email', 'date-time', 'uuid']);
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const check = ajv.compile(schema);
    if (httpPart !== 'querystring') return check;
    return (query: unknown) => {
      const decoded = decodeQuery(schema as QuerySchema, query as Record<string, unknown>);
      if ('errors' in decoded) return { error: decoded.errors };
      return check(decoded.value) ? { value: decoded.value } : { error: check.errors as FastifySchemaValidationError[] };
    };
  });
}

interface QuerySchema {
  properties?: Record<string, { type?: string | string[] }>;
}

const INTEGER = /^-?(?:0|[1-9][0-9]*)$/;

/**
 * A query's values as the schema declares them: an integer or a boolean property from its plain spelling (anything
 * else stays text, for ajv to refuse), and a parameter sent more than once, where one value is expected, refused.
 */
export function decodeQuery(schema: QuerySchema, query: Record<string, unknown>): { value: Record<string, unknown> } | { errors: FastifySchemaValidationError[] } {
  const value: Record<string, unknown> = {};
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
  const fields: Record<string, string> = {};
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
