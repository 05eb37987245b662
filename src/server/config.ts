import os from 'node:os';
import path from 'node:path';
import { isLoopbackHost, parseTrustProxy, type TrustProxy } from './network.js';
import { HAS_FORBIDDEN_CHARACTER } from '../shared/api/schema.js';
import { REPORT_CACHE_BYTES } from './reports/reportCache.js';
import { PGLITE_SHARED_BUFFERS_MB } from './db/dataDir.js';
import { EVIDENCE_MAX_BYTES_DEFAULT, EVIDENCE_MAX_TOTAL_BYTES_DEFAULT, POPULATION_MAX } from '../shared/constants.js';

/** Everything the server reads from the environment, parsed once at start. */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  readonly dataDir: string;
  /** A PostgreSQL connection string; absent means the embedded PGlite database in dataDir. */
  readonly databaseUrl: string | undefined;
  /** The most PostgreSQL connections this instance opens (DATABASE_POOL_SIZE; see defaultPoolSize). */
  readonly databasePoolSize: number;
  /** PGLITE_SHARED_BUFFERS_MB: the embedded database's page cache, in MiB (PGlite's own 128 by default). */
  readonly pgliteSharedBuffersMb: number;
  /** HS256 signing secret; absent means a random one kept in dataDir. */
  readonly jwtSecret: string | undefined;
  readonly oauth: { readonly clientId: string; readonly clientSecret: string; readonly redirectUri: string };
  readonly ttl: { readonly accessToken: number; readonly refreshToken: number; readonly authCode: number; readonly shareToken: number };
  readonly authRateLimitPerMinute: number;
  /** Accessibility complaints per hour and client address (each is a row and an e-mail to every administrator). */
  readonly complaintsPerHour: number;
  /** Requests a minute per client address to the public pages and open data (PUBLIC_RATE_LIMIT); 0: no limit. */
  readonly publicRateLimitPerMinute: number;
  /** Which proxies' X-Forwarded-For is believed (TRUST_PROXY); false: none, the socket's address is the client's. */
  readonly trustProxy: TrustProxy;
  /** Accept the demo accounts' public password even on a server other machines reach (ALLOW_DEMO_PASSWORDS). */
  readonly allowDemoPasswords: boolean;
  readonly showErrorLogs: boolean;
  readonly seedDemo: boolean;
  readonly logLevel: string;
  readonly staticDir: string;
  /**
   * The population bands of 'Entidades de tamaño similar', each by its smallest population, ascending from 1
   * (SIZE_BANDS lists the largest population of every band but the last; see parseSizeBands).
   */
  readonly sizeBands: readonly number[];
  /** The fewest participants a territorial mean is shown for (MIN_GROUP_SIZE; 1, the default, shows every mean). */
  readonly minGroupSize: number;
  /** The sites that may show the public embed page in a frame (EMBED_ORIGINS; none by default). */
  readonly embedOrigins: readonly string[];
  /** Where e-mail goes (SMTP_URL, SMTP_FROM); null: no e-mail, the status page offers the addresses as CSV. */
  readonly smtp: SmtpConfig | null;
  /** How often the server looks for assignees to remind of a closing campaign (REMINDER_CHECK_MINUTES; 0: never). */
  readonly reminderCheckMinutes: number;
  /** How many days the activity log (sign-ins among its rows) is kept before the server removes a row (LOG_RETENTION_DAYS). */
  readonly logRetentionDays: number;
  /** SHUTDOWN_DRAIN_MS: how long a stopping server answers with Connection: close before it stops listening. */
  readonly shutdownDrainMs: number;
  /**
   * REPORT_CACHE_MB: the bound of the report cache, in bytes (reportCache.ts REPORT_CACHE_BYTES by default): the
   * results, comparisons and trends an instance keeps built, about 27 KB a sent campaign.
   */
  readonly reportCacheBytes: number;
  /** METRICS_TOKEN: a bearer token that opens GET /metrics from anywhere (without it, from this machine only). */
  readonly metricsToken: string | undefined;
  /** Single sign-on through the organisation's OpenID provider (OIDC_*); null: none. */
  readonly oidc: OidcConfig | null;
  /** PASSWORD_LOGIN: whether users sign in with e-mail and password (false needs OIDC: the provider is then the only way in). */
  readonly passwordLogin: boolean;
  /**
   * Files given as evidence: the largest one (EVIDENCE_MAX_BYTES) and all the files of one campaign together
   * (EVIDENCE_MAX_TOTAL_BYTES), in bytes; the folder in which the server makes its private folder for files still
   * arriving (EVIDENCE_TMP_DIR, the system's temporary folder unless set).
   */
  readonly evidence: { readonly maxBytes: number; readonly maxTotalBytes: number; readonly tmpDir: string };
}

