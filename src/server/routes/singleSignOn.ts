import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import { OIDC_CALLBACK_PATH } from '../config.js';
import { finishOidcLogin, OidcRefused, openIdProvider, startOidcLogin, type OidcOutcome } from '../services/auth/oidc.js';
import { authCalls, OidcCallbackQuery, OidcStartQuery } from '../../shared/api/auth.js';
import { routeOf } from './contract.js';

/** Path of the first step: the app sends the browser here to sign in through the OpenID provider. */
export const OIDC_START_PATH = '/api/v1/auth/oidc/start';

const redirectSchema = (operationId: string, summary: string, description: string) => ({
  operationId,
  summary,
  description,
  tags: ['auth'],
  response: { 302: Type.Null({ description: 'The browser goes on to the Location header' }) },
});

/** Sends the browser to the app's redirect URI with the outcome: the product's code and state, or the refusal. */
function toApp(reply: FastifyReply, redirectUri: string, outcome: OidcOutcome) {
  const target = new URL(redirectUri);
  if ('code' in outcome) target.searchParams.set('code', outcome.code);
  else target.searchParams.set('error', outcome.error);
  if (outcome.appState !== undefined) target.searchParams.set('state', outcome.appState);
  return reply.header('Cache-Control', 'no-store').redirect(target.toString(), 302);
}

/**
 * How users sign in (`auth/methods`) and what is kept of them (`auth/privacy`), always; and with OIDC_* set the two steps of a sign-in through the OpenID
 * provider (services/auth/oidc.ts): `start`, which sends the browser to the provider, and the provider's callback,
 * which sends it back to the app with the product's own authorization code.
 */
export function registerSingleSignOnRoutes(app: FastifyInstance, ctx: AppContext, rateLimit: { max: number; timeWindow: string }): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { oidc } = ctx.config;
  api.route({
    ...routeOf(authCalls.methods),
    handler: async () => ({ response: { password: ctx.config.passwordLogin, oidc: oidc && { name: oidc.name } } }),
  });
  api.route({
    ...routeOf(authCalls.privacy),
    handler: async () => ({ response: { logRetentionDays: ctx.config.logRetentionDays } }),
  });
  if (!oidc) return;
  const provider = openIdProvider(oidc);

  api.get(
    OIDC_START_PATH,
    {
      config: { rateLimit },
      schema: {
        ...redirectSchema(
          'authOidcStart',
          'Starts a sign-in through the OpenID provider (OIDC_ISSUER): the browser goes to the provider',
          'The same OAuth parameters as auth/login but for the credentials; a provider that cannot be reached sends the browser back ' +
            'to `redirect_uri` with `error=PROVIDER_UNAVAILABLE` and the state. Only with OIDC_* set.',
        ),
        querystring: OidcStartQuery,
      },
    },
    async (request, reply) => {
      const query = request.query;
      const appRequest = { clientId: query.client_id, redirectUri: query.redirect_uri, state: query.state, codeChallenge: query.code_challenge };
      try {
        const url = await startOidcLogin(ctx, provider, appRequest);
        return reply.header('Cache-Control', 'no-store').redirect(url.toString(), 302);
      } catch (err) {
        if (!(err instanceof OidcRefused)) throw err;
        request.log.warn({ detail: err.message }, 'single sign-on: the provider cannot be reached');
        return toApp(reply, ctx.config.oauth.redirectUri, { error: err.reason, appState: query.state });
      }
    },
  );

  api.get(
    OIDC_CALLBACK_PATH,
    {
      config: { rateLimit },
      schema: {
        ...redirectSchema(
          'authOidcCallback',
          "The OpenID provider's redirect URI (register PUBLIC_URL + this path there): the browser goes back to the app",
          'With the code of the product to exchange at auth/token and the state of `start`, or with `error` one of NO_ACCOUNT, ' +
            'EMAIL_NOT_VERIFIED, ACCOUNT_DISABLED, OTHER_IDENTITY, PROVIDER_REFUSED, PROVIDER_UNAVAILABLE, SIGN_IN_FAILED.',
        ),
        querystring: OidcCallbackQuery,
      },
    },
    async (request, reply) => {
      const query = new URL(request.url, 'http://callback').searchParams;
      const outcome = await finishOidcLogin(ctx, provider, oidc, query, { requestId: String(request.id), ip: request.ip });
      return toApp(reply, ctx.config.oauth.redirectUri, outcome);
    },
  );
}
