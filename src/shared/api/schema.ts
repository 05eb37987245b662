import { Type, type TSchema } from 'typebox';
import { ID_MAX } from '../constants.js';

/**
 * Building blocks of the API contract. Every call is declared once (see `ApiCall`) with TypeBox schemas: the
 * server validates requests and serialises answers with them, both sides take their TypeScript types from them
 * (`Static`), and the OpenAPI document (GET /api/docs/openapi.json) is generated from them. The client imports
 * these modules for their types only (`import type`), so TypeBox never reaches its bundle.
 */

/** PostgreSQL's integer: the largest id the database can hold. */

/** A database id: a JSON integer from 1 to 2147483647. Strings, floats and larger numbers are refused. */
export const Id = Type.Integer({ minimum: 1, maximum: ID_MAX });

/**
 * Characters no single-line field needs: NUL and the other control characters (C0, DEL, C1: tab, line breaks,
 * escape...) and the bidirectional overrides and isolates, which could make a name read backwards in a list.
 */
const FORBIDDEN_CHARACTERS = '\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069';

/** Text with none of the characters above. */
const NO_CONTROL_CHARACTERS = `^[^${FORBIDDEN_CHARACTERS}]*$`;

/** One line of text of at most maxLength characters. */
export const Line = (maxLength: number, options: { minLength?: number; description?: string } = {}) =>
  Type.String({ maxLength, pattern: NO_CONTROL_CHARACTERS, ...options });

/** One line of text with at least one character that is not a space (a name). */
export const Name = (maxLength: number) => Type.String({ maxLength, pattern: `^(?=.*\\S)[^${FORBIDDEN_CHARACTERS}]*$` });

/** A date and time as ISO 8601 text, or null. */
export const NullableDate = Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'date-time' });

/** A Europe/Madrid calendar date written YYYY-MM-DD (services refuse dates that do not exist, such as 2027-02-30). */
export const CalendarDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10, description: 'YYYY-MM-DD, a Europe/Madrid calendar date' });

/** A number, or null where there is none (a dash on screen). */
export const NullableNumber = Type.Unsafe<number | null>({ type: ['number', 'null'] });

/** An object that admits only the listed properties: anything else in a request is refused (422). */
export const Strict = <P extends Parameters<typeof Type.Object>[0]>(properties: P, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });

/** The query of a call that takes none: any parameter is refused. */
export const NoQuery = Strict({});

/** The body of a POST that takes none: nothing, `null` or `{}`. */
export const NoBody = Type.Union([Type.Null(), Strict({})]);

/** `{ success: true }`, the answer of calls that only act. */
export const Success = Type.Object({ success: Type.Literal(true) });

/** Every successful answer: HTTP 200, `{ response: <payload> }`. */
export const Envelope = <T extends TSchema>(response: T) => Type.Object({ response });

/** Every failed answer of the API (api-contract.md, "Paths and envelope"). */
export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object({ type: Type.String(), message: Type.String(), data: Type.Optional(Type.Unknown()) }),
    request: Type.Object({ method: Type.String(), path: Type.String(), id: Type.String() }),
  },
  { description: 'The error envelope: a stable type (api-contract.md), a human message, optional data (a code or a field -> message map), and the request.' },
);

/**
 * Who may call: anyone; a signed-in user (bearer access token); or a signed-in user or a share link's token
 * (the report calls that a shared link reads).
 */
export type Access = 'public' | 'user' | 'userOrShare';

/** One call of the API: where it is, who may make it, and the shapes of its query, body and answer. */
export interface ApiCall<Q extends TSchema = TSchema, B extends TSchema = TSchema, R extends TSchema = TSchema> {
  method: 'GET' | 'POST';
  /** The path, relative to /api/secure/v1 for authenticated calls and to the server for public ones. */
  url: string;
  access: Access;
  summary: string;
  description?: string;
  querystring: Q;
  /** POST only. */
  body?: B;
  /** The payload inside `{ response }` (or, for the OAuth token endpoint, the whole body). */
  response: R;
  /**
   * A file download instead of the envelope: the content type of each format. Its 200 answer is the file's
   * bytes (contract.ts fileRouteOf); its errors still come in the error envelope.
   */
  file?: Readonly<Record<string, string>>;
}

/** Declares a call (a typed identity, so that the route and the client see the exact schemas). */
export function apiCall<Q extends TSchema, B extends TSchema, R extends TSchema>(call: ApiCall<Q, B, R>): ApiCall<Q, B, R> {
  return call;
}

