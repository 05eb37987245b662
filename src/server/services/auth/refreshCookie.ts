/**
 * The web client's refresh token, in a cookie no script can read: HttpOnly, SameSite=Strict, sent only to the token
 * endpoint (its Path), Secure when the public address is https. The token endpoint sets it with every pair it issues
 * and reads it when a refresh comes without a refresh_token field (the web client's); outside clients keep using the
 * RFC 6749 body. Logout and a refused refresh clear it.
 */
export const REFRESH_COOKIE = 'campaigns_refresh';
export const REFRESH_COOKIE_PATH = '/api/v1/auth/token';

/** What a refresh token looks like (randomToken: 32 bytes in base64url); anything else in the cookie is ignored. */
const REFRESH_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const attributes = (publicUrl: string, maxAge: number) =>
  `Path=${REFRESH_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${publicUrl.startsWith('https:') ? '; Secure' : ''}`;

/** The Set-Cookie value that gives the browser this refresh token for as long as the token lives. */
export const refreshCookieHeader = (token: string, publicUrl: string, maxAgeSeconds: number) =>
  `${REFRESH_COOKIE}=${token}; ${attributes(publicUrl, maxAgeSeconds)}`;

/** The Set-Cookie value that removes it. */
export const clearRefreshCookieHeader = (publicUrl: string) => `${REFRESH_COOKIE}=; ${attributes(publicUrl, 0)}`;

/** The refresh token in a Cookie header, if one of the right shape is there (the first, the most specific path). */
export function readRefreshCookie(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== REFRESH_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (REFRESH_TOKEN_SHAPE.test(value)) return value;
  }
  return undefined;
}
