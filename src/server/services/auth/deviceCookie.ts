import { decodeJwt } from 'jose';
import { DEVICE_COOKIE_TTL_SECONDS } from './loginThrottle.js';

/**
 * Device cookies are named per account (campaigns_device_<12 hex of the account's keyed hash>), so that on a
 * shared computer each colleague's login keeps its own; they go only to one path, the login call.
 */
const DEVICE_COOKIE_PREFIX = 'campaigns_device_';
const DEVICE_COOKIE_PATH = '/api/v1/auth/login';
/** How many device cookies a browser keeps (one per account signed in on it): up to about 5 KB on the login call. */
export const MAX_DEVICE_COOKIES = 10;

const DEVICE_COOKIE_NAME = /^campaigns_device_[0-9a-f]{12}$/;

/** The device cookie's name for an account, from TokenSigner.accountHash: it does not give the e-mail away. */
export const deviceCookieName = (accountHash: string) => DEVICE_COOKIE_PREFIX + accountHash.slice(0, 12);

/** The device cookies in a Cookie header, by name, in the header's order. Device tokens need no decoding (JWT characters). */
export function readDeviceCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, Math.max(eq, 0)).trim();
    const value = part.slice(eq + 1).trim();
    if (DEVICE_COOKIE_NAME.test(name) && value && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

/** When a device token was issued (its iat, unverified: it only orders the browser's own cookies); 0 if unreadable. */
function issuedAt(token: string): number {
  try {
    return decodeJwt(token).iat ?? 0;
  } catch {
    return 0;
  }
}

/**
 * The Set-Cookie values after a login: this account's new device token and, when the browser would then hold
 * more than MAX_DEVICE_COOKIES, the removal of the oldest others. Each cookie is httpOnly (scripts never see
 * it), SameSite=Strict and scoped to the login path (no other call carries it), Secure when the public address
 * is https.
 */
export function deviceCookieHeaders(sent: ReadonlyMap<string, string>, name: string, token: string, publicUrl: string): string[] {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  const cookie = (cookieName: string, value: string, maxAge: number) =>
    `${cookieName}=${value}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;
  // Oldest first: by issue time, then by the header's order (browsers send older cookies first).
  const others = [...sent.keys()].filter((other) => other !== name).map((other, order) => ({ other, order, iat: issuedAt(sent.get(other) as string) }));
  others.sort((a, b) => a.iat - b.iat || a.order - b.order);
  const dropped = others.slice(0, Math.max(0, others.length - (MAX_DEVICE_COOKIES - 1)));
  return [cookie(name, token, DEVICE_COOKIE_TTL_SECONDS), ...dropped.map(({ other }) => cookie(other, '', 0))];
}
