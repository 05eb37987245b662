/** The technical cookie that holds the session's access token (spec section 9): path /, SameSite=Strict, Secure on https. */
export const ACCESS_TOKEN_COOKIE = 'access_token';
/** Where versions before the HttpOnly refresh cookie kept the refresh token, readable by scripts: only ever deleted now. */
export const LEGACY_REFRESH_TOKEN_COOKIE = 'refresh_token';

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Strict${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Strict`;
}
