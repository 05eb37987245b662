import { Type, type Static } from 'typebox';
import { apiCall, Line, NoBody, NoQuery, NullableDate, Paragraph, Strict, Success } from './schema.js';
import { ROLE_NAMES } from '../roles.js';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, LANGUAGES, MEMBER_ROLES, PASSWORD_MAX_LENGTH, ERASURE_REASON_MAX_LENGTH, type OIDC_REFUSALS } from '../constants.js';

/** An e-mail address as users type it (case is kept; the server compares without case). */
export const Email = Type.String({ pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX_LENGTH });

/** A PKCE code verifier or challenge (RFC 7636 section 4.1): 43-128 unreserved characters. */
const PkceValue = Type.String({ pattern: '^[A-Za-z0-9._~-]{43,128}$' });

/** The OAuth 2 / PKCE parameters of an authorization request: the login's, and the single sign-on's start. */
const AuthorizationParams = {
  client_id: Line(200),
  redirect_uri: Line(2048),
  state: Line(512, { minLength: 8 }),
  code_challenge: PkceValue,
  code_challenge_method: Type.Literal('S256'),
  response_type: Type.Literal('code'),
};

/** Body of POST /api/v1/auth/login: the form's fields plus the OAuth 2 / PKCE parameters. */
const LoginRequest = Strict({
  // Any text: an address that cannot belong to an account is a wrong e-mail, answered and throttled like one.
  email: Line(EMAIL_MAX_LENGTH, { minLength: 1 }),
  password: Line(PASSWORD_MAX_LENGTH, { minLength: 1 }),
  client_secret: Line(200),
  ...AuthorizationParams,
});

export const LoginResponse = Type.Object({ code: Type.String(), state: Type.String() });
export type LoginResponse = Static<typeof LoginResponse>;

/**
 * Body of POST /api/v1/auth/token (RFC 6749 sections 4.1.3 and 6), as a form or JSON. As RFC 6749 section 3.2
 * requires, parameters it does not know are ignored, and a parameter sent twice is refused.
 */
export const TokenRequest = Type.Object(
  {
    grant_type: Line(100),
    code: Type.Optional(Line(200)),
    redirect_uri: Type.Optional(Line(2048)),
    code_verifier: Type.Optional(PkceValue),
    refresh_token: Type.Optional(Line(200)),
    client_id: Type.Optional(Line(200)),
    client_secret: Type.Optional(Line(200)),
  },
  { additionalProperties: true },
);
export type TokenRequest = Static<typeof TokenRequest>;

/** RFC 6749 section 5.1 token response. */
export const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  refresh_token: Type.String(),
});
export type TokenResponse = Static<typeof TokenResponse>;

/** RFC 6749 section 5.2 error response (plus slow_down for too many calls, temporarily_unavailable and server_error as section 4.1.2.1 names them). */
export const TokenError = Type.Object({
  error: Type.Enum([
    'invalid_request',
    'invalid_client',
    'invalid_grant',
    'unauthorized_client',
    'unsupported_grant_type',
    'slow_down',
    'temporarily_unavailable',
    'server_error',
  ]),
  error_description: Type.Optional(Type.String()),
});
export type TokenError = Static<typeof TokenError>;

export const EntityRef = Type.Object({ id: Type.Integer(), name: Type.String() });
export type EntityRef = Static<typeof EntityRef>;

export const RoleName = Type.Enum(ROLE_NAMES);

/** A member's role in one of its entities' teams. */
export const MemberRoleName = Type.Enum(MEMBER_ROLES);

/** An entity of the signed-in user, with the user's role in its team. */
export const MemberEntityRef = Type.Object({ id: Type.Integer(), name: Type.String(), role: MemberRoleName });
export type MemberEntityRef = Static<typeof MemberEntityRef>;

export const CurrentUser = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  role: RoleName,
  entities: Type.Array(MemberEntityRef),
  /** Only for a shared link's viewer (role NO): the campaign the link reads. */
  sharedCampaignId: Type.Optional(Type.Integer()),
  /**
   * Present (true) while the user's password is one an administrator generated: every call but auth/me,
   * auth/logout and auth/changePassword answers 403 PASSWORD_CHANGE_REQUIRED until the user sets their own.
   */
  mustChangePassword: Type.Optional(Type.Literal(true)),
});
export type CurrentUser = Static<typeof CurrentUser>;

/**
 * Body of POST auth/changePassword. The new password must pass the policy of src/shared/password/policy.ts;
 * a refusal is 422 VALIDATION with `data.newPassword` the reason's message id (ACCOUNT.PASSWORD.*), and a
 * wrong current password 422 with `data.currentPassword` (throttled as a wrong password at the login).
 */
export const ChangePasswordRequest = Strict({
  currentPassword: Line(PASSWORD_MAX_LENGTH, { minLength: 1 }),
  newPassword: Line(PASSWORD_MAX_LENGTH, { minLength: 1 }),
});
export type ChangePasswordRequest = Static<typeof ChangePasswordRequest>;

