import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import formbody from '@fastify/formbody';
import type { AppContext } from '../context.js';
import { AppError, OAuthError } from '../errors.js';
import { authenticateClient, exchangeCode, login, logout, refreshTokens, refuseWithoutPasswordLogin } from '../services/auth/oauth.js';
import { registerSingleSignOnRoutes } from './singleSignOn.js';
import { changePassword } from '../services/auth/passwordChange.js';
import { requestPasswordReset, resetPassword } from '../services/auth/passwordReset.js';
import { smtpMailer } from '../services/mail/sender.js';
import { actorOf, requireUser } from '../plugins/auth.js';
import { authCalls, TokenError, TokenResponse, type TokenRequest } from '../../shared/api/auth.js';
import { routeOf, schemaOf } from './contract.js';
import { validationFields } from '../plugins/validation.js';
import { isDatabaseUnavailable, isTransactionConflict } from '../db/faults.js';
import { readDeviceCookies } from '../services/auth/deviceCookie.js';
import { clearRefreshCookieHeader, readRefreshCookie, refreshCookieHeader } from '../services/auth/refreshCookie.js';
import { updateUserLanguage } from '../db/repositories/users.js';
import { exportPersonalData, requestErasure } from '../services/auth/personalData.js';

/** One part of an HTTP Basic client credential, form-decoded first (RFC 6749 section 2.3.1); undefined when malformed. */
function formDecoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** Client credentials from HTTP Basic (RFC 6749 section 2.3.1) or, failing that, the body. A malformed Basic header is invalid_client. */
function clientCredentials(request: FastifyRequest, body: TokenRequest) {
  const header = request.headers.authorization;
  if (header !== undefined && /^basic /i.test(header)) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const id = colon > 0 ? formDecoded(decoded.slice(0, colon)) : undefined;
    const secret = colon > 0 ? formDecoded(decoded.slice(colon + 1)) : undefined;
    if (id === undefined || secret === undefined)
      throw Object.assign(new OAuthError('invalid_client', 'Malformed HTTP Basic client credentials'), { basic: true });
    // RFC 6749 section 2.3: a client uses one authentication method per request.
    if (body.client_secret !== undefined) throw new OAuthError('invalid_request', 'Client credentials sent both by HTTP Basic and in the body');
    return { id, secret, basic: true };
  }
  const nonEmpty = (v: string | undefined) => (v === '' ? undefined : v);
  return { id: nonEmpty(body.client_id), secret: nonEmpty(body.client_secret), basic: false };
}

/**
 * An RFC 6749 section 5.2 error answer; invalid_client after HTTP Basic is 401 with a challenge. The description
 * keeps only the characters section 5.2 allows (printable ASCII but '"' and '\\'), since it may quote the request.
 */
function sendOAuthError(reply: FastifyReply, status: number, error: TokenError['error'], description: string) {
  if (status === 401) reply.header('WWW-Authenticate', 'Basic realm="token"');
  const body: TokenError = { error, error_description: description.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, '?').slice(0, 300) };
  return reply.status(status).header('Cache-Control', 'no-store').send(body);
}

/**
 * Whatever fails at the token endpoint, in RFC 6749 form rather than the API envelope: an unreadable, invalid or
 * oversize body is invalid_request (400, or 413 for size), a refused client invalid_client, too many attempts
 * slow_down (429); a database that does not answer, or a race lost after its retries, temporarily_unavailable (503);
 * anything else server_error (500), logged with the request id.
 */
