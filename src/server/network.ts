import net from 'node:net';

/**
 * Which proxies' X-Forwarded-For the server believes (fastify's trustProxy): none, the nearest n hops, or the
 * proxies at these addresses, subnets (CIDR) or proxy-addr names ('loopback', 'linklocal', 'uniquelocal').
 */
export type TrustProxy = false | number | readonly string[];

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const MAX_HOPS = 20;

function isAddressOrSubnet(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as fastify's trustProxy, or a problem. `true` (believe any X-Forwarded-For) is refused: any
 * client could then choose its own address and walk around the per-address login limit.
 */
export function parseTrustProxy(raw: string | undefined): { value: TrustProxy; problem?: string } {
  const text = raw?.trim().toLowerCase() ?? '';
  if (['', 'false', 'off', 'no'].includes(text)) return { value: false };
  if (['true', 'on', 'yes'].includes(text)) {
    return {
      value: false,
      problem: 'TRUST_PROXY must be a number of proxy hops or a list of proxy addresses, not "true" (any client could then choose its own address)',
    };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    // Any spelling of 0 ('0', '00') is off: a 0 kept as a number would count as a proxy in isReachable.
    if (hops === 0) return { value: false };
    return hops <= MAX_HOPS ? { value: hops } : { value: false, problem: `TRUST_PROXY must be a hop count between 1 and ${MAX_HOPS} (got "${raw}")` };
  }
  const entries = text.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isAddressOrSubnet(e));
  if (bad.length > 0) {
    return {
      value: false,
      problem: `TRUST_PROXY must be a hop count or a comma-separated list of addresses, subnets (CIDR) or loopback/linklocal/uniquelocal (bad: "${bad.join('", "')}")`,
    };
  }
  return { value: Object.freeze(entries) };
}

/** True when some proxy's X-Forwarded-For is believed (0 hops, however it got here, is none). */
const trustsAnyProxy = (trust: TrustProxy): boolean => trust !== false && trust !== 0;

/**
 * TRUST_PROXY in the form fastify takes. A hop count becomes a function: fastify 5.12 takes a bare number as
 * "trust nothing", since a count cannot tell the proxy from a client that reaches the server directly and
 * writes its own X-Forwarded-For. So a count is for servers that only the proxies can reach; docs/operations.md says so.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false || trust === 0) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/** True when a host name or address can only be reached from this machine (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost') return true;
  const family = net.isIP(name);
  return family !== 0 && LOOPBACK.check(name, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * True when people on other machines can reach the server: it listens on a non-loopback interface, or it sits
 * behind a proxy (TRUST_PROXY set: the proxy exists to forward other machines' requests, even to a server bound
 * to 127.0.0.1), or its public address (PUBLIC_URL) is not this machine's loopback (a tunnel, a proxy or a
 * published port that the operator announces to users).
 */
export function isReachable(config: { host: string; trustProxy: TrustProxy; publicUrl: string }): boolean {
  return !isLoopbackHost(config.host) || trustsAnyProxy(config.trustProxy) || !isLoopbackHost(new URL(config.publicUrl).hostname);
}

/** The headers a proxy adds to say whom it forwards a request for. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * True when a request came from this machine straight to the server: its connection is from loopback and it carries
 * no proxy's forwarding header (behind a proxy on the same machine, every visitor's connection is from loopback).
 */
export function isDirectLocalRequest(request: { headers: Record<string, unknown>; socket: { remoteAddress?: string } }): boolean {
  return !FORWARDING_HEADERS.some((header) => request.headers[header] !== undefined) && isLoopbackHost(request.socket.remoteAddress ?? '');
}