/** An SMTP server to send through. The URL may hold a password: never log it (redactUrl). */
export interface SmtpConfig {
  readonly url: string;
  readonly from: string;
}

/** An OpenID Connect provider to sign in with (authorization code with PKCE; services/auth/oidc.ts). */
export interface OidcConfig {
  /** OIDC_ISSUER: the provider's issuer URL, whose /.well-known/openid-configuration describes it. */
  readonly issuer: string;
  readonly clientId: string;
  /** OIDC_CLIENT_SECRET: never logged. */
  readonly clientSecret: string;
  /** OIDC_NAME: what the login page's button says after 'Entrar con' (the issuer's host name unless set). */
  readonly name: string;
  /** OIDC_CREATE_USERS: a verified e-mail with no account gets a new USER account with no entity (false: refused). */
  readonly createUsers: boolean;
  /** Where the provider sends the browser back: PUBLIC_URL + OIDC_CALLBACK_PATH, to register at the provider. */
  readonly redirectUri: string;
}

/** The path of the server's own page the provider sends the browser back to. */
export const OIDC_CALLBACK_PATH = '/api/v1/auth/oidc/callback';

/**
 * OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together (or none of them), OIDC_NAME and OIDC_CREATE_USERS.
 * The issuer must be https, or http on this machine's loopback (a provider run for tests or development).
 */
export function parseOidc(
  read: (name: string) => string | undefined,
  createUsers: boolean,
  publicUrl: string,
): { value: OidcConfig | null } | { problem: string } {
  const [issuer, clientId, clientSecret] = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'].map(read);
  if (issuer === undefined && clientId === undefined && clientSecret === undefined) return { value: null };
  if (issuer === undefined || clientId === undefined || clientSecret === undefined)
    return { problem: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together' };
  let parsed: URL;
  try {
    parsed = new URL(issuer);
  } catch {
    return { problem: `OIDC_ISSUER must be the provider's https URL (got "${issuer}")` };
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)))
    return { problem: `OIDC_ISSUER must be an https URL, or http on this machine's loopback (got "${issuer}")` };
  if (parsed.search || parsed.hash) return { problem: `OIDC_ISSUER must have no query or fragment (got "${issuer}")` };
  const name = read('OIDC_NAME') ?? parsed.hostname;
  if (name.length > 60 || HAS_FORBIDDEN_CHARACTER.test(name)) return { problem: 'OIDC_NAME must be at most 60 characters on one line' };
  return { value: { issuer, clientId, clientSecret, name, createUsers, redirectUri: `${publicUrl}${OIDC_CALLBACK_PATH}` } };
}

/** A URL with its password replaced by '***', for messages and logs. */
export function redactUrl(raw: string): string {
  try {
    const parsed = new URL(raw);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return raw.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@');
  }
}

/** SMTP_URL (smtp:// or smtps://, with a host) and SMTP_FROM (defaults to no-reply at PUBLIC_URL's host). */
export function parseSmtp(rawUrl: string | undefined, rawFrom: string | undefined, publicUrl: string): { value: SmtpConfig | null } | { problem: string } {
  if (rawUrl === undefined) return { value: null };
  let parsed: URL;
  try {
    parsed = new URL(rawUrl);
  } catch {
    return { problem: `SMTP_URL must be a URL such as smtp://user:password@host:587 (got "${redactUrl(rawUrl)}")` };
  }
  if (!['smtp:', 'smtps:'].includes(parsed.protocol) || !parsed.hostname) {
    return { problem: `SMTP_URL must start with smtp:// or smtps:// and name a host (got "${redactUrl(rawUrl)}")` };
  }
  let host = 'localhost';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // PUBLIC_URL's own problem is reported by its check
  }
  const from = rawFrom ?? `no-reply@${host}`;
  if (!/^[^\r\n]*@[^\r\n]*$/.test(from) || from.length > 200)
    return { problem: `SMTP_FROM must be an e-mail address, optionally with a name: "Campañas <campanas@example.org>" (got "${from}")` };
  return { value: { url: rawUrl, from } };
}