function tokenErrorHandler(error: FastifyError | AppError | OAuthError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof OAuthError) {
    const basic = (error as OAuthError & { basic?: boolean }).basic === true || /^basic /i.test(request.headers.authorization ?? '');
    const status = error.code === 'invalid_client' && !basic ? 400 : error.status;
    return sendOAuthError(reply, status, error.code, error.description);
  }
  const transient = isDatabaseUnavailable(error) || isTransactionConflict(error);
  const status = error instanceof AppError ? error.status : transient ? 503 : (error.statusCode ?? 500);
  if (status === 429) return sendOAuthError(reply, 429, 'slow_down', 'Too many attempts, try again later');
  if (status === 413) return sendOAuthError(reply, 413, 'invalid_request', 'The request body is too large');
  if (status >= 400 && status < 500) {
    const validation = (error as FastifyError).validation;
    const fields = validation && Object.entries(validationFields(validation)).map(([field, problem]) => `${field} ${problem}`);
    return sendOAuthError(reply, 400, 'invalid_request', fields ? fields.join('; ') : 'The request body cannot be read');
  }
  if (status === 503) {
    request.log.warn({ err: error }, 'token endpoint: database unavailable');
    return sendOAuthError(reply, 503, 'temporarily_unavailable', 'The service is not available, try again later');
  }
  request.log.error({ err: error }, 'token endpoint failed');
  return sendOAuthError(reply, 500, 'server_error', 'Internal server error');
}

/** The token endpoint: speaks RFC 6749 (section 5.1 answers, section 5.2 errors), not the API envelope. */
async function handleToken(ctx: AppContext, request: FastifyRequest, params: TokenRequest, reply: FastifyReply) {
  const client = clientCredentials(request, params);
  authenticateClient(ctx, client.id, client.secret);
  const clientId = client.id as string;
  let tokens;
  if (params.grant_type === 'authorization_code') {
    if (!params.code || !params.redirect_uri || !params.code_verifier) {
      throw new OAuthError('invalid_request', 'code, redirect_uri and code_verifier are required');
    }
    tokens = await exchangeCode(ctx, { code: params.code, codeVerifier: params.code_verifier, redirectUri: params.redirect_uri, clientId });
  } else if (params.grant_type === 'refresh_token') {
    // An outside client sends the token in the body (RFC 6749 section 6); the web client's is in its HttpOnly cookie.
    const fromCookie = params.refresh_token ? undefined : readRefreshCookie(request.headers.cookie);
    const refreshToken = params.refresh_token || fromCookie;
    if (!refreshToken) throw new OAuthError('invalid_request', 'refresh_token is required');
    try {
      tokens = await refreshTokens(ctx, refreshToken, clientId, String(request.id));
    } catch (err) {
      // A cookie whose token is refused (retired, revoked, expired) is of no further use to the browser.
      if (fromCookie && err instanceof OAuthError) reply.header('Set-Cookie', clearRefreshCookieHeader(ctx.config.publicUrl));
      throw err;
    }
  } else {
    throw new OAuthError('unsupported_grant_type', `Unsupported grant_type ${params.grant_type}`);
  }
  return reply
    .header('Cache-Control', 'no-store')
    .header('Pragma', 'no-cache')
    .header('Set-Cookie', refreshCookieHeader(tokens.refresh_token, ctx.config.publicUrl, ctx.config.ttl.refreshToken))
    .send(tokens);
}

