import { Type, type TSchema } from 'typebox';
import { ID_MAX } from '../constants.js';
import { CALENDAR_DATE_PATTERN } from '../dates.js';
import { ERROR_STATUS } from './errors.js';

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
 * escape...), the bidirectional overrides and isolates, which could make a name read backwards in a list, and
 * UTF-16 surrogates standing alone (half a character: no text can be stored or logged with one). Patterns are
 * compiled with the `u` flag (ajv's default), under which a surrogate pair is one character and only a lone
 * surrogate falls in \ud800-\udfff.
 */
export const FORBIDDEN_CHARACTERS = '\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069\\ud800-\\udfff';

/**
 * A text that holds one of the characters above (to check a text outside a request's schema, such as a catalogue
 * file's fields).
 */
export const HAS_FORBIDDEN_CHARACTER = new RegExp(`[${FORBIDDEN_CHARACTERS}]`, 'u');

/** Text with none of the characters above. */
const NO_CONTROL_CHARACTERS = `^[^${FORBIDDEN_CHARACTERS}]*$`;

/** One line of text of at most maxLength characters. */
export const Line = (maxLength: number, options: { minLength?: number; description?: string } = {}) =>
  Type.String({ maxLength, pattern: NO_CONTROL_CHARACTERS, ...options });

/**
 * Free text of several lines (a comment, a reason) of at most maxLength characters, with something visible in it:
 * line breaks and tabs are allowed, the other characters above are not.
 */
export const Paragraph = (maxLength: number, options: { minLength?: number } = {}) =>
  Type.String({ maxLength, pattern: `^(?=[\\s\\S]*\\S)[^${FORBIDDEN_IN_PARAGRAPHS}]*$`, ...options });

/** The characters above but tab, line feed and carriage return. */
const FORBIDDEN_IN_PARAGRAPHS = FORBIDDEN_CHARACTERS.replace('\\u0000-\\u001f', '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f');

/**
 * One line of text with at least one visible character (a name, a reason), and no invisible formatting characters
 * (Unicode's Cf: zero-width spaces and joiners, soft hyphens, byte-order marks...): a name made of them would show
 * as nothing, and 'Ayuntamiento de X' with a zero-width space would be a second entity that reads as the first.
 */
export const Name = (maxLength: number) => Type.String({ maxLength, pattern: `^(?=.*\\S)[^${FORBIDDEN_CHARACTERS}\\p{Cf}]*$` });

/** A Name that may also be left empty (a user's name): empty, or with something visible and nothing invisible. */
export const OptionalName = (maxLength: number) => Type.String({ maxLength, pattern: `^(?:|(?=.*\\S)[^${FORBIDDEN_CHARACTERS}\\p{Cf}]*)$` });

/** A date and time as ISO 8601 text, or null. */
export const NullableDate = Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'date-time' });

/** A Europe/Madrid calendar date written YYYY-MM-DD (services refuse dates that do not exist, such as 2027-02-30). */
export const CalendarDate = Type.String({ pattern: CALENDAR_DATE_PATTERN, maxLength: 10, description: 'YYYY-MM-DD, a Europe/Madrid calendar date' });

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

/** The error types a failure's `type` may be (errors.ts ERROR_STATUS), for the OpenAPI document. */
const ERROR_TYPES_DESCRIPTION =
  `One of ${Object.entries(ERROR_STATUS)
    .map(([type, status]) => `${type} (${status})`)
    .join(', ')}. ` +
  'PASSWORD_CHANGE_REQUIRED: the caller signed in with a temporary password (generated by an administrator) and must ' +
  'change it with POST /api/secure/v1/auth/changePassword before any other call but auth/me and auth/logout.';

/** Every failed answer of the API (docs/api.md, "Paths and envelope"). */
export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object({ type: Type.String({ description: ERROR_TYPES_DESCRIPTION }), message: Type.String(), data: Type.Optional(Type.Unknown()) }),
    request: Type.Object({ method: Type.String(), path: Type.String(), id: Type.String() }),
  },
  { description: 'The error envelope: a stable type (docs/api.md), a human message, optional data (a code or a field -> message map), and the request.' },
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
  /** The OpenAPI operationId when the path's own would repeat another call's (a POST beside a GET of the same path). */
  operationId?: string;
}

/** Declares a call (a typed identity, so that the route and the client see the exact schemas). */
export function apiCall<Q extends TSchema, B extends TSchema, R extends TSchema>(call: ApiCall<Q, B, R>): ApiCall<Q, B, R> {
  return call;
}
