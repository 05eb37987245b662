/**
 * Response schemas of the user and entity calls: fastify serialises only what they declare, so a password
 * hash or any other column can never leak into an answer.
 */

const ref = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } as const;
const success = { type: 'object', properties: { success: { type: 'boolean' } } } as const;

/** { response: <schema> } for HTTP 200. */
const ok = (schema: object) => ({ 200: { type: 'object', properties: { response: schema }, required: ['response'] } });

const userRow = {
  type: 'object',
  properties: { id: { type: 'integer' }, email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, entities: { type: 'array', items: ref } },
} as const;

const entityRow = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    population: { type: 'integer' },
    province: { type: 'string' },
    autonomousCommunity: { type: 'string' },
    municipalities: { type: 'array', items: { type: 'object', properties: { munId: { type: 'string' }, name: { type: 'string' } } } },
    campaigns: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, text: { type: 'string' }, status: { type: 'string' } } } },
  },
} as const;

export const userSchemas = {
  list: ok({ type: 'array', items: userRow }),
  create: ok({
    type: 'object',
    properties: { user: { type: 'object', properties: { id: { type: 'integer' }, email: { type: 'string' } } }, generatedPassword: { type: 'string' } },
  }),
  remove: ok(success),
  regeneratePassword: ok({ type: 'object', properties: { email: { type: 'string' }, password: { type: 'string' } } }),
};

export const entitySchemas = {
  list: ok({ type: 'array', items: entityRow }),
  create: ok({ type: 'object', properties: { entity: entityRow } }),
  remove: ok(success),
};
