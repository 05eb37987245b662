import * as openid from 'openid-client';
import type { Db } from '../../db/client.js';
import type { OidcConfig } from '../../config.js';
import { isLoopbackHost } from '../../network.js';
import { isForeignKeyViolation } from '../../db/faults.js';
import { recordAudit } from '../../db/repositories/audit.js';
import * as oidcRepo from '../../db/repositories/oidcLogins.js';
import { revokeUserFamilies } from '../../db/repositories/oauth.js';
import { findCredentialsByEmail, insertUser, updatePasswordHash } from '../../db/repositories/users.js';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../../shared/constants.js';
import { FORBIDDEN_CHARACTERS } from '../../../shared/api/schema.js';
import type { OidcRefusal } from '../../../shared/api/auth.js';
import type { Role } from '../../../shared/roles.js';
import { hashPassword } from './passwords.js';
import { checkRegisteredClient, issueAuthorizationCode, type OAuthContext } from './oauth.js';
import { randomToken, sha256 } from './pkce.js';

/**
 * Single sign-on with the organisation's OpenID provider, as a front to the product's own authorization-code flow:
 *
 * 1. The web app makes its PKCE pair and state as for a password login and sends the browser to `start` with the
 *    challenge. The server keeps the app's request with a state, nonce and PKCE verifier of its own for the
 *    provider (oidc_logins, so that any instance can take the callback) and sends the browser to the provider.
 * 2. The provider sends the browser back to `callback`; openid-client checks the state, exchanges the code with
 *    the verifier and checks the ID token (signature, issuer, audience, expiry, nonce).
 * 3. The account is the one whose e-mail is the ID token's, when the provider says it is verified. The server then
 *    issues the product's own authorization code for the app's challenge and sends the browser to the app's
 *    redirect URI: the app exchanges it at the token endpoint as after a password login, with its verifier.
 *
 * Every refusal goes back to the app as `error=<OidcRefusal>`, for the login page to say what happened.
 */

/** How long a sign-in may stay at the provider (entering a password, a second factor) before its callback is refused. */
export const OIDC_LOGIN_TTL_SECONDS = 10 * 60;

/** What the app asks for at `start`: the same OAuth parameters as a password login's, without the credentials. */
export interface AppAuthorizationRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
}

