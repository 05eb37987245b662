import { DEVICE_COOKIE_TTL_SECONDS } from './loginThrottle.js';

/** The device cookie's name, and the one path the browser sends it to: the login call. */
export const DEVICE_COOKIE = 'campaigns_device';
export const DEVICE_COOKIE_PATH = '/api/v1/auth/login';

/** The value of one cookie in a Cookie header; undefined when absent. Device tokens need no decoding (JWT characters). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/**
 * The Set-Cookie value that gives a browser its device token: httpOnly (scripts never see it), SameSite=Strict
 * and scoped to the login path (no other call carries it), Secure when the public address is https.
 */
export function deviceCookieHeader(token: string, publicUrl: string): string {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${DEVICE_COOKIE}=${token}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${DEVICE_COOKIE_TTL_SECONDS}; HttpOnly; SameSite=Strict${secure}`;
}