/** The page a reset link opens; the token follows in the fragment (`#<token>`). */
export const RESET_PASSWORD_PATH = '/auth/reset-password';
/** `data.token` of a refused reset: unknown, used or expired link (all alike). */
export const RESET_LINK_INVALID = 'AUTH.RESET.INVALID_LINK';

/** Body of POST /api/v1/auth/forgotPassword: the address, and the language of the page that asks (for the e-mail). */
export const ForgotPasswordRequest = Strict({
  email: Email,
  language: Type.Optional(Type.Enum(LANGUAGES)),
});
export type ForgotPasswordRequest = Static<typeof ForgotPasswordRequest>;

/** Body of POST /api/v1/auth/resetPassword: the link's token and the new password. */
export const ResetPasswordRequest = Strict({
  token: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
  password: Line(PASSWORD_MAX_LENGTH, { minLength: 1 }),
});
export type ResetPasswordRequest = Static<typeof ResetPasswordRequest>;

/** `data` of the 403 a password call gets on a server whose users sign in only through the OpenID provider (PASSWORD_LOGIN=false). */
export const PASSWORD_LOGIN_OFF = 'PASSWORD_LOGIN_OFF';

/** Why a sign-in through the OpenID provider ended without a session (OIDC_REFUSALS). */
export type OidcRefusal = (typeof OIDC_REFUSALS)[number];

/** How users sign in on this server: with a password, through an OpenID provider (its name on the button), or both. */
export const SignInMethods = Type.Object({ password: Type.Boolean(), oidc: Type.Union([Type.Object({ name: Type.String() }), Type.Null()]) });
export type SignInMethods = Static<typeof SignInMethods>;

/**
 * Query of GET /api/v1/auth/oidc/start: the app's own authorization request, as for a password login (its PKCE
 * challenge and state), without the client secret (the browser carries this URL).
 */
export const OidcStartQuery = Strict(AuthorizationParams);
export type OidcStartQuery = Static<typeof OidcStartQuery>;

/** Query of the provider's callback (RFC 6749 section 4.1.2): other parameters a provider adds (iss, session_state) are read by the client library. */
export const OidcCallbackQuery = Type.Object(
  {
    code: Type.Optional(Line(4096)),
    state: Type.Optional(Line(512)),
    error: Type.Optional(Line(200)),
    error_description: Type.Optional(Line(2048)),
  },
  { additionalProperties: true },
);

const When = Type.String({ format: 'date-time' });
const Question = { campaignId: Type.Integer(), question: Type.String() };

/**
 * GET auth/me/export: everything the database holds of the caller ('Descargar mis datos'): the account, the
 * memberships, what the user answered, commented and gave as evidence (a file's name and size, not its bytes, which
 * are the entity's), review marks, objections and receipts they signed, and their rows of the activity log.
 */
export const PersonalData = Type.Object({
  account: Type.Object({
    id: Type.Integer(),
    email: Type.String(),
    name: Type.String(),
    language: Type.String(),
    createdAt: When,
    passwordChangedAt: NullableDate,
    erasureRequestedAt: NullableDate,
  }),
  memberships: Type.Array(Type.Object({ entityId: Type.Integer(), entityName: Type.String(), role: MemberRoleName })),
  answers: Type.Array(Type.Object({ ...Question, kind: Type.String(), value: Type.Unknown(), at: When })),
  evidence: Type.Array(
    Type.Object({
      ...Question,
      kind: Type.String(),
      url: Type.Union([Type.String(), Type.Null()]),
      title: Type.Union([Type.String(), Type.Null()]),
      fileName: Type.Union([Type.String(), Type.Null()]),
      size: Type.Union([Type.Integer(), Type.Null()]),
      addedAt: When,
    }),
  ),
  reviewMarks: Type.Array(Type.Object({ ...Question, verdict: Type.String(), comment: Type.Union([Type.String(), Type.Null()]), markedAt: When })),
  objections: Type.Array(Type.Object({ ...Question, text: Type.String(), status: Type.String(), createdAt: When })),
  receipts: Type.Array(Type.Object({ campaignId: Type.Integer(), code: Type.String(), sentAt: When })),
  /** The accessibility complaints filed with the account's address. */
  complaints: Type.Array(Type.Object({ text: Type.String(), receivedAt: When })),
  activity: Type.Array(
    Type.Object({
      at: When,
      action: Type.String(),
      targetType: Type.Union([Type.String(), Type.Null()]),
      targetId: Type.Union([Type.String(), Type.Null()]),
      details: Type.Unknown(),
    }),
  ),
});
export type PersonalData = Static<typeof PersonalData>;

