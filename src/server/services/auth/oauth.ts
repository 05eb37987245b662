import { randomUUID } from 'node:crypto';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { isForeignKeyViolation } from '../../db/faults.js';
import type { Config } from '../../config.js';
import { AppError, OAuthError } from '../../errors.js';
import * as oauthRepo from '../../db/repositories/oauth.js';
import { findCredentialsByEmail } from '../../db/repositories/users.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { clearBuckets } from '../../db/repositories/loginThrottle.js';
import { admitLoginAttempt, deviceTokenFor, normaliseEmail } from './loginThrottle.js';
import { demoPasswordRefused } from './demoPasswords.js';
import { deviceCookieHeaders, deviceCookieName } from './deviceCookie.js';
import { DUMMY_PASSWORD_HASH, verifyPassword } from './passwords.js';
import { randomToken, sha256, verifierMatches } from './pkce.js';
import type { TokenSigner } from './jwt.js';
import { auditedBy, type Actor } from '../actor.js';
import { PASSWORD_LOGIN_OFF, type LoginResponse, type TokenResponse } from '../../../shared/api/auth.js';

/** What the OAuth functions need: the database, the signer and the client/lifetime settings. */
export interface OAuthContext {
  db: Db;
  signer: TokenSigner;
  config: Pick<Config, 'oauth' | 'ttl' | 'host' | 'publicUrl' | 'trustProxy' | 'allowDemoPasswords' | 'passwordLogin'>;
}

export interface LoginInput {
  email: string;
  password: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
}

/** Who signs in, for the throttle and the audit log: the request, the client address and the browser's device cookies. */
export interface LoginMeta {
  requestId?: string;
  ip?: string;
  deviceCookies?: ReadonlyMap<string, string>;
}

/** A login's answer, and the Set-Cookie values that give the browser its device cookie for the account. */
export interface LoginResult {
  response: LoginResponse;
  deviceCookies: string[];
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Wrong e-mail or password');

/** With PASSWORD_LOGIN=false users sign in through the OpenID provider only: every password call is refused. */
export function refuseWithoutPasswordLogin(config: Pick<Config, 'passwordLogin'>): void {
  if (!config.passwordLogin)
    throw new AppError('FORBIDDEN', "Signing in with a password is switched off on this server; sign in with the organisation's provider", PASSWORD_LOGIN_OFF);
}

/** The client and redirect URI of an authorization request are the web client's (the login's, and single sign-on's start). */
export function checkRegisteredClient(oauth: Config['oauth'], clientId: string, redirectUri: string): void {
  if (clientId !== oauth.clientId) throw new AppError('VALIDATION', 'Unknown client', { client_id: 'invalid client' });
  if (redirectUri !== oauth.redirectUri) {
    throw new AppError('VALIDATION', 'The redirect URI is not registered for this client', { redirect_uri: 'not registered' });
  }
}

function checkClient(oauth: Config['oauth'], input: LoginInput): void {
  if (input.clientSecret !== oauth.clientSecret) {
    throw new AppError('VALIDATION', 'Unknown client or wrong client secret', { client_id: 'invalid client' });
  }
  checkRegisteredClient(oauth, input.clientId, input.redirectUri);
}

/**
 * Checks the credentials and issues a single-use authorization code bound to the user, client,
 * redirect URI and PKCE challenge. Unknown e-mail and wrong password answer alike and take alike, and are
 * throttled alike (loginThrottle.ts); the demo password on a reachable server is a wrong password.
 */
export async function login(ctx: OAuthContext, input: LoginInput, meta: LoginMeta = {}): Promise<LoginResult> {
  refuseWithoutPasswordLogin(ctx.config);
  checkClient(ctx.config.oauth, input);
  const email = normaliseEmail(input.email);
  const cookieName = deviceCookieName(ctx.signer.accountHash(email));
  const buckets = await admitLoginAttempt(ctx, { email, deviceToken: meta.deviceCookies?.get(cookieName), ip: meta.ip, requestId: meta.requestId });
  const user = await findCredentialsByEmail(ctx.db, email);
  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  const demoRefused = passwordOk && demoPasswordRefused(ctx.config, input.password);
  if (!user || !passwordOk || demoRefused || !user.role || user.role === 'NO') {
    const reason = demoRefused ? { reason: 'demo password on a server reachable from other machines' } : {};
    await recordAudit(ctx.db, { action: 'auth.login_failed', details: { email, ip: meta.ip, ...reason }, requestId: meta.requestId });
    throw invalidCredentials();
  }
  await clearBuckets(ctx.db, buckets);
  const { requestId } = meta;
  let code: string;
  try {
    code = await issueAuthorizationCode(ctx, { userId: user.id, clientId: input.clientId, redirectUri: input.redirectUri, codeChallenge: input.codeChallenge });
  } catch (err) {
    // The account was removed while its password was being checked.
    throw isForeignKeyViolation(err) ? invalidCredentials() : err;
  }
  await recordAudit(ctx.db, { actorId: user.id, actorEmail: user.email, action: 'auth.login', requestId });
  const deviceToken = await deviceTokenFor(ctx.signer, email);
  return {
    response: { code, state: input.state },
    deviceCookies: deviceCookieHeaders(meta.deviceCookies ?? new Map(), cookieName, deviceToken, ctx.config.publicUrl),
  };
}

/**
 * A single-use authorization code (AUTH_CODE_TTL) bound to the user, the client, its redirect URI and the PKCE
 * challenge, once the user is known (by password here, or by the OpenID provider: oidc.ts). Only its hash is kept.
 */
export async function issueAuthorizationCode(
  ctx: OAuthContext,
  grant: { userId: number; clientId: string; redirectUri: string; codeChallenge: string },
): Promise<string> {
  const code = randomToken();
  await oauthRepo.insertAuthorizationCode(ctx.db, sha256(code), { ...grant, expiresAt: new Date(Date.now() + ctx.config.ttl.authCode * 1000) });
  return code;
}

/** Client authentication for the token endpoint (secret in the body or by HTTP Basic). */
export function authenticateClient(ctx: OAuthContext, clientId: string | undefined, clientSecret: string | undefined): void {
  if (!clientId) throw new OAuthError('invalid_request', 'client_id is required');
  if (clientId !== ctx.config.oauth.clientId || clientSecret !== ctx.config.oauth.clientSecret) {
    throw new OAuthError('invalid_client', 'Client authentication failed');
  }
}

async function issueTokens(ctx: OAuthContext, q: Queryable, userId: number, familyId: string, clientId: string): Promise<TokenResponse> {
  const refreshToken = randomToken();
  await oauthRepo.insertRefreshToken(q, sha256(refreshToken), familyId, new Date(Date.now() + ctx.config.ttl.refreshToken * 1000));
  const accessToken = await ctx.signer.signAccess({ userId, familyId, clientId }, ctx.config.ttl.accessToken);
  return { access_token: accessToken, token_type: 'Bearer', expires_in: ctx.config.ttl.accessToken, refresh_token: refreshToken };
}

/** A transaction that writes a session; when its user was removed meanwhile (a foreign key gone), the grant is invalid. */
async function sessionTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T | OAuthError>): Promise<T | OAuthError> {
  try {
    return await db.transaction(fn);
  } catch (err) {
    if (isForeignKeyViolation(err)) return new OAuthError('invalid_grant', 'The user no longer exists');
    throw err;
  }
}

