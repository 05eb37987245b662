import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { AppError, expiredToken, forbidden, invalidToken } from '../errors.js';
import { findSessionUser } from '../db/repositories/sessions.js';
import { isShareLinkOpen } from '../db/repositories/shareLinks.js';
import type { AccessClaims } from '../services/auth/tokenKinds.js';
import type { Actor } from '../services/actor.js';
import { decide, type Action } from '../../shared/permissions.js';
import type { CurrentUser } from '../../shared/api/auth.js';

/** Who is calling: a signed-in user, or a share link reading one campaign. */
export type Principal =
  | { kind: 'user'; user: CurrentUser; familyId: string }
  | { kind: 'share'; campaignId: number; shareId: string };

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
    /**
     * On a sessionCheckedByRoute route, a well-signed access token whose session is not checked yet: until
     * the route checks it (checkSessionWith), there is no principal, so every permission check refuses.
     */
    uncheckedSession?: AccessClaims;
  }
  interface FastifyContextConfig {
    /** Routes that a share token may call (api-contract.md, "Shared links"). */
    allowShareToken?: boolean;
    /**
     * Hot read routes that check an access token's session in their own first statement, together with what
     * they read (see checkSessionWith), instead of in a statement of its own.
     */
    sessionCheckedByRoute?: boolean;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : undefined;
}

/**
 * The bearer-token guard of every /api/secure route. An expired access token answers
 * EXPIRED_ACCESS_TOKEN (the client refreshes); anything else wrong answers INVALID_TOKEN.
 */
export function makeAuthenticate(ctx: AppContext) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw invalidToken();
    const verified = await ctx.signer.verify(token);
    if (verified.kind === 'expired') throw expiredToken();
    if (verified.kind === 'access') {
      if (request.routeOptions.config.sessionCheckedByRoute) {
        request.uncheckedSession = verified.claims;
        return;
      }
      const { userId, familyId } = verified.claims;
      const user = await findSessionUser(ctx.db, familyId, userId);
      if (!user) throw invalidToken();
      request.principal = { kind: 'user', user, familyId };
      return;
    }
    if (verified.kind === 'share') {
      if (!(await isShareLinkOpen(ctx.db, verified.claims.shareId, verified.claims.campaignId))) throw invalidToken();
      if (!request.routeOptions.config.allowShareToken) throw forbidden();
      request.principal = { kind: 'share', campaignId: verified.claims.campaignId, shareId: verified.claims.shareId };
      return;
    }
    throw invalidToken();
  };
}

/**
 * What a sessionCheckedByRoute route reads, with the access token's session checked in the same statement:
 * withSession(claims) reads both, its user undefined when the session is revoked or gone (INVALID_TOKEN, as the
 * guard answers), and that user becomes the principal. Without an unchecked session (a share token), alone()
 * reads it.
 */
export async function checkSessionWith<T>(
  request: FastifyRequest,
  withSession: (claims: AccessClaims) => Promise<{ user: CurrentUser | undefined; read: T }>,
  alone: () => Promise<T>,
): Promise<T> {
  const claims = request.uncheckedSession;
  if (!claims) return alone();
  const { user, read } = await withSession(claims);
  if (!user) throw invalidToken();
  request.uncheckedSession = undefined;
  request.principal = { kind: 'user', user, familyId: claims.familyId };
  return read;
}

/**
 * A safety net for sessionCheckedByRoute routes: a successful answer whose access token's session was never
 * checked (a route that forgot checkSessionWith) is refused instead of sent.
 */
export async function refuseUncheckedSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.uncheckedSession && reply.statusCode < 400) {
    request.log.error({ route: request.routeOptions.url }, 'a sessionCheckedByRoute route answered without checking the session');
    throw invalidToken();
  }
}

/** The signed-in user, or FORBIDDEN for a share token. */
export function requireUser(request: FastifyRequest): CurrentUser {
  const principal = request.principal;
  if (principal?.kind !== 'user') throw forbidden();
  return principal.user;
}

/** The signed-in user when the rules table lets its role perform the action; an unknown role is logged. */
export function requirePermission(request: FastifyRequest, action: Action): CurrentUser {
  const user = requireUser(request);
  const decision = decide(user.role, action);
  if (!decision.allowed) {
    if (decision.unknownRole) request.log.error({ role: user.role, action }, 'role missing from the permission rules');
    throw new AppError('FORBIDDEN', 'You are not allowed to do this');
  }
  return user;
}

/** The signed-in user as the actor of a change, for the audit trail (FORBIDDEN for a share token). */
export function actorOf(request: FastifyRequest, user: CurrentUser = requireUser(request)): Actor {
  return { user, requestId: String(request.id) };
}

/** The actor of a change its role must be allowed (requirePermission). */
export function permittedActor(request: FastifyRequest, action: Action): Actor {
  return actorOf(request, requirePermission(request, action));
}