/** The authentication calls. Login and token are public; the token endpoint speaks RFC 6749, not the envelope. */
export const authCalls = {
  login: apiCall({
    method: 'POST',
    url: '/api/v1/auth/login',
    access: 'public',
    querystring: NoQuery,
    body: LoginRequest,
    response: LoginResponse,
    summary: 'Checks e-mail and password and issues a single-use authorization code (PKCE, S256 only)',
  }),
  methods: apiCall({
    method: 'GET',
    url: '/api/v1/auth/methods',
    access: 'public',
    querystring: NoQuery,
    response: SignInMethods,
    summary: "How users sign in here: with a password (PASSWORD_LOGIN), through the organisation's OpenID provider (OIDC_*), or both",
  }),
  privacy: apiCall({
    method: 'GET',
    url: '/api/v1/auth/privacy',
    access: 'public',
    querystring: NoQuery,
    response: Type.Object({ logRetentionDays: Type.Integer() }),
    summary: 'What the privacy page (/privacidad) says of this server: how many days the activity log and sign-ins are kept (LOG_RETENTION_DAYS)',
  }),
  token: apiCall({
    method: 'POST',
    url: '/api/v1/auth/token',
    access: 'public',
    querystring: NoQuery,
    body: TokenRequest,
    response: TokenResponse,
    summary: 'OAuth 2 token endpoint (RFC 6749): authorization_code and refresh_token grants; answers and errors in RFC 6749 form',
  }),
  forgotPassword: apiCall({
    method: 'POST',
    url: '/api/v1/auth/forgotPassword',
    access: 'public',
    querystring: NoQuery,
    body: ForgotPasswordRequest,
    response: Success,
    summary: 'Sends a single-use link (1 hour) to choose a new password to the address, if it belongs to an account',
    description:
      'The answer is the same, and takes about as long, whether or not the address belongs to an account; the e-mail goes in ' +
      "`language` (the page's) or else the user's language. Throttled per address (429 RATE_LIMITED, as the login) and per e-mail " +
      '(the first 5 requests a day at once, then waits of 2 s, 4 s... up to 15 minutes). 409 CONFLICT with `data` SMTP_NOT_CONFIGURED ' +
      'when the server has no SMTP_URL (GET /api/v1/health says `mail: false`): the user must ask an administrator.',
  }),
  resetPassword: apiCall({
    method: 'POST',
    url: '/api/v1/auth/resetPassword',
    access: 'public',
    querystring: NoQuery,
    body: ResetPasswordRequest,
    response: Success,
    summary: "Sets a new password with a reset link's token; the token is used up and every session of the user ends",
    description:
      'An unknown, used or expired token is 422 VALIDATION with `data.token` AUTH.RESET.INVALID_LINK; a password the policy refuses ' +
      '(as auth/changePassword) 422 with `data.password` the reason (ACCOUNT.PASSWORD.*). Rate-limited per address as the login.',
  }),
  me: apiCall({
    method: 'GET',
    url: '/auth/me',
    access: 'userOrShare',
    querystring: NoQuery,
    response: Type.Object({ user: CurrentUser }),
    summary: 'The signed-in user (a share link answers a viewer with role NO and its campaign)',
  }),
  language: apiCall({
    method: 'POST',
    url: '/auth/me/language',
    access: 'user',
    querystring: NoQuery,
    body: Strict({ language: Type.Enum(LANGUAGES) }),
    response: Success,
    summary: 'Keeps the interface language the user chose, for the e-mails sent to them (reminders, campaign opened)',
  }),
  exportMe: apiCall({
    method: 'GET',
    url: '/auth/me/export',
    access: 'user',
    querystring: NoQuery,
    response: PersonalData,
    summary: "The caller's personal data, everything the database holds of them ('Descargar mis datos')",
  }),
  erasureRequest: apiCall({
    method: 'POST',
    url: '/auth/me/erasure',
    access: 'user',
    querystring: NoQuery,
    body: Strict({ reason: Type.Optional(Paragraph(ERASURE_REASON_MAX_LENGTH)) }),
    response: Type.Object({ requestedAt: When }),
    summary: "Asks for the erasure of the caller's personal data; an administrator carries it out (users/erase)",
    description: 'Asking again renews the request (and its reason). The administrators see it in the users list.',
  }),
  logout: apiCall({
    method: 'POST',
    url: '/auth/logout',
    access: 'user',
    querystring: NoQuery,
    body: NoBody,
    response: Success,
    summary: "Revokes the caller's session (its refresh-token family)",
  }),
  changePassword: apiCall({
    method: 'POST',
    url: '/auth/changePassword',
    access: 'user',
    querystring: NoQuery,
    body: ChangePasswordRequest,
    response: Success,
    summary: "Changes the caller's password; the caller's other sessions end, this one continues",
    description:
      'The new password: 12 to 50 characters, not the e-mail nor containing it, not the current one, and not easily guessed ' +
      "(zxcvbn-ts score 3 or more with its common and Spanish dictionaries and the user's e-mail and name). A refusal is 422 " +
      'VALIDATION, `data.newPassword` naming the reason (ACCOUNT.PASSWORD.TOO_SHORT, IS_EMAIL, SAME_AS_CURRENT, WEAK.<zxcvbn warning>...). ' +
      'A wrong current password is 422 VALIDATION with `data.currentPassword`, counted by the login throttle of the account ' +
      '(429 RATE_LIMITED with `data.retryAfterSeconds` while it waits). The one call, with auth/me and auth/logout, that a user ' +
      'whose password is temporary (generated by an administrator) may make: every other answers 403 PASSWORD_CHANGE_REQUIRED.',
  }),
};
