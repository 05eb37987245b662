import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The S256 code challenge of a verifier (RFC 7636 section 4.2). */
function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** True when the verifier produces the challenge stored with the code. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  const a = Buffer.from(s256Challenge(verifier));
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** An opaque random secret (authorization codes, refresh tokens): 256 bits, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How opaque secrets are stored: only their SHA-256. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
