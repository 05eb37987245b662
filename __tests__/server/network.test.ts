import { ConfigError, loadConfig } from '../../src/server/config.js';
import { fastifyTrustProxy, isLoopbackHost, isReachable, parseTrustProxy } from '../../src/server/network.js';

describe('TRUST_PROXY', () => {
  it('is off unless set, and off for false, off, no and 0', () => {
    for (const raw of [undefined, '', ' ', 'false', 'OFF', 'no', '0']) expect(parseTrustProxy(raw)).toEqual({ value: false });
  });

  it('takes any spelling of 0 hops as off, so that it counts as no proxy everywhere', () => {
    for (const raw of ['00', ' 000 ', '0000000000000000000000']) expect(parseTrustProxy(raw)).toEqual({ value: false });
    expect(loadConfig({ TRUST_PROXY: '00' }).trustProxy).toBe(false);
    expect(isReachable({ host: 'localhost', trustProxy: parseTrustProxy('00').value, publicUrl: 'http://localhost:3000' })).toBe(false);
    expect(fastifyTrustProxy(0)).toBe(false);
    expect(isReachable({ host: 'localhost', trustProxy: 0, publicUrl: 'http://localhost:3000' })).toBe(false);
    expect(parseTrustProxy('01')).toEqual({ value: 1 });
  });

  it('takes a hop count or a list of addresses, subnets and proxy-addr names', () => {
    expect(parseTrustProxy('1')).toEqual({ value: 1 });
    expect(parseTrustProxy('2')).toEqual({ value: 2 });
    expect(parseTrustProxy('10.0.0.5, 10.1.0.0/16,loopback, ::1, fd00::/8, uniquelocal')).toEqual({
      value: ['10.0.0.5', '10.1.0.0/16', 'loopback', '::1', 'fd00::/8', 'uniquelocal'],
    });
  });

  it('refuses true, bad addresses, bad prefixes and too many hops, saying why', () => {
    expect(parseTrustProxy('true').problem).toMatch(/not "true"/);
    for (const raw of ['10.0.0.300', '10.0.0.0/33', '::1/129', 'proxy.example.org', '10.0.0.1/8/2', '10.0.0.1,', '21']) {
      expect(parseTrustProxy(raw)).toEqual({ value: false, problem: expect.stringContaining('TRUST_PROXY') });
    }
  });

  it('gives fastify a list as it is and a hop count as a function of the hop', () => {
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['loopback'])).toEqual(['loopback']);
    const twoHops = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false, false]);
  });
});

describe('reachable from other machines', () => {
  it('knows loopback hosts', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'campanas.example.org', 'localhost.example.org', '128.0.0.1', '::2'])
      expect(isLoopbackHost(host)).toBe(false);
  });

  it('is reachable on a non-loopback interface, behind a trusted proxy, or with a public address elsewhere', () => {
    const local = { host: 'localhost', trustProxy: false as const, publicUrl: 'http://localhost:3000' };
    expect(isReachable(local)).toBe(false);
    expect(isReachable({ ...local, host: '127.0.0.1', publicUrl: 'http://127.0.0.1:3000' })).toBe(false);
    expect(isReachable({ ...local, host: '0.0.0.0' })).toBe(true);
    expect(isReachable({ ...local, host: '::' })).toBe(true);
    expect(isReachable({ ...local, trustProxy: 1 })).toBe(true);
    expect(isReachable({ ...local, trustProxy: ['loopback'] })).toBe(true);
    expect(isReachable({ ...local, publicUrl: 'https://campanas.example.org' })).toBe(true);
  });
});

describe('configuration of the abuse defences', () => {
  it('listens on loopback, trusts no proxy, refuses demo passwords when reachable, and allows 300 auth calls a minute', () => {
    expect(loadConfig({})).toMatchObject({ host: 'localhost', trustProxy: false, allowDemoPasswords: false, authRateLimitPerMinute: 300 });
    expect(loadConfig({ HOST: '0.0.0.0', TRUST_PROXY: '127.0.0.1,10.0.0.0/8', ALLOW_DEMO_PASSWORDS: 'true', AUTH_RATE_LIMIT: '50' })).toMatchObject({
      host: '0.0.0.0',
      trustProxy: ['127.0.0.1', '10.0.0.0/8'],
      allowDemoPasswords: true,
      authRateLimitPerMinute: 50,
    });
  });

  it('stops the start on a bad TRUST_PROXY or ALLOW_DEMO_PASSWORDS, listing both', () => {
    let error: unknown;
    try {
      loadConfig({ TRUST_PROXY: 'true', ALLOW_DEMO_PASSWORDS: 'perhaps' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([expect.stringContaining('TRUST_PROXY'), expect.stringContaining('ALLOW_DEMO_PASSWORDS')]);
  });
});
