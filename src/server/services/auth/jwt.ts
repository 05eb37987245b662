import fs from 'node:fs/promises';
import path from 'node:path';
import { createHmac, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, jwtVerify, errors } from 'jose';
import {
  ACCESS,
  ACCESS_TYP,
  ALGORITHMS,
  DEVICE_TYP,
  LEGACY,
  OPERATION_TYP,
  SHARE,
  SHARE_TYP,
  type AccessClaims,
  type DeviceClaims,
  type ShareClaims,
  type TokenKind,
  type VerifiedToken,
} from './tokenKinds.js';

/** How many verified tokens are remembered (a few MB at most); the oldest go first. */
const VERIFIED_TOKENS_KEPT = 5000;

/**
 * Signs and verifies the API's JWTs (HS256). Access tokens follow RFC 9068 (header typ at+jwt; iss, sub, aud,
 * client_id, iat, exp, a unique jti, and the session as sid). Share links have header typ share+jwt and their
 * own audience; the links handed out before (no header typ, payload typ 'share', no aud) are accepted until
 * they expire. Device cookies have header typ device+jwt and the login call as audience. Each kind is verified
 * against its own header type and audience, so none can stand in for another.
 */
export class TokenSigner {
  // Imported once: with raw bytes jose imports the key again on every call, a third of a verification's cost.
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens whose signature and claims have been checked, with their expiry. A token's signature cannot stop
   * being valid, so a client sending the same token call after call (every page load does) is not checked by
   * WebCrypto again until the token expires. Revocation is not decided here: the auth guard still checks
   * the session or the share link in the database on every call. Only well-signed tokens enter.
   */
  private readonly verified = new Map<string, { result: VerifiedToken; expiresAtMs: number }>();
  /** The API, as access tokens name their audience. */
  readonly audience: string;
  private readonly shareAudience: string;
  private readonly deviceAudience: string;
  /** What verify accepts, by header type (undefined: none), with the audience each must name. */
  private readonly kinds: Map<string | undefined, { kind: TokenKind; audience?: string }>;
  /** Operation tokens already used (by jti), until they expire. */
  private readonly usedOperations = new Map<string, number>();
  /** The key of accountHash: derived from the secret, so that no HMAC of an account is ever a token's signature. */
  private readonly accountKey: Buffer;

  constructor(
    secret: string,
    private readonly issuer: string,
  ) {
    this.key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    this.accountKey = createHmac('sha256', secret).update('campaigns account hash').digest();
    this.audience = `${issuer}/api`;
    this.shareAudience = `${issuer}/api/share`;
    this.deviceAudience = `${issuer}/api/v1/auth/login`;
    this.kinds = new Map([
      [ACCESS_TYP, { kind: ACCESS, audience: this.audience }],
      [SHARE_TYP, { kind: SHARE, audience: this.shareAudience }],
      [undefined, { kind: LEGACY }],
    ]);
  }

  /**
   * A keyed hash (HMAC-SHA-256, hex) of a normalised e-mail, for device cookies: without the server's secret
   * nobody can tell which account it names, not even by hashing a list of addresses.
   */
  accountHash(email: string): string {
    return createHmac('sha256', this.accountKey).update(email).digest('hex');
  }

