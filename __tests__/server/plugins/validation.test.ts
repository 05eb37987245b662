import Fastify from 'fastify';
import { decodeQuery, installStrictValidation, validationFields } from '../../../src/server/plugins/validation.js';
import type { FastifySchemaValidationError } from 'fastify';

const schema = { properties: { id: { type: 'integer' }, all: { type: 'boolean' }, type: { type: 'string' }, ids: { type: 'array' } } };

describe('query decoding', () => {
  it('reads integers and booleans from their plain spelling only', () => {
    expect(decodeQuery(schema, { id: '42', all: 'true', type: 'axis' })).toEqual({ value: { id: 42, all: true, type: 'axis' } });
    expect(decodeQuery(schema, { id: '-7', all: 'false' })).toEqual({ value: { id: -7, all: false } });
    for (const id of [' 42', '42 ', '0x2A', '42.0', '4.2e1', '+42', '042', '', 'NaN', 'Infinity'])
      expect(decodeQuery(schema, { id })).toEqual({ value: { id } });
    for (const all of ['1', 'TRUE', 'yes', '']) expect(decodeQuery(schema, { all })).toEqual({ value: { all } });
  });

  it('leaves text as text and unknown parameters to the schema to refuse', () => {
    expect(decodeQuery(schema, { type: '42', other: '1' })).toEqual({ value: { type: '42', other: '1' } });
  });

  it('refuses a parameter sent twice where one value is expected, but not where the schema takes a list', () => {
    expect(decodeQuery(schema, { id: ['1', '2'] })).toEqual({ errors: [expect.objectContaining({ instancePath: '/id', message: 'must be sent only once' })] });
    expect(decodeQuery(schema, { ids: ['1', '2'] })).toEqual({ value: { ids: ['1', '2'] } });
  });
});

describe('validation fields', () => {
  const error = (e: Partial<FastifySchemaValidationError> & { keyword: string }) =>
    ({ instancePath: '', schemaPath: '', params: {}, message: 'x', ...e }) as FastifySchemaValidationError;

  it('names each field by its path, with what is wrong, the first problem of a field only', () => {
    expect(
      validationFields([
        error({ keyword: 'type', instancePath: '/entity/population', message: 'must be integer' }),
        error({ keyword: 'maximum', instancePath: '/entity/population', message: 'must be <= 5' }),
        error({ keyword: 'required', params: { missingProperty: 'id' } }),
        error({ keyword: 'additionalProperties', instancePath: '/entity', params: { additionalProperty: 'extra' } }),
        error({ keyword: 'pattern', instancePath: '/municipalities/0', message: 'must match pattern "^[0-9]{5}$"' }),
      ]),
    ).toEqual({
      'entity.population': 'must be integer',
      id: 'is required',
      'entity.extra': 'is not allowed',
      'municipalities.0': 'has characters or a form that is not allowed',
    });
  });

  it('names the whole part when the body or query itself is wrong', () => {
    expect(validationFields([error({ keyword: 'type', message: 'must be object' })])).toEqual({ body: 'must be object' });
    expect(validationFields([error({ keyword: 'type', message: 'must be object' })], 'query')).toEqual({ query: 'must be object' });
  });
});

describe('numbers with a fraction in a body', () => {
  async function echo(text: string): Promise<{ status: number; body: unknown }> {
    const app = Fastify();
    installStrictValidation(app, 'atStart');
    app.post(
      '/echo',
      {
        schema: {
          body: {
            type: 'object',
            additionalProperties: false,
            properties: {
              id: { type: 'integer' },
              ratio: { type: 'number' },
              name: { type: 'string' },
              list: { type: 'array', items: { type: 'number' } },
              maybe: { anyOf: [{ type: 'number' }, { type: 'null' }] },
              nested: { type: 'object', properties: { ratio: { type: 'number' } } },
            },
          },
        },
      },
      async (request) => request.body,
    );
    const res = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: text });
    await app.close();
    return { status: res.statusCode, body: res.json() };
  }

  it('takes them as numbers where the schema takes any number, and as their text where it takes text', async () => {
    expect(await echo('{"id":3,"ratio":0.25,"list":[0.5,1e-3,2],"maybe":0.75,"nested":{"ratio":4.5e-1},"name":0.5}')).toEqual({
      status: 200,
      body: { id: 3, ratio: 0.25, list: [0.5, 0.001, 2], maybe: 0.75, nested: { ratio: 0.45 }, name: '0.5' },
    });
  });

  it('refuses them where a whole number is expected, and a number sent as text', async () => {
    for (const text of ['{"id":3.0}', '{"id":4.3e1}', '{"ratio":"0.25"}', '{"list":["0.5"]}']) expect([text, (await echo(text)).status]).toEqual([text, 400]);
  });
});
