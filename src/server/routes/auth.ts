import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import type { AppContext } from '../context.js';
import { OAuthError } from '../errors.js';
import { validate } from '../validation.js';
import { authenticateClient, exchangeCode, login, refreshTokens } from '../services/oauth.js';
import { revokeFamily } from '../db/repositories/oauth.js';
import { recordAudit } from '../db/repositories/audit.js';
import { requireUser } from '../plugins/auth.js';
import { codeVerifierSchema, loginRequestSchema } from '../../shared/validation/auth.js';
import { DEVICE_COOKIE, deviceCookieHeader, readCookie } from '../services/deviceCookie.js';

const userSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    entities: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } },
    sharedCampaignId: { type: 'integer' },
  },
} as const;

const meResponseSchema = {
  200: { type: 'object', properties: { response: { type: 'object', properties: { user: userSchema } } } },
};

/** Client credentials from HTTP Basic (RFC 6749 section 2.3.1) or, failing that, the body. */
function clientCredentials(request: FastifyRequest, body: Record<string, unknown>) {
  const header = request.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)), basic: true };
    }
  }
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  return { id: str(body.client_id), secret: str(body.client_secret), basic: false };
}

function sendOAuthError(reply: FastifyReply, err: OAuthError, basic: boolean) {
  const status = err.code === 'slow_down' ? 429 : err.code === 'invalid_client' && basic ? 401 : 400;
  if (status === 401) reply.header('WWW-Authenticate', 'Basic realm="token"');
  return reply.status(status).header('Cache-Control', 'no-store').send({ error: err.code, error_description: err.description });
}

const tokenBodySchema = yup.object({
  grant_type: yup.string().required(),
  code: yup.string(),
  redirect_uri: yup.string(),
  code_verifier: codeVerifierSchema,
  refresh_token: yup.string(),
});

/** Token endpoint: speaks RFC 6749 (section 5.1 answers, section 5.2 errors), not the API envelope. */
async function handleToken(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const client = clientCredentials(request, body);
  try {
    let params: yup.InferType<typeof tokenBodySchema>;
    try {
      params = tokenBodySchema.validateSync(body, { stripUnknown: true });
    } catch (err) {
      throw new OAuthError('invalid_request', (err as Error).message);
    }
    authenticateClient(ctx, client.id, client.secret);
    const clientId = client.id as string;
    let tokens;
    if (params.grant_type === 'authorization_code') {
      if (!params.code || !params.redirect_uri || !params.code_verifier) {
        throw new OAuthError('invalid_request', 'code, redirect_uri and code_verifier are required');
      }
      tokens = await exchangeCode(ctx, { code: params.code, codeVerifier: params.code_verifier, redirectUri: params.redirect_uri, clientId });
    } else if (params.grant_type === 'refresh_token') {
      if (!params.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required');
      tokens = await refreshTokens(ctx, params.refresh_token, clientId, String(request.id));
    } else {
      throw new OAuthError('unsupported_grant_type', `Unsupported grant_type "${params.grant_type}"`);
    }
    return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache').send(tokens);
  } catch (err) {
    if (err instanceof OAuthError) return sendOAuthError(reply, err, client.basic);
    throw err;
  }
}

/** Login, token exchange and refresh: the public half of authentication. */
export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const rateLimit = { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' };

  app.post('/api/v1/auth/login', { config: { rateLimit } }, async (request, reply) => {
    const input = validate(loginRequestSchema, request.body);
    const { response, deviceToken } = await login(
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
      { requestId: String(request.id), ip: request.ip, deviceToken: readCookie(request.headers.cookie, DEVICE_COOKIE) },
    );
    reply.header('Set-Cookie', deviceCookieHeader(deviceToken, ctx.config.publicUrl));
    return { response };
  });

  // The token endpoint's own 429 stays in RFC 6749 form (the limiter's error, answered by this route's handler).
  const tokenRateLimit = { ...rateLimit, errorResponseBuilder: () => new OAuthError('slow_down', 'Too many requests from this address; retry later') };
  const oauthErrors = (err: Error, _request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof OAuthError) return sendOAuthError(reply, err, false);
    throw err;
  };
  app.post('/api/v1/auth/token', { config: { rateLimit: tokenRateLimit }, errorHandler: oauthErrors }, (request, reply) => handleToken(ctx, request, reply));
}

/** Me and logout, under /api/secure/v1. */
export function registerSecureAuthRoutes(secure: FastifyInstance, ctx: AppContext): void {
  secure.get('/auth/me', { schema: { response: meResponseSchema }, config: { allowShareToken: true } }, async (request) => {
    const principal = request.principal;
    if (principal?.kind === 'share') {
      // A shared link's viewer: no role, no entities, and the one campaign the link reads.
      return { response: { user: { id: 0, email: '', name: '', role: 'NO', entities: [], sharedCampaignId: principal.campaignId } } };
    }
    return { response: { user: requireUser(request) } };
  });

  secure.post('/auth/logout', async (request) => {
    const principal = request.principal;
    if (principal?.kind === 'user') {
      await revokeFamily(ctx.db, principal.familyId, 'logout');
      await recordAudit(ctx.db, { actorId: principal.user.id, actorEmail: principal.user.email, action: 'auth.logout', requestId: String(request.id) });
    }
    return { response: { success: true } };
  });
}