export interface CodeExchangeInput {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  clientId: string;
}

/**
 * Exchanges an authorization code and its PKCE verifier for a new session's tokens.
 * A code presented twice fails and revokes what it issued (RFC 6749 section 4.1.2).
 */
export async function exchangeCode(ctx: OAuthContext, input: CodeExchangeInput): Promise<TokenResponse> {
  const codeHash = sha256(input.code);
  const outcome = await sessionTransaction(ctx.db, async (tx) => {
    const code = await oauthRepo.findAuthorizationCodeForUpdate(tx, codeHash);
    if (!code) return new OAuthError('invalid_grant', 'Unknown authorization code');
    if (code.usedAt) {
      if (code.familyId) await oauthRepo.revokeFamily(tx, code.familyId, 'authorization code reused');
      return new OAuthError('invalid_grant', 'Authorization code already used');
    }
    // A failed attempt burns the code too, so that a stolen code cannot be guessed against.
    await oauthRepo.markAuthorizationCodeUsed(tx, codeHash, null);
    if (code.expiresAt.getTime() <= Date.now()) return new OAuthError('invalid_grant', 'Authorization code expired');
    if (code.clientId !== input.clientId) return new OAuthError('invalid_grant', 'Authorization code issued to another client');
    if (code.redirectUri !== input.redirectUri) return new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request');
    if (!verifierMatches(input.codeVerifier, code.codeChallenge)) return new OAuthError('invalid_grant', 'code_verifier does not match the code challenge');
    const familyId = randomUUID();
    await oauthRepo.createFamily(tx, familyId, code.userId, code.clientId);
    await oauthRepo.markAuthorizationCodeUsed(tx, codeHash, familyId);
    return issueTokens(ctx, tx, code.userId, familyId, code.clientId);
  });
  // Errors are returned, not thrown, so that burning the code commits.
  if (outcome instanceof OAuthError) throw outcome;
  return outcome;
}

/**
 * Rotates a refresh token: the presented one retires and a new pair is issued in the same family.
 * Presenting a retired token is taken as theft and revokes the whole family (RFC 9700 section 4.14.2).
 */
export async function refreshTokens(ctx: OAuthContext, refreshToken: string, clientId: string, requestId?: string): Promise<TokenResponse> {
  const tokenHash = sha256(refreshToken);
  const outcome = await sessionTransaction(ctx.db, async (tx) => {
    const row = await oauthRepo.findRefreshTokenForUpdate(tx, tokenHash);
    if (!row) return new OAuthError('invalid_grant', 'Unknown refresh token');
    if (row.clientId !== clientId) return new OAuthError('invalid_grant', 'Refresh token issued to another client');
    if (row.retiredAt) {
      await oauthRepo.revokeFamily(tx, row.familyId, 'refresh token reused');
      // In the revocation's transaction: the session never ends without its reason on record.
      await recordAudit(tx, {
        actorId: row.userId,
        action: 'auth.refresh_reused',
        targetType: 'session',
        targetId: row.familyId,
        details: { clientId },
        requestId,
      });
      return new OAuthError('invalid_grant', 'Refresh token already used; the session has been revoked');
    }
    if (row.familyRevokedAt) return new OAuthError('invalid_grant', 'The session has been revoked');
    if (row.expiresAt.getTime() <= Date.now()) return new OAuthError('invalid_grant', 'Refresh token expired');
    await oauthRepo.retireRefreshToken(tx, tokenHash);
    return issueTokens(ctx, tx, row.userId, row.familyId, row.clientId);
  });
  if (outcome instanceof OAuthError) throw outcome;
  return outcome;
}

/** Ends the caller's session (its refresh-token family) and records it. */
export async function logout(db: Queryable, actor: Actor, familyId: string): Promise<void> {
  await oauthRepo.revokeFamily(db, familyId, 'logout');
  await recordAudit(db, { ...auditedBy(actor), action: 'auth.logout' });
}
