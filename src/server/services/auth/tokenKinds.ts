import type { JWTPayload } from 'jose';

/** The kinds of token this server signs, and how each one's claims are checked (TokenSigner in jwt.ts). */

/** What an access token carries: the user, the refresh-token family (session) it belongs to and the client. */
export interface AccessClaims {
  userId: number;
  familyId: string;
  clientId: string;
}

/** What checking a session reads of an access token's claims: the session (refresh-token family) and its user. */
export type SessionKey = Pick<AccessClaims, 'userId' | 'familyId'>;

/** What a share token carries: the share link and its campaign. */
export interface ShareClaims {
  shareId: string;
  campaignId: number;
}

/** What a device cookie carries (loginThrottle.ts): the device's id and the account it signed in to, as accountHash gives it. */
export interface DeviceClaims {
  deviceId: string;
  accountHash: string;
}

export type VerifiedToken =
  | { kind: 'access'; claims: AccessClaims }
  | { kind: 'share'; claims: ShareClaims }
  /** Past its expiry; `share` when it was a share link's (answered as an expired link, not refreshed). */
  | { kind: 'expired'; share?: true }
  | { kind: 'invalid' };

/** The header types of access tokens (RFC 9068 section 2.1), share links and device cookies. */
export const ACCESS_TYP = 'at+jwt';
export const SHARE_TYP = 'share+jwt';
export const DEVICE_TYP = 'device+jwt';
/** The header type of the token an operations command (npm run backup) shows a running server. */
export const OPERATION_TYP = 'operation+jwt';
export const ALGORITHMS = ['HS256'];

/** How verify checks one kind of token: its header type, the claims it must have, and what it grants. */
export interface TokenKind {
  typ?: string;
  required: string[];
  claimsOf(payload: JWTPayload): VerifiedToken;
}

/** An RFC 9068 access token's user, session and client. */
export const ACCESS: TokenKind = {
  typ: ACCESS_TYP,
  required: ['jti', 'iat', 'exp'],
  claimsOf({ sid, client_id: clientId, sub }) {
    if (typeof sid === 'string' && typeof clientId === 'string' && /^\d+$/.test(sub ?? '')) {
      return { kind: 'access', claims: { userId: Number(sub), familyId: sid, clientId } };
    }
    return { kind: 'invalid' };
  },
};

const shareClaims = (sub: string | undefined, cid: unknown): VerifiedToken =>
  sub && Number.isSafeInteger(cid) ? { kind: 'share', claims: { shareId: sub, campaignId: cid as number } } : { kind: 'invalid' };

/** A share link: its id and its campaign. */
export const SHARE: TokenKind = {
  typ: SHARE_TYP,
  required: ['jti', 'iat', 'exp'],
  claimsOf: ({ sub, cid }) => shareClaims(sub, cid),
};

/**
 * A token without a header type: a share link of the form handed out before share+jwt (payload typ 'share', no
 * audience), or an access token of the form before RFC 9068, which is answered as expired so that the client
 * refreshes it into a new one instead of signing the user out (it is well signed, and a refresh still needs the
 * session's refresh token). Nothing this version signs lacks a header type.
 */
export const LEGACY: TokenKind = {
  required: ['iat', 'exp'],
  claimsOf({ typ, sub, cid, aud }) {
    if (aud !== undefined) return { kind: 'invalid' };
    if (typ === 'share') return shareClaims(sub, cid);
    return typ === 'access' ? { kind: 'expired' } : { kind: 'invalid' };
  },
};
