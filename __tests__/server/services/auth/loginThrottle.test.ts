import {
  DEVICE_COOKIE_TTL_SECONDS,
  FORGET_AFTER_MS,
  FREE_FAILURES,
  MAX_DELAY_SECONDS,
  decideAttempt,
  delayAfterFailures,
} from '../../../../src/server/services/auth/loginThrottle.js';
import { MAX_DEVICE_COOKIES, deviceCookieHeaders, deviceCookieName, readDeviceCookies } from '../../../../src/server/services/auth/deviceCookie.js';

describe('login throttle delay', () => {
  it('lets the first failures through at once, then doubles the wait up to the cap', () => {
    const delays = Array.from({ length: 18 }, (_, i) => delayAfterFailures(i + 1));
    expect(delays).toEqual([0, 0, 0, 0, 0, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900]);
    expect(FREE_FAILURES).toBe(5);
    expect(delayAfterFailures(10_000)).toBe(MAX_DELAY_SECONDS);
  });

  const now = new Date('2026-03-02T09:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);

  it('counts an attempt it lets through and sets the wait before the next', () => {
    expect(decideAttempt({ failures: 0, blockedUntil: new Date(0), lastAttemptAt: new Date(0), auditedUntil: new Date(0) }, now)).toEqual({
      allowed: true,
      failures: 1,
      blockedUntil: now,
    });
    expect(decideAttempt({ failures: 5, blockedUntil: at(-1), lastAttemptAt: at(-1000), auditedUntil: new Date(0) }, now)).toEqual({
      allowed: true,
      failures: 6,
      blockedUntil: at(2000),
    });
    expect(decideAttempt({ failures: 5, blockedUntil: now, lastAttemptAt: at(-1000), auditedUntil: new Date(0) }, now)).toMatchObject({
      allowed: true,
      failures: 6,
    });
  });

  it('refuses an attempt inside the wait, with the seconds left rounded up', () => {
    expect(decideAttempt({ failures: 6, blockedUntil: at(1500), lastAttemptAt: at(-500), auditedUntil: new Date(0) }, now)).toEqual({
      allowed: false,
      retryAfterSeconds: 2,
      audit: true,
    });
    expect(decideAttempt({ failures: 20, blockedUntil: at(MAX_DELAY_SECONDS * 1000), lastAttemptAt: now, auditedUntil: new Date(0) }, now)).toEqual({
      allowed: false,
      retryAfterSeconds: MAX_DELAY_SECONDS,
      audit: true,
    });
  });

  it('has only the first refusal of each wait audited', () => {
    const waiting = { failures: 6, blockedUntil: at(1500), lastAttemptAt: at(-500) };
    expect(decideAttempt({ ...waiting, auditedUntil: at(-1000) }, now)).toMatchObject({ allowed: false, audit: true });
    expect(decideAttempt({ ...waiting, auditedUntil: at(1500) }, now)).toMatchObject({ allowed: false, audit: false });
    // A later wait (a failure let through after the audited one ended) is audited again.
    expect(decideAttempt({ ...waiting, blockedUntil: at(4000), auditedUntil: at(1500) }, now)).toMatchObject({ allowed: false, audit: true });
  });

  it('forgets the failures of a bucket quiet for a day', () => {
    expect(decideAttempt({ failures: 30, blockedUntil: at(1000), lastAttemptAt: at(-FORGET_AFTER_MS), auditedUntil: new Date(0) }, now)).toEqual({
      allowed: true,
      failures: 1,
      blockedUntil: now,
    });
    expect(decideAttempt({ failures: 30, blockedUntil: at(-1000), lastAttemptAt: at(-FORGET_AFTER_MS + 1), auditedUntil: new Date(0) }, now)).toMatchObject({
      allowed: true,
      failures: 31,
    });
  });
});

describe('device cookies', () => {
  const name = (n: number) => `campaigns_device_${String(n).padStart(12, '0')}`;
  /** A token whose only readable claim is its issue time (the signature is not checked here). */
  const issuedAt = (iat: number) => `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify({ iat })).toString('base64url')}.sig`;

  it('is named after 12 hex characters of the account hash', () => {
    expect(deviceCookieName('0123456789abcdef0123')).toBe('campaigns_device_0123456789ab');
  });

  it('is httpOnly, SameSite=Strict, scoped to the login call, and Secure on https', () => {
    expect(deviceCookieHeaders(new Map(), name(1), 'a.b.c', 'http://localhost:3000')).toEqual([
      `${name(1)}=a.b.c; Path=/api/v1/auth/login; Max-Age=${DEVICE_COOKIE_TTL_SECONDS}; HttpOnly; SameSite=Strict`,
    ]);
    expect(deviceCookieHeaders(new Map(), name(1), 'a.b.c', 'https://campanas.example.org')[0]).toMatch(/; Secure$/);
  });

  it('is read from a Cookie header among others, device cookies only, the first of a name', () => {
    const header = `a=1; ${name(1)}=x.y.z; campaigns_device=old; campaigns_device_XYZ=no;x${name(2)}=no; ${name(3)}=; ${name(4)}=t;${name(4)}=u`;
    expect([...readDeviceCookies(header)]).toEqual([
      [name(1), 'x.y.z'],
      [name(4), 't'],
    ]);
    expect(readDeviceCookies(undefined).size).toBe(0);
    expect(readDeviceCookies('other=1').size).toBe(0);
  });

  it(`keeps a browser to ${MAX_DEVICE_COOKIES} device cookies: the oldest others removed, unreadable ones first, the header's order on a tie`, () => {
    const sent = new Map<string, string>();
    for (let i = 0; i < MAX_DEVICE_COOKIES - 1; i++) sent.set(name(i), issuedAt(1000 + i));
    // Room for the new account's cookie: nothing removed; the account's own cookie renewed: nothing removed.
    expect(deviceCookieHeaders(sent, name(99), 'new', 'http://localhost')).toHaveLength(1);
    sent.set(name(50), issuedAt(500)); // older than all, sent last
    sent.set(name(51), 'not-a-jwt');
    sent.set(name(52), issuedAt(1000)); // ties with name(0), sent after it
    expect(deviceCookieHeaders(sent, name(52), 'new', 'http://localhost')).toHaveLength(3);
    const removed = (headers: string[]) => headers.slice(1).map((h) => h.split('=')[0]);
    const headers = deviceCookieHeaders(sent, name(99), 'new', 'http://localhost');
    expect(removed(headers)).toEqual([name(51), name(50), name(0)]);
    sent.delete(name(1));
    expect(removed(deviceCookieHeaders(sent, name(99), 'new', 'http://localhost'))).toEqual([name(51), name(50)]);
    sent.set(name(53), issuedAt(1000));
    expect(removed(deviceCookieHeaders(sent, name(99), 'new', 'http://localhost'))).toEqual([name(51), name(50), name(0)]);
    expect(headers[1]).toBe(`${name(51)}=; Path=/api/v1/auth/login; Max-Age=0; HttpOnly; SameSite=Strict`);
  });
});
