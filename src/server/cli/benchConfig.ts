import { loadConfig, type Config } from '../config.js';

/**
 * The app's configuration in the benches (bench.ts, benchServer.ts): quiet, no static files, the login rate limit
 * out of the way; the pool size and PGlite's page cache as a production start would have them (DATABASE_POOL_SIZE,
 * PGLITE_SHARED_BUFFERS_MB, or the defaults); `env` adds settings of a bench of its own (the uploads' limits).
 */
export const benchConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    PUBLIC_RATE_LIMIT: '0',
    STATIC_DIR: '/nonexistent',
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
    PGLITE_SHARED_BUFFERS_MB: process.env.PGLITE_SHARED_BUFFERS_MB,
    ...env,
  });
