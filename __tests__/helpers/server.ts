import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { TokenSigner } from '../../src/server/services/auth/jwt.js';
import type { AppContext } from '../../src/server/context.js';
import type { Db } from '../../src/server/db/client.js';

export interface TestServer {
  url: string;
  ctx: AppContext;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The test servers' JWT secret, for tests that sign tokens by hand. */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256';

/** Starts the real app on a random local port over the given database; env overrides the configuration. */
export async function startTestServer(
  db: Db,
  env: Record<string, string> = {},
  extend?: (app: FastifyInstance) => void,
  appOptions?: Parameters<typeof buildApp>[1],
): Promise<TestServer> {
  // No timed reminders unless a test asks: it calls sendAssigneeReminders with the day it wants.
  // Nor a limit on the public pages or the complaints unless a test sets one: a test asks them more often than a reader would.
  // Nor the activity log's retention: tests write rows of dates they choose (a test of it sets LOG_RETENTION_DAYS).
  const config: Config = loadConfig({
    AUTH_RATE_LIMIT: '10000',
    COMPLAINT_RATE_LIMIT: '10000',
    PUBLIC_RATE_LIMIT: '0',
    STATIC_DIR: '/nonexistent',
    REMINDER_CHECK_MINUTES: '0',
    LOG_RETENTION_DAYS: '36500',
    ...env,
  });
  const ctx: AppContext = { config, db, signer: new TokenSigner(TEST_JWT_SECRET, config.publicUrl) };
  // Each schema compiled when its call is first made: most of a start otherwise, for calls a file mostly never makes.
  const app = await buildApp(ctx, { compileSchemas: 'onFirstUse', ...appOptions });
  extend?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, ctx, app, close: () => app.close() };
}

/** A JSON request to the test server; returns status, body and headers. */
export async function call(
  server: TestServer,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; form?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(server.url + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** A GET whose body is read as the bytes sent (fetch would undo a content encoding), with its headers. */
export function rawGet(
  server: TestServer,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(server.url + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