  signAccess(claims: AccessClaims, ttlSeconds: number): Promise<string> {
    const jwt = new SignJWT({ client_id: claims.clientId, sid: claims.familyId })
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TYP })
      .setAudience(this.audience);
    return this.sign(jwt, String(claims.userId), ttlSeconds, randomUUID());
  }

  signShare(claims: ShareClaims, ttlSeconds: number): Promise<string> {
    const jwt = new SignJWT({ cid: claims.campaignId }).setProtectedHeader({ alg: 'HS256', typ: SHARE_TYP }).setAudience(this.shareAudience);
    return this.sign(jwt, claims.shareId, ttlSeconds, randomUUID());
  }

  signDevice(claims: DeviceClaims, ttlSeconds: number): Promise<string> {
    const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: DEVICE_TYP }).setAudience(this.deviceAudience);
    return this.sign(jwt, claims.accountHash, ttlSeconds, claims.deviceId);
  }

  private async sign(jwt: SignJWT, subject: string, ttlSeconds: number, jti: string): Promise<string> {
    // One reading of the clock: read twice, iat and exp could fall either side of a second and differ by ttl + 1.
    const issuedAt = Math.floor(Date.now() / 1000);
    return jwt
      .setSubject(subject)
      .setIssuer(this.issuer)
      .setIssuedAt(issuedAt)
      .setJti(jti)
      .setExpirationTime(issuedAt + ttlSeconds)
      .sign(await this.key);
  }

  /** Checks signature, header type, issuer, audience, claims and expiry of an access or share token; never throws. */
  async verify(token: string): Promise<VerifiedToken> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return known.result;
      this.verified.delete(token);
      return known.result.kind === 'share' ? { kind: 'expired', share: true } : { kind: 'expired' };
    }
    let expected: { kind: TokenKind; audience?: string } | undefined;
    try {
      const { typ } = decodeProtectedHeader(token);
      expected = this.kinds.get(typ);
      if (!expected) return { kind: 'invalid' };
      const { kind, audience } = expected;
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ALGORITHMS,
        issuer: this.issuer,
        audience,
        typ: kind.typ,
        requiredClaims: kind.required,
      });
      const result = kind.claimsOf(payload);
      if ((result.kind === 'access' || result.kind === 'share') && typeof payload.exp === 'number') this.remember(token, result, payload.exp * 1000);
      return result;
    } catch (err) {
      if (!(err instanceof errors.JWTExpired)) return { kind: 'invalid' };
      return expected?.kind === SHARE ? { kind: 'expired', share: true } : { kind: 'expired' };
    }
  }

  /**
   * A token for an operations command to ask a running server for something only its operators may have (the
   * PGlite database's copy, operations/backup): only who can read the server's secret (its data folder or its
   * JWT_SECRET) can sign one. A minute long, for that one operation.
   */
  signOperation(operation: 'backup'): Promise<string> {
    const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: OPERATION_TYP }).setAudience(this.operationAudience(operation));
    return this.sign(jwt, operation, 60, randomUUID());
  }

  /**
   * Whether a token is a well-signed, unexpired operation token of this server for that operation, not used before
   * (each is good once: its jti is remembered until it expires); never throws.
   */
  async verifyOperation(token: string, operation: 'backup'): Promise<boolean> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ALGORITHMS,
        issuer: this.issuer,
        audience: this.operationAudience(operation),
        subject: operation,
        typ: OPERATION_TYP,
        requiredClaims: ['jti', 'sub', 'exp'],
      });
      const now = Date.now();
      for (const [jti, expiresAt] of this.usedOperations) if (expiresAt <= now) this.usedOperations.delete(jti);
      if (this.usedOperations.has(payload.jti as string)) return false;
      this.usedOperations.set(payload.jti as string, (payload.exp as number) * 1000);
      return true;
    } catch {
      return false;
    }
  }

  private operationAudience(operation: string): string {
    return `${this.issuer}/operations/${operation}`;
  }

  /** A device cookie's claims when it is well signed, of this server and not expired; never throws. */
  async verifyDevice(token: string): Promise<DeviceClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ALGORITHMS,
        issuer: this.issuer,
        audience: this.deviceAudience,
        typ: DEVICE_TYP,
        requiredClaims: ['jti', 'sub', 'exp'],
      });
      return { deviceId: payload.jti as string, accountHash: payload.sub as string };
    } catch {
      return undefined;
    }
  }

  private remember(token: string, result: VerifiedToken, expiresAtMs: number): void {
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, { result, expiresAtMs });
  }
}

/** The secret when the server generated it (kept in the data folder), which a backup carries; null with JWT_SECRET set. */
export async function generatedJwtSecret(configured: string | undefined, dataDir: string): Promise<string | null> {
  return configured ? null : resolveJwtSecret(undefined, dataDir);
}

/** The configured secret, or a random one generated once and kept in the data folder. */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  try {
    return (await fs.readFile(jwtSecretFile(dataDir), 'utf8')).trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    await keepJwtSecret(dataDir, secret);
    return secret;
  }
}

const jwtSecretFile = (dataDir: string) => path.join(dataDir, 'jwt-secret');

/** Keeps the generated secret in the data folder, readable by this user only (a restore puts back the backup's). */
export async function keepJwtSecret(dataDir: string, secret: string): Promise<void> {
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(jwtSecretFile(dataDir), secret, { mode: 0o600 });
}
