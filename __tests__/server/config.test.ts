import os from 'node:os';
import { ConfigError, defaultPoolSize, loadConfig } from '../../src/server/config.js';

describe('configuration', () => {
  it('has defaults for local use', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      seedDemo: true,
      showErrorLogs: false,
      oauth: { clientId: 'campaigns-web', clientSecret: 'campaigns-web-secret', redirectUri: 'http://localhost:3000/auth/callback' },
      ttl: { accessToken: 900, refreshToken: 2592000, authCode: 60, shareToken: 2592000 },
      sizeBands: [1, 5001, 20001, 50001, 100001],
      minGroupSize: 1,
    });
    expect(config.dataDir).toMatch(/data$/);
    // Twice the machine's cores (4 on the 2-core machine the deadline-day bench measured it on), at most 10.
    expect(config.databasePoolSize).toBe(defaultPoolSize());
    expect(defaultPoolSize()).toBe(Math.min(10, 2 * os.availableParallelism()));
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('derives the public URL from the port and turns the demo off on PostgreSQL', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgresql://u@db/campaigns' });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.seedDemo).toBe(false);
  });

  it('lists every bad value in one message', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        PUBLIC_URL: 'ftp://x',
        JWT_SECRET: 'short',
        SHOW_ERROR_LOGS: 'maybe',
        DATABASE_URL: 'mysql://x',
        ACCESS_TOKEN_TTL: '0',
        SIZE_BANDS: '20000,5000',
        MIN_GROUP_SIZE: '0',
        DATABASE_POOL_SIZE: '4.5',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'PUBLIC_URL',
      'JWT_SECRET',
      'SHOW_ERROR_LOGS',
      'DATABASE_URL',
      'ACCESS_TOKEN_TTL',
      'SIZE_BANDS',
      'MIN_GROUP_SIZE',
      'DATABASE_POOL_SIZE',
    ])
      expect(problems).toContain(name);
  });

  it('reads the size of the PostgreSQL connection pool, a whole number from 1', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
    for (const bad of ['0', '-3', 'ten', '1e1', '0x10', '8.0', '1001']) expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('keeps the activity log 730 days unless LOG_RETENTION_DAYS says otherwise, a whole number of days from 1', () => {
    expect(loadConfig({}).logRetentionDays).toBe(730);
    expect(loadConfig({ LOG_RETENTION_DAYS: '3650' }).logRetentionDays).toBe(3650);
    for (const bad of ['0', '-1', 'dos años', '1e3', '365.0', '36501']) expect(() => loadConfig({ LOG_RETENTION_DAYS: bad })).toThrow(/LOG_RETENTION_DAYS/);
  });

  it('bounds the report cache by REPORT_CACHE_MB, 224 MiB unless set, from 1 MiB', () => {
    expect(loadConfig({}).reportCacheBytes).toBe(224 * 1024 * 1024);
    expect(loadConfig({ REPORT_CACHE_MB: '96' }).reportCacheBytes).toBe(96 * 1024 * 1024);
    for (const bad of ['0', '-1', '65537', '96MB', '1e2', '9.5']) expect(() => loadConfig({ REPORT_CACHE_MB: bad })).toThrow(/REPORT_CACHE_MB/);
  });

  it("sizes the embedded database's page cache by PGLITE_SHARED_BUFFERS_MB, PGlite's 128 MiB unless set, from 1 MiB to 1 GiB", () => {
    expect(loadConfig({}).pgliteSharedBuffersMb).toBe(128);
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '16' }).pgliteSharedBuffersMb).toBe(16);
    for (const bad of ['0', '-1', '1025', '16MB', '1e1', '9.5'])
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: bad })).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
  });

  it('drains for SHUTDOWN_DRAIN_MS before a stop, a second unless set, from 0 to a minute', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(1000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    for (const bad of ['-1', '60001', 'un segundo', '1e3']) expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: bad })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it('reads METRICS_TOKEN, none unless set, at least 32 printable characters without spaces', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    const token = 'a'.repeat(31) + '~';
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    for (const bad of ['corto', 'a'.repeat(31), `${'a'.repeat(20)} ${'b'.repeat(20)}`, `${'a'.repeat(32)}ñ`])
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(/METRICS_TOKEN/);
  });

  it('reads the OpenID provider: all three of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET or none, https or loopback http', () => {
    expect(loadConfig({}).oidc).toBeNull();
    const provider = { OIDC_ISSUER: 'https://login.example.org/realms/fem', OIDC_CLIENT_ID: 'campanas', OIDC_CLIENT_SECRET: 'secreto' };
    expect(loadConfig({ ...provider, PUBLIC_URL: 'https://campanas.example.org' }).oidc).toEqual({
      issuer: 'https://login.example.org/realms/fem',
      clientId: 'campanas',
      clientSecret: 'secreto',
      name: 'login.example.org',
      createUsers: false,
      redirectUri: 'https://campanas.example.org/api/v1/auth/oidc/callback',
    });
    expect(loadConfig({ ...provider, OIDC_NAME: 'Cl@ve', OIDC_CREATE_USERS: 'true' }).oidc).toMatchObject({ name: 'Cl@ve', createUsers: true });
    expect(loadConfig({ ...provider, OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc?.issuer).toBe('http://127.0.0.1:9000');
    for (const bad of [
      { OIDC_ISSUER: provider.OIDC_ISSUER },
      { ...provider, OIDC_CLIENT_SECRET: '' },
      { ...provider, OIDC_ISSUER: 'http://login.example.org' },
      { ...provider, OIDC_ISSUER: 'login.example.org' },
      { ...provider, OIDC_ISSUER: 'https://login.example.org/?realm=x' },
      { ...provider, OIDC_NAME: 'x'.repeat(61) },
      { ...provider, OIDC_CREATE_USERS: 'quizás' },
    ])
      expect(() => loadConfig(bad)).toThrow(/OIDC_/);
  });

  it('refuses PASSWORD_LOGIN=false without a provider: nobody could sign in', () => {
    expect(loadConfig({}).passwordLogin).toBe(true);
    expect(() => loadConfig({ PASSWORD_LOGIN: 'false' })).toThrow(/PASSWORD_LOGIN=false needs OIDC_ISSUER/);
    const provider = { OIDC_ISSUER: 'https://login.example.org', OIDC_CLIENT_ID: 'campanas', OIDC_CLIENT_SECRET: 'secreto' };
    expect(loadConfig({ ...provider, PASSWORD_LOGIN: 'false' }).passwordLogin).toBe(false);
  });

  it('reads the evidence file limits: 10 MB a file and 200 MB a campaign unless set, a whole number of bytes, the total at least one file', () => {
    expect(loadConfig({}).evidence).toEqual({ maxBytes: 10 * 1024 * 1024, maxTotalBytes: 200 * 1024 * 1024, tmpDir: os.tmpdir() });
    expect(loadConfig({ EVIDENCE_MAX_BYTES: '2048', EVIDENCE_MAX_TOTAL_BYTES: '4096' }).evidence).toMatchObject({ maxBytes: 2048, maxTotalBytes: 4096 });
    // A file limit above the default total raises the total's default with it.
    expect(loadConfig({ EVIDENCE_MAX_BYTES: String(300 * 1024 * 1024) }).evidence.maxTotalBytes).toBe(300 * 1024 * 1024);
    for (const bad of ['0', '1023', '-5', '10MB', '1e7', '0x1000', '4096.0', String(2 ** 30 + 1)])
      expect(() => loadConfig({ EVIDENCE_MAX_BYTES: bad })).toThrow(/EVIDENCE_MAX_BYTES/);
    expect(() => loadConfig({ EVIDENCE_MAX_TOTAL_BYTES: 'lots' })).toThrow(/EVIDENCE_MAX_TOTAL_BYTES/);
    expect(() => loadConfig({ EVIDENCE_MAX_BYTES: '8192', EVIDENCE_MAX_TOTAL_BYTES: '4096' })).toThrow(
      /EVIDENCE_MAX_TOTAL_BYTES .* must be at least EVIDENCE_MAX_BYTES/,
    );
  });

  it('keeps files being uploaded in EVIDENCE_TMP_DIR, the system temporary folder unless set, as an absolute path', () => {
    expect(loadConfig({ EVIDENCE_TMP_DIR: '/var/tmp/campanas' }).evidence.tmpDir).toBe('/var/tmp/campanas');
    expect(loadConfig({ EVIDENCE_TMP_DIR: 'subidas' }).evidence.tmpDir).toBe(`${process.cwd()}/subidas`);
  });

  it('reads the size bands and the smallest group a mean is shown for', () => {
    expect(loadConfig({ SIZE_BANDS: '1000,10000', MIN_GROUP_SIZE: '3' })).toMatchObject({ sizeBands: [1, 1001, 10001], minGroupSize: 3 });
  });

  it('reads the sites that may frame the embed page: origins only, none unless set', () => {
    expect(loadConfig({}).embedOrigins).toEqual([]);
    expect(loadConfig({ EMBED_ORIGINS: 'https://Diario.example, http://localhost:8080 https://ayto.example' }).embedOrigins).toEqual([
      'https://diario.example',
      'http://localhost:8080',
      'https://ayto.example',
    ]);
    for (const bad of [
      'diario.example',
      'https://diario.example/',
      'https://diario.example/embed',
      "https://a.es 'unsafe-inline'",
      '*',
      'javascript:alert(1)',
    ]) {
      expect(() => loadConfig({ EMBED_ORIGINS: bad })).toThrow(/EMBED_ORIGINS must be origins/);
    }
  });
});
