import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors, type JWTPayload } from 'jose';

/** What an access token carries: the user and the refresh-token family (session) it belongs to. */
export interface AccessClaims {
  userId: number;
  familyId: string;
}

/** What a share token carries: the share link and its campaign. */
export interface ShareClaims {
  shareId: string;
  campaignId: number;
}

export type VerifiedToken =
  | { kind: 'access'; claims: AccessClaims }
  | { kind: 'share'; claims: ShareClaims }
  | { kind: 'expired' }
  | { kind: 'invalid' };

/** How many verified tokens are remembered (a few MB at most); the oldest go first. */
const VERIFIED_TOKENS_KEPT = 5000;

/** Signs and verifies the API's JWTs (HS256). */
export class TokenSigner {
  // Imported once: with raw bytes jose imports the key again on every call, a third of a verification's cost.
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens whose signature and issuer have been checked, with their expiry. A token's signature cannot stop
   * being valid, so a client sending the same token call after call (every page load does) is not checked by
   * WebCrypto again until the token expires. Revocation is not decided here: the auth guard still checks
   * the session or the share link in the database on every call. Only well-signed tokens enter.
   */
  private readonly verified = new Map<string, { result: VerifiedToken; expiresAtMs: number }>();

  constructor(
    secret: string,
    private readonly issuer: string,
  ) {
    this.key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  signAccess(claims: AccessClaims, ttlSeconds: number): Promise<string> {
    return this.sign({ typ: 'access', fam: claims.familyId }, String(claims.userId), ttlSeconds);
  }

  signShare(claims: ShareClaims, ttlSeconds: number): Promise<string> {
    return this.sign({ typ: 'share', cid: claims.campaignId }, claims.shareId, ttlSeconds);
  }

  private async sign(payload: Record<string, unknown>, subject: string, ttlSeconds: number): Promise<string> {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subject)
      .setIssuer(this.issuer)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(await this.key);
  }

  /** Checks signature, issuer and expiry; never throws. */
  async verify(token: string): Promise<VerifiedToken> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return known.result;
      this.verified.delete(token);
      return { kind: 'expired' };
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'], issuer: this.issuer });
      const result = claimsOf(payload);
      if (result.kind !== 'invalid' && typeof payload.exp === 'number') this.remember(token, result, payload.exp * 1000);
      return result;
    } catch (err) {
      return err instanceof errors.JWTExpired ? { kind: 'expired' } : { kind: 'invalid' };
    }
  }

  private remember(token: string, result: VerifiedToken, expiresAtMs: number): void {
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, { result, expiresAtMs });
  }
}

/** What a verified payload grants: an access token's user and session, or a share link's campaign. */
function claimsOf(payload: JWTPayload): VerifiedToken {
  if (payload.typ === 'access' && typeof payload.fam === 'string' && /^\d+$/.test(payload.sub ?? '')) {
    return { kind: 'access', claims: { userId: Number(payload.sub), familyId: payload.fam } };
  }
  if (payload.typ === 'share' && typeof payload.cid === 'number' && payload.sub) {
    return { kind: 'share', claims: { shareId: payload.sub, campaignId: payload.cid } };
  }
  return { kind: 'invalid' };
}

/** The configured secret, or a random one generated once and kept in the data folder. */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    await fs.mkdir(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    await fs.writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}