/** Login, token exchange and refresh: the public half of authentication. */
export async function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const rateLimit = { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' };
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.route({
    ...routeOf(authCalls.login),
    config: { rateLimit },
    handler: async (request, reply) => {
      const input = request.body;
      const { response, deviceCookies } = await login(
        ctx,
        {
          email: input.email,
          password: input.password,
          clientId: input.client_id,
          clientSecret: input.client_secret,
          redirectUri: input.redirect_uri,
          state: input.state,
          codeChallenge: input.code_challenge,
        },
        { requestId: String(request.id), ip: request.ip, deviceCookies: readDeviceCookies(request.headers.cookie) },
      );
      reply.header('Set-Cookie', deviceCookies);
      return { response };
    },
  });

  const mailer = ctx.config.smtp ? smtpMailer(ctx.config.smtp) : null;
  api.route({
    ...routeOf(authCalls.forgotPassword),
    config: { rateLimit },
    handler: async (request) => {
      refuseWithoutPasswordLogin(ctx.config);
      await requestPasswordReset(
        { db: ctx.db, mailer, publicUrl: ctx.config.publicUrl, warn: (detail, message) => request.log.warn(detail, message) },
        request.body,
        { ip: request.ip, requestId: String(request.id) },
      );
      return { response: { success: true as const } };
    },
  });

  api.route({
    ...routeOf(authCalls.resetPassword),
    config: { rateLimit },
    handler: async (request) => {
      refuseWithoutPasswordLogin(ctx.config);
      await resetPassword(ctx.db, request.body, { requestId: String(request.id) });
      return { response: { success: true as const } };
    },
  });

  registerSingleSignOnRoutes(app, ctx, rateLimit);

  // The token endpoint alone takes form bodies (RFC 6749 section 4.1.3), so its own scope parses them.
  await app.register(async (tokenScope) => {
    await tokenScope.register(formbody);
    tokenScope.withTypeProvider<TypeBoxTypeProvider>().route({
      ...routeOf(authCalls.token),
      schema: {
        ...schemaOf(authCalls.token),
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        response: { 200: TokenResponse, '4xx': TokenError, '5xx': TokenError },
      },
      // The limiter's refusal is an OAuthError, so that this route's handler answers it in RFC 6749 form.
      config: { rateLimit: { ...rateLimit, errorResponseBuilder: () => new OAuthError('slow_down', 'Too many requests from this address; retry later') } },
      errorHandler: tokenErrorHandler,
      handler: (request, reply) => handleToken(ctx, request, request.body, reply),
    });
  });
}

/** Me, the user's language, logout and changePassword, under /api/secure/v1: the calls a user with a temporary password may make. */
export function registerSecureAuthRoutes(secure: FastifyInstance, ctx: AppContext): void {
  const api = secure.withTypeProvider<TypeBoxTypeProvider>();
  /** A call's route options, open to a user whose password is temporary (plugins/auth.ts). */
  const openToTemporary = <R extends ReturnType<typeof routeOf>>(route: R) => ({ ...route, config: { ...route.config, allowTemporaryPassword: true } });
  api.route({
    ...openToTemporary(routeOf(authCalls.me)),
    handler: async (request) => {
      const principal = request.principal;
      if (principal?.kind === 'share') {
        // A shared link's viewer: no role, no entities, and the one campaign the link reads.
        return { response: { user: { id: 0, email: '', name: '', role: 'NO' as const, entities: [], sharedCampaignId: principal.campaignId } } };
      }
      return { response: { user: requireUser(request) } };
    },
  });

  api.route({
    ...openToTemporary(routeOf(authCalls.language)),
    handler: async (request) => {
      await updateUserLanguage(ctx.db, requireUser(request).id, request.body.language);
      return { response: { success: true as const } };
    },
  });

  api.route({
    ...routeOf(authCalls.exportMe),
    handler: async (request, reply) => {
      reply.header('Content-Disposition', 'attachment; filename="mis-datos.json"').header('Cache-Control', 'no-store');
      return { response: await exportPersonalData(ctx.db, actorOf(request)) };
    },
  });

  api.route({
    ...routeOf(authCalls.erasureRequest),
    handler: async (request) => ({ response: await requestErasure(ctx.db, actorOf(request), request.body.reason) }),
  });

  api.route({
    ...openToTemporary(routeOf(authCalls.logout)),
    handler: async (request, reply) => {
      const principal = request.principal;
      if (principal?.kind === 'user') await logout(ctx.db, actorOf(request), principal.familyId);
      reply.header('Set-Cookie', clearRefreshCookieHeader(ctx.config.publicUrl));
      return { response: { success: true as const } };
    },
  });

  const route = openToTemporary(routeOf(authCalls.changePassword));
  api.route({
    ...route,
    config: { ...route.config, rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } },
    handler: async (request) => {
      refuseWithoutPasswordLogin(ctx.config);
      const principal = request.principal;
      const actor = actorOf(request);
      if (principal?.kind !== 'user') throw new Error('unreachable: actorOf refuses a share token');
      return { response: await changePassword(ctx, { actor, familyId: principal.familyId, ip: request.ip }, request.body) };
    },
  });
}
