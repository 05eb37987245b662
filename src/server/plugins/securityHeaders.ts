import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, frame options, no sniffing, referrer and origin policies, HSTS when asked) on every
 * answer: pages, calls, assets and errors alike. The middleware is built once, at start, and set on each response
 * before routing, as @fastify/helmet does; that plugin built it again for every request, parsing the CSP's directives
 * each time (some 5% of a kept report's read, as much as a health call's whole work on the server).
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const setHeaders = helmet(options);
  // Helmet throws what goes wrong rather than passing it on, so its callback only carries on.
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
}
