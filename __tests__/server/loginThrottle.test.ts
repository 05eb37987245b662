import { DEVICE_COOKIE_TTL_SECONDS, FORGET_AFTER_MS, FREE_FAILURES, MAX_DELAY_SECONDS, decideAttempt, delayAfterFailures } from '../../src/server/services/loginThrottle.js';
import { DEVICE_COOKIE, deviceCookieHeader, readCookie } from '../../src/server/services/deviceCookie.js';

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
    expect(decideAttempt({ failures: 0, blockedUntil: new Date(0), lastAttemptAt: new Date(0) }, now)).toEqual({ allowed: true, failures: 1, blockedUntil: now });
    expect(decideAttempt({ failures: 5, blockedUntil: at(-1), lastAttemptAt: at(-1000) }, now)).toEqual({ allowed: true, failures: 6, blockedUntil: at(2000) });
    expect(decideAttempt({ failures: 5, blockedUntil: now, lastAttemptAt: at(-1000) }, now)).toMatchObject({ allowed: true, failures: 6 });
  });

  it('refuses an attempt inside the wait, with the seconds left rounded up', () => {
    expect(decideAttempt({ failures: 6, blockedUntil: at(1500), lastAttemptAt: at(-500) }, now)).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(decideAttempt({ failures: 20, blockedUntil: at(MAX_DELAY_SECONDS * 1000), lastAttemptAt: now }, now)).toEqual({ allowed: false, retryAfterSeconds: MAX_DELAY_SECONDS });
  });

  it('forgets the failures of a bucket quiet for a day', () => {
    expect(decideAttempt({ failures: 30, blockedUntil: at(1000), lastAttemptAt: at(-FORGET_AFTER_MS) }, now)).toEqual({ allowed: true, failures: 1, blockedUntil: now });
    expect(decideAttempt({ failures: 30, blockedUntil: at(-1000), lastAttemptAt: at(-FORGET_AFTER_MS + 1) }, now)).toMatchObject({ allowed: true, failures: 31 });
  });
});

describe('device cookie', () => {
  it('is httpOnly, SameSite=Strict, scoped to the login call, and Secure on https', () => {
    expect(deviceCookieHeader('a.b.c', 'http://localhost:3000')).toBe(
      `campaigns_device=a.b.c; Path=/api/v1/auth/login; Max-Age=${DEVICE_COOKIE_TTL_SECONDS}; HttpOnly; SameSite=Strict`,
    );
    expect(deviceCookieHeader('a.b.c', 'https://campanas.example.org')).toMatch(/; Secure$/);
  });

  it('is read from a Cookie header among others', () => {
    expect(readCookie('a=1; campaigns_device=x.y.z; b=2', DEVICE_COOKIE)).toBe('x.y.z');
    expect(readCookie('xcampaigns_device=1;campaigns_device=t', DEVICE_COOKIE)).toBe('t');
    expect(readCookie('campaigns_device=', DEVICE_COOKIE)).toBeUndefined();
    expect(readCookie('other=1', DEVICE_COOKIE)).toBeUndefined();
    expect(readCookie(undefined, DEVICE_COOKIE)).toBeUndefined();
  });
});
