import path from 'node:path';
import { parseTrustProxy, type TrustProxy } from './network.js';

/** Everything the server reads from the environment, parsed once at start. */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  readonly dataDir: string;
  /** A PostgreSQL connection string; absent means the embedded PGlite database in dataDir. */
  readonly databaseUrl: string | undefined;
  /** HS256 signing secret; absent means a random one kept in dataDir. */
  readonly jwtSecret: string | undefined;
  readonly oauth: { readonly clientId: string; readonly clientSecret: string; readonly redirectUri: string };
  readonly ttl: { readonly accessToken: number; readonly refreshToken: number; readonly authCode: number; readonly shareToken: number };
  readonly authRateLimitPerMinute: number;
  /** Which proxies' X-Forwarded-For is believed (TRUST_PROXY); false: none, the socket's address is the client's. */
  readonly trustProxy: TrustProxy;
  /** Accept the demo accounts' public password even on a server other machines reach (ALLOW_DEMO_PASSWORDS). */
  readonly allowDemoPasswords: boolean;
  readonly showErrorLogs: boolean;
  readonly seedDemo: boolean;
  readonly logLevel: string;
  readonly staticDir: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads and checks the configuration; throws ConfigError listing every bad value. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const bool = (name: string, fallback: boolean) => {
    const raw = read(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, fallback: string) => {
    const raw = read(name) ?? fallback;
    try {
      const parsed = new URL(raw);
      if (!['http:', 'https:'].includes(parsed.protocol)) throw new Error('protocol');
    } catch {
      problems.push(`${name} must be an http(s) URL (got "${raw}")`);
    }
    return raw.replace(/\/+$/, '');
  };

  const port = int('PORT', 3000, 0, 65535);
  const publicUrl = url('PUBLIC_URL', `http://localhost:${port}`);
  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const jwtSecret = read('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters long');
  }
  const logLevel = read('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const trustProxy = parseTrustProxy(read('TRUST_PROXY'));
  if (trustProxy.problem) problems.push(trustProxy.problem);

  const config: Config = {
    port,
    // Loopback unless asked: the demo's known passwords must not face the network (see network.ts isReachable).
    // 'localhost' makes fastify listen on every address it resolves to (127.0.0.1 and ::1 where both exist).
    host: read('HOST') ?? 'localhost',
    publicUrl,
    dataDir: path.resolve(read('DATA_DIR') ?? './data'),
    databaseUrl,
    jwtSecret,
    oauth: {
      clientId: read('OAUTH_CLIENT_ID') ?? 'campaigns-web',
      clientSecret: read('OAUTH_CLIENT_SECRET') ?? 'campaigns-web-secret',
      redirectUri: url('OAUTH_REDIRECT_URI', `${publicUrl}/auth/callback`),
    },
    ttl: {
      accessToken: int('ACCESS_TOKEN_TTL', 15 * 60, 1, 24 * 3600),
      refreshToken: int('REFRESH_TOKEN_TTL', 30 * 24 * 3600, 60, 365 * 24 * 3600),
      authCode: int('AUTH_CODE_TTL', 60, 1, 600),
      shareToken: int('SHARE_TOKEN_TTL', 30 * 24 * 3600, 60, 365 * 24 * 3600),
    },
    // Per client address and instance: high enough for a town hall's staff behind one NAT address signing in at
    // nine; guessing one account's password is held back by the per-account throttle instead (loginThrottle.ts).
    authRateLimitPerMinute: int('AUTH_RATE_LIMIT', 300, 1, 100000),
    trustProxy: trustProxy.value,
    allowDemoPasswords: bool('ALLOW_DEMO_PASSWORDS', false),
    showErrorLogs: bool('SHOW_ERROR_LOGS', false),
    seedDemo: bool('SEED_DEMO', databaseUrl === undefined),
    logLevel,
    staticDir: path.resolve(read('STATIC_DIR') ?? './dist/client'),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}