/** The provider's side: discovery, the authorization URL and the checked claims of a callback. */
export interface OidcProvider {
  readonly name: string;
  authorizationUrl(checks: { state: string; nonce: string; codeChallenge: string }): Promise<URL>;
  /** The ID token's claims (and the user-info endpoint's when the ID token names no e-mail), after every check. */
  claims(callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<Record<string, unknown>>;
}

/** A refusal on the way, carried to the app's redirect URI. */
export class OidcRefused extends Error {
  constructor(
    readonly reason: OidcRefusal,
    detail: string,
  ) {
    super(detail);
  }
}

/** The provider through openid-client, discovered at the first sign-in (and again after a failed discovery). */
export function openIdProvider(settings: OidcConfig): OidcProvider {
  // http is accepted only for a provider on this machine's loopback (config.ts parseOidc); openid-client refuses it otherwise.
  const insecure = new URL(settings.issuer).protocol === 'http:' && isLoopbackHost(new URL(settings.issuer).hostname);
  let discovered: Promise<openid.Configuration> | undefined;
  const configuration = () => {
    discovered ??= openid
      .discovery(new URL(settings.issuer), settings.clientId, undefined, openid.ClientSecretBasic(settings.clientSecret), {
        execute: insecure ? [openid.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((err: unknown) => {
        discovered = undefined;
        throw new OidcRefused('PROVIDER_UNAVAILABLE', `discovery of ${settings.issuer} failed: ${String(err)}`);
      });
    return discovered;
  };
  return {
    name: settings.name,
    async authorizationUrl({ state, nonce, codeChallenge }) {
      return openid.buildAuthorizationUrl(await configuration(), {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
    },
    async claims(callbackUrl, { state, nonce, codeVerifier }) {
      const config = await configuration();
      let tokens;
      try {
        tokens = await openid.authorizationCodeGrant(config, callbackUrl, {
          expectedState: state,
          expectedNonce: nonce,
          pkceCodeVerifier: codeVerifier,
          idTokenExpected: true,
        });
      } catch (err) {
        // The provider's own refusal (the user cancelled, access denied) is not a failed check.
        const refusedThere = err instanceof openid.AuthorizationResponseError;
        throw new OidcRefused(refusedThere ? 'PROVIDER_REFUSED' : 'SIGN_IN_FAILED', String(err));
      }
      const claims: Record<string, unknown> = { ...tokens.claims() };
      if (typeof claims.email !== 'string' && typeof claims.sub === 'string') {
        // A provider that keeps the ID token small gives the e-mail at its user-info endpoint (checked for the same sub).
        try {
          const info = await openid.fetchUserInfo(config, tokens.access_token, claims.sub);
          Object.assign(claims, { email: info.email, email_verified: info.email_verified, name: claims.name ?? info.name });
        } catch (err) {
          throw new OidcRefused('SIGN_IN_FAILED', `user-info: ${String(err)}`);
        }
      }
      return claims;
    },
  };
}

/** What a provider's claims mean for the sign-in: which account, a new one, or why not. */
export type AccountDecision = { kind: 'signIn'; userId: number } | { kind: 'create'; email: string; name: string } | { kind: 'refuse'; reason: OidcRefusal };

const EMAIL = new RegExp(EMAIL_PATTERN);
/** What a user's name may not hold (shared/api/schema.ts OptionalName): control, direction and invisible characters. */
const INVISIBLE = new RegExp(`[${FORBIDDEN_CHARACTERS}\\p{Cf}]`, 'gu');

/**
 * Which account claims sign in to: the one with the claims' e-mail (without case) when the provider says it is
 * verified (`email_verified` exactly true); a new one when there is none and accounts may be created; none when the
 * account is disabled (no role, or NO).
 */
export function decideAccount(
  claims: Record<string, unknown>,
  account: { id: number; role: Role | undefined } | undefined,
  createUsers: boolean,
): AccountDecision {
  const { email, email_verified: verified, name } = claims;
  if (typeof email !== 'string' || email.length > EMAIL_MAX_LENGTH || !EMAIL.test(email)) return { kind: 'refuse', reason: 'EMAIL_NOT_VERIFIED' };
  if (verified !== true) return { kind: 'refuse', reason: 'EMAIL_NOT_VERIFIED' };
  if (account) return account.role && account.role !== 'NO' ? { kind: 'signIn', userId: account.id } : { kind: 'refuse', reason: 'ACCOUNT_DISABLED' };
  if (!createUsers) return { kind: 'refuse', reason: 'NO_ACCOUNT' };
  const shownName = typeof name === 'string' ? name.replace(INVISIBLE, ' ').replace(/ +/g, ' ').trim().slice(0, 200) : '';
  return { kind: 'create', email, name: shownName };
}

/** Step 1: keeps the app's request and answers the provider's URL to send the browser to. */
export async function startOidcLogin(ctx: OAuthContext, provider: OidcProvider, request: AppAuthorizationRequest): Promise<URL> {
  checkRegisteredClient(ctx.config.oauth, request.clientId, request.redirectUri);
  const state = randomToken();
  const nonce = randomToken();
  const codeVerifier = openid.randomPKCECodeVerifier();
  const url = await provider.authorizationUrl({ state, nonce, codeChallenge: await openid.calculatePKCECodeChallenge(codeVerifier) });
  await oidcRepo.insertOidcLogin(ctx.db, sha256(state), {
    nonce,
    codeVerifier,
    clientId: request.clientId,
    appState: request.state,
    codeChallenge: request.codeChallenge,
    expiresAt: new Date(Date.now() + OIDC_LOGIN_TTL_SECONDS * 1000),
  });
  return url;
}

/** Where the app learns how a sign-in ended: its redirect URI with the product's code, or with the refusal. */
export type OidcOutcome = { code: string; appState: string } | { error: OidcRefusal; appState: string | undefined };

/**
 * Step 2: the provider's callback (its query string, as received) becomes the app's outcome. The pending sign-in
 * is used up whatever happens, so a callback cannot be replayed.
 */
export async function finishOidcLogin(
  ctx: OAuthContext,
  provider: OidcProvider,
  settings: Pick<OidcConfig, 'issuer' | 'redirectUri' | 'createUsers'>,
  query: URLSearchParams,
  meta: { requestId?: string; ip?: string },
): Promise<OidcOutcome> {
  const state = query.get('state');
  const pending = state ? await oidcRepo.takeOidcLogin(ctx.db, sha256(state)) : undefined;
  const refuse = async (reason: OidcRefusal, details: Record<string, unknown>) => {
    await recordAudit(ctx.db, {
      action: 'auth.login_failed',
      details: { method: 'oidc', provider: provider.name, reason, ip: meta.ip, ...details },
      requestId: meta.requestId,
    });
    return { error: reason, appState: pending?.appState };
  };
  if (!pending || pending.expiresAt.getTime() <= Date.now()) return refuse('SIGN_IN_FAILED', { detail: pending ? 'sign-in expired' : 'unknown state' });
  const callbackUrl = new URL(settings.redirectUri);
  callbackUrl.search = query.toString();
  let claims: Record<string, unknown>;
  try {
    claims = await provider.claims(callbackUrl, { state: state as string, nonce: pending.nonce, codeVerifier: pending.codeVerifier });
  } catch (err) {
    if (err instanceof OidcRefused) return refuse(err.reason, { detail: err.message.slice(0, 300) });
    throw err;
  }
  const email = typeof claims.email === 'string' ? claims.email : undefined;
  const account = email ? await findCredentialsByEmail(ctx.db, email) : undefined;
  const decision = decideAccount(claims, account, settings.createUsers);
  if (decision.kind === 'refuse') return refuse(decision.reason, { email: email?.slice(0, EMAIL_MAX_LENGTH) });
  const userId = decision.kind === 'signIn' ? decision.userId : await createAccount(ctx.db, decision, meta.requestId);
  // The first identity at the provider to sign in to an account is the only one that may from then on: a mailbox
  // that passes to someone else, or another identity showing the same address, does not take the account over.
  if (!(await oidcRepo.linkIdentity(ctx.db, userId, settings.issuer, String(claims.sub)))) return refuse('OTHER_IDENTITY', { email });
  if (account?.temporary) await retireGeneratedPassword(ctx.db, userId, meta.requestId);
  let code: string;
  try {
    code = await issueAuthorizationCode(ctx, {
      userId,
      clientId: pending.clientId,
      redirectUri: ctx.config.oauth.redirectUri,
      codeChallenge: pending.codeChallenge,
    });
  } catch (err) {
    // The account was removed a moment ago.
    if (isForeignKeyViolation(err)) return refuse('NO_ACCOUNT', { email });
    throw err;
  }
  await recordAudit(ctx.db, {
    actorId: userId,
    actorEmail: email,
    action: 'auth.login',
    details: { method: 'oidc', provider: provider.name },
    requestId: meta.requestId,
  });
  return { code, appState: pending.appState };
}

/**
 * A password an administrator generated is of no more use once the provider has said who the user is: nobody keeps
 * a password that was shown to someone else (the user may choose one with 'Forgot your password?'). The sessions
 * opened with it end too, or one would lose its restriction to changing the password.
 */
async function retireGeneratedPassword(db: Db, userId: number, requestId: string | undefined): Promise<void> {
  const passwordHash = await hashPassword(randomToken());
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, userId, passwordHash, false);
    await revokeUserFamilies(tx, userId, 'generated password retired by a sign-in through the OpenID provider');
    await recordAudit(tx, { actorId: userId, action: 'auth.password_reset', targetType: 'user', targetId: userId, details: { via: 'oidc' }, requestId });
  });
}

/** A USER account with no entity and no usable password, for a verified e-mail the provider vouches for. */
async function createAccount(db: Db, account: { email: string; name: string }, requestId: string | undefined): Promise<number> {
  const passwordHash = await hashPassword(randomToken());
  try {
    return await db.transaction(async (tx) => {
      const id = await insertUser(tx, { email: account.email, name: account.name, role: 'USER', passwordHash, entityIds: [] });
      await recordAudit(tx, {
        actorId: id,
        actorEmail: account.email,
        action: 'user.create',
        targetType: 'user',
        targetId: id,
        details: { via: 'oidc' },
        requestId,
      });
      return id;
    });
  } catch (err) {
    // Two first sign-ins of one person at once: the other one created the account.
    const existing = await findCredentialsByEmail(db, account.email);
    if (existing) return existing.id;
    throw err;
  }
}