/** The default bands, close to INE's municipal size classes: up to 5,000; 5,001-20,000; 20,001-50,000; 50,001-100,000; over 100,000. */
export const DEFAULT_SIZE_BANDS = '5000,20000,50000,100000';

/**
 * The bands' smallest populations from SIZE_BANDS, the largest population of every band but the last, strictly
 * ascending: '5000,20000' is 1-5,000, 5,001-20,000 and over 20,000, that is [1, 5001, 20001]. A problem is a
 * sentence for ConfigError.
 */
export function parseSizeBands(raw: string): { value: number[] } | { problem: string } {
  const bounds = raw.split(',').map((part) => part.trim());
  const numbers = bounds.map(Number);
  const valid =
    bounds.length <= 20 &&
    bounds.every((b, i) => /^[0-9]+$/.test(b) && numbers[i] >= 1 && numbers[i] < POPULATION_MAX && (i === 0 || numbers[i] > numbers[i - 1]));
  if (!valid) return { problem: `SIZE_BANDS must be up to 20 ascending whole populations separated by commas, such as ${DEFAULT_SIZE_BANDS} (got "${raw}")` };
  return { value: [1, ...numbers.map((n) => n + 1)] };
}

/**
 * EMBED_ORIGINS: origins separated by commas or spaces (https://diario.example, http://localhost:8080), each a
 * scheme, a host and an optional port, nothing else; they become the embed page's CSP frame-ancestors.
 */
