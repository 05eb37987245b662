import type { FastifyReply } from 'fastify';
import type { TObject, TSchema } from 'typebox';
import { Envelope, ErrorEnvelope, type ApiCall } from '../../shared/api/schema.js';
import { JSON_TYPE } from '../reports/rawJson.js';

/** The fastify schema of a call: what validates its request, serialises its answer and documents it. */
interface CallSchema<Q extends TSchema, B extends TSchema, R extends TSchema> {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: { bearerAuth: never[] }[];
  querystring: Q;
  /** Absent on GET calls (typed B, their TSchema default, so that the type provider reads `unknown`). */
  body: B;
  response: { 200: TObject<{ response: R }>; '4xx': typeof ErrorEnvelope; '5xx': typeof ErrorEnvelope };
}

/** The OpenAPI tags: one per area of the API, each call in the one its path starts with (tagOf). */
export const API_TAGS = [
  { name: 'auth', description: "Signing in (OAuth 2 with PKCE), the session, one's own password and language" },
  { name: 'users', description: 'User accounts (ADMIN, FEC)' },
  { name: 'entities', description: "Entities (ADMIN, FEC), and whether an entity's figures are public (also its members)" },
  { name: 'campaigns', description: 'Campaigns: questionnaires, answers, deadlines, results, comparisons, maps and shared links' },
  { name: 'editions', description: 'Questionnaire editions (ADMIN, FEC)' },
  { name: 'audit', description: 'The activity log (ADMIN)' },
  { name: 'reference', description: 'Territories, municipality boundaries and categories' },
  { name: 'health', description: 'Whether the server and its database answer' },
  { name: 'accessibility', description: 'The accessibility statement (anyone reads it and files a complaint; ADMIN edits it and reads the complaints)' },
  { name: 'public', description: 'What anyone reads of final editions without signing in: participation, means and the publishing entities' },
] as const;

/** The OpenAPI tag of a call: its area ('campaigns', 'users', 'auth'...). */
function tagOf(url: string): string {
  const [area] = url
    .replace(/^\/api\/v1\//, '/')
    .split('/')
    .filter(Boolean);
  const tag = area === 'communities' || area === 'categories' ? 'reference' : area;
  if (!API_TAGS.some((t) => t.name === tag)) throw new Error(`${url}: its area '${tag}' is not one of API_TAGS (routes/contract.ts)`);
  return tag;
}

/**
 * The OpenAPI operationId of a call, from its path relative to its base: '/campaigns/saveAnswer' is
 * 'campaignsSaveAnswer', '/api/v1/auth/login' 'authLogin', '/auth/me/language' 'authMeLanguage': the method name a
 * generated client gets. Paths are unique per call (registerOpenApi checks the ids are too).
 */
export function operationIdOf(url: string): string {
  const words = url
    .replace(/^\/api\/v1\//, '/')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
}

/**
 * The fastify schema of a declared call (src/shared/api): its query and body validated, its answer in the
 * envelope serialised (so a column the schema does not name can never leak), errors in the error envelope.
 */
export function schemaOf<Q extends TSchema, B extends TSchema, R extends TSchema>(call: ApiCall<Q, B, R>): CallSchema<Q, B, R> {
  return {
    operationId: call.operationId ?? operationIdOf(call.url),
    summary: call.summary,
    ...(call.description ? { description: call.description } : {}),
    tags: [tagOf(call.url)],
    ...(call.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
    querystring: call.querystring,
    ...(call.body ? { body: call.body } : ({} as { body: B })),
    response: { 200: Envelope(call.response), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
  };
}

/**
 * Route options of a declared call: method, path, schema, and the route config its access implies (a share
 * link's token is accepted only by the calls declared 'userOrShare').
 */
export function routeOf<Q extends TSchema, B extends TSchema, R extends TSchema>(call: ApiCall<Q, B, R>) {
  return {
    method: call.method,
    url: call.url,
    schema: schemaOf(call),
    config: { allowShareToken: call.access === 'userOrShare' },
  };
}

/**
 * routeOf for a call whose handler checks the access token's session in its first statement (checkSessionWith in
 * plugins/auth.ts): one round trip less; until that statement has run the request has no principal.
 */
export function sessionCheckedRouteOf<Q extends TSchema, B extends TSchema, R extends TSchema>(call: ApiCall<Q, B, R>) {
  const route = routeOf(call);
  return { ...route, config: { ...route.config, sessionCheckedByRoute: true } };
}

/**
 * Route options of a call whose answer is a file (ApiCall.file): the 200 answer documented per content type
 * as bytes, never serialised (the handler sends a stream); errors in the envelope as for every call.
 */
export function fileRouteOf<Q extends TSchema, B extends TSchema, R extends TSchema>(call: ApiCall<Q, B, R> & { file: Readonly<Record<string, string>> }) {
  const { response: _envelope, ...schema } = schemaOf(call);
  const content = Object.fromEntries(Object.values(call.file).map((type) => [type.split(';')[0], { schema: { type: 'string', format: 'binary' } }]));
  return {
    method: call.method,
    url: call.url,
    schema: { ...schema, response: { 200: { description: 'The file', content }, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope } },
    config: { allowShareToken: call.access === 'userOrShare' },
  };
}

/**
 * Sends a body encoded beforehand (the call's answer as JSON text, e.g. a cached report or a questionnaire
 * spliced into its envelope) as it is: the serializer is for objects, and would only encode it again.
 */
export function sendEncoded(reply: FastifyReply, body: Buffer | string, type: string = JSON_TYPE): FastifyReply {
  return reply.type(type).send(body);
}

/**
 * Route options of a call that takes a file (multipart/form-data, read by the handler with request.file()):
 * documented as a multipart body; the body is not validated by schema (it is a stream), and the query, which
 * such a call never takes, is refused whole.
 */
export function uploadRouteOf<Q extends TSchema, B extends TSchema, R extends TSchema>(call: ApiCall<Q, B, R>) {
  const route = routeOf(call);
  return {
    ...route,
    schema: { ...route.schema, consumes: ['multipart/form-data'] },
    validatorCompiler:
      ({ httpPart }: { httpPart?: string }) =>
      (value: unknown) =>
        httpPart !== 'querystring' || Object.keys(value ?? {}).length === 0
          ? true
          : { error: [{ keyword: 'additionalProperties', instancePath: '', schemaPath: '#', params: {}, message: 'must NOT have additional properties' }] },
  };
}