export function parseEmbedOrigins(raw: string | undefined): { value: string[] } | { problem: string } {
  if (raw === undefined) return { value: [] };
  const origins = raw.split(/[\s,]+/).filter(Boolean);
  const valid = origins.length <= 50 && origins.every((o) => /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(o) && new URL(o).origin === o.toLowerCase());
  if (!valid) return { problem: `EMBED_ORIGINS must be origins such as https://diario.example, separated by commas (got "${raw}")` };
  return { value: origins.map((o) => o.toLowerCase()) };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

type Env = Record<string, string | undefined>;

/**
 * Connections per instance unless DATABASE_POOL_SIZE says: twice the machine's cores, the usual starting point
 * (more connections than the database's cores can run make each statement wait for a core, with the app's event
 * loop on the same cores too), and at most 10, the pool's size before it was configurable: a large machine's
 * instances must not use up PostgreSQL's connections (max_connections, 100 by default). Measured in the
 * deadline-day bench on a 2-core machine running the app and PostgreSQL (docs/benchmarks.md): 4 connections
 * served more saves than 10 and a submission's p95 fell from 52-64 to 36-40 ms.
 */
export const defaultPoolSize = (): number => Math.min(10, 2 * os.availableParallelism());

const MiB = 1024 * 1024;

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
    // Digits only: '1e1', '0x10' or '8.0' are refused rather than read as numbers.
    const n = /^-?\d+$/.test(raw) ? Number(raw) : NaN;
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
  const metricsToken = read('METRICS_TOKEN');
  if (metricsToken !== undefined && !/^[\x21-\x7e]{32,}$/.test(metricsToken)) {
    problems.push('METRICS_TOKEN must be at least 32 printable characters without spaces');
  }
  const oidc = parseOidc(read, bool('OIDC_CREATE_USERS', false), publicUrl);
  if ('problem' in oidc) problems.push(oidc.problem);
  const passwordLogin = bool('PASSWORD_LOGIN', true);
  if (!passwordLogin && !('value' in oidc && oidc.value))
    problems.push('PASSWORD_LOGIN=false needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: nobody could sign in');
  const jwtSecret = read('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters long');
  }
  const logLevel = read('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const trustProxy = parseTrustProxy(read('TRUST_PROXY'));
  const embedOrigins = parseEmbedOrigins(read('EMBED_ORIGINS'));
  if ('problem' in embedOrigins) problems.push(embedOrigins.problem);
  if (trustProxy.problem) problems.push(trustProxy.problem);
  const sizeBands = parseSizeBands(read('SIZE_BANDS') ?? DEFAULT_SIZE_BANDS);
  if ('problem' in sizeBands) problems.push(sizeBands.problem);
  const smtp = parseSmtp(read('SMTP_URL'), read('SMTP_FROM'), publicUrl);
  if ('problem' in smtp) problems.push(smtp.problem);
  // From 1 KB; a file at most 1 GiB (it must arrive within the request timeout), a campaign's files at most 1 TiB.
  const evidenceMaxBytes = int('EVIDENCE_MAX_BYTES', EVIDENCE_MAX_BYTES_DEFAULT, 1024, 2 ** 30);
  const evidenceMaxTotalBytes = int('EVIDENCE_MAX_TOTAL_BYTES', Math.max(EVIDENCE_MAX_TOTAL_BYTES_DEFAULT, evidenceMaxBytes), 1024, 2 ** 40);
  if (evidenceMaxTotalBytes < evidenceMaxBytes)
    problems.push(
      `EVIDENCE_MAX_TOTAL_BYTES (${evidenceMaxTotalBytes}) must be at least EVIDENCE_MAX_BYTES (${evidenceMaxBytes}): one file must fit in a campaign`,
    );

  const config: Config = {
    port,
    // Loopback unless asked: the demo's known passwords must not face the network (see network.ts isReachable).
    // 'localhost' makes fastify listen on every address it resolves to (127.0.0.1 and ::1 where both exist).
    host: read('HOST') ?? 'localhost',
    publicUrl,
    dataDir: path.resolve(read('DATA_DIR') ?? './data'),
    databaseUrl,
    databasePoolSize: int('DATABASE_POOL_SIZE', defaultPoolSize(), 1, 1000),
    pgliteSharedBuffersMb: int('PGLITE_SHARED_BUFFERS_MB', PGLITE_SHARED_BUFFERS_MB, 1, 1024),
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
    complaintsPerHour: int('COMPLAINT_RATE_LIMIT', 5, 1, 10000),
    // Per client address and instance, for pages anyone may ask for without an account: far above a reader's or a
    // newsroom's pace, low enough that a script cannot keep the server building filtered rankings.
    publicRateLimitPerMinute: int('PUBLIC_RATE_LIMIT', 600, 0, 100000),
    trustProxy: trustProxy.value,
    allowDemoPasswords: bool('ALLOW_DEMO_PASSWORDS', false),
    showErrorLogs: bool('SHOW_ERROR_LOGS', false),
    seedDemo: bool('SEED_DEMO', databaseUrl === undefined),
    logLevel,
    staticDir: path.resolve(read('STATIC_DIR') ?? './dist/client'),
    sizeBands: 'value' in sizeBands ? sizeBands.value : [],
    minGroupSize: int('MIN_GROUP_SIZE', 1, 1, 1000),
    embedOrigins: 'value' in embedOrigins ? embedOrigins.value : [],
    smtp: 'value' in smtp ? smtp.value : null,
    reminderCheckMinutes: int('REMINDER_CHECK_MINUTES', 60, 0, 24 * 60),
    logRetentionDays: int('LOG_RETENTION_DAYS', 730, 1, 36_500),
    metricsToken,
    oidc: 'value' in oidc ? oidc.value : null,
    passwordLogin,
    shutdownDrainMs: int('SHUTDOWN_DRAIN_MS', 1000, 0, 60_000),
    reportCacheBytes: int('REPORT_CACHE_MB', REPORT_CACHE_BYTES / MiB, 1, 64 * 1024) * MiB,
    evidence: { maxBytes: evidenceMaxBytes, maxTotalBytes: evidenceMaxTotalBytes, tmpDir: path.resolve(read('EVIDENCE_TMP_DIR') ?? os.tmpdir()) },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}
