import dns from 'node:dns/promises';
import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, loginBody, pkcePair } from '../../helpers/auth.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { demoPasswordWarnings } from '../../../src/server/services/auth/demoPasswords.js';
import { DEMO_PASSWORD } from '../../../src/server/db/seed/entities.js';
import type { Db } from '../../../src/server/db/client.js';

const backends = await testBackends();

/** Configurations of a server other machines reach, each for its own reason. */
const REACHABLE = {
  'listening on every interface': { HOST: '0.0.0.0' },
  'behind a proxy': { TRUST_PROXY: 'loopback' },
  'with a public address': { PUBLIC_URL: 'https://campanas.example.org' },
};

describe.each(backends)('demo passwords on $name', ({ open }) => {
  let db: Db;
  const servers: TestServer[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const server = await startTestServer(db, env);
    servers.push(server);
    return server;
  };
  const login = (server: TestServer, email: string, password: string) =>
    call(server, 'POST', '/api/v1/auth/login', { body: loginBody(server, email, password, pkcePair().challenge) });

  beforeAll(async () => {
    db = await open();
    await createTestUser(db, 'admin@demo.es', DEMO_PASSWORD, 'ADMIN');
    // A demo account whose password the operator has changed.
    await createTestUser(db, 'fec@demo.es', 'a-new-secret-password', 'FEC');
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await db.close();
  });

  it('accepts the demo password on a server only this machine reaches (the defaults)', async () => {
    const server = await start();
    expect((await login(server, 'admin@demo.es', DEMO_PASSWORD)).status).toBe(200);
  });

  it.each(Object.entries(REACHABLE))('refuses it like a wrong password on a server %s, and audits why', async (_why, env) => {
    const server = await start(env);
    const demo = await login(server, 'admin@demo.es', DEMO_PASSWORD);
    const wrong = await login(server, 'admin@demo.es', 'not-the-password');
    expect(demo.status).toBe(401);
    expect({ ...demo.body.error }).toEqual({ ...wrong.body.error });
    const [row] = await db.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM audit_log WHERE action = 'auth.login_failed' AND details ? 'reason' ORDER BY id DESC LIMIT 1",
    );
    expect(row.details).toEqual({ email: 'admin@demo.es', ip: '127.0.0.1', reason: 'demo password on a server reachable from other machines' });
    // Other passwords still work there.
    expect((await login(server, 'fec@demo.es', 'a-new-secret-password')).status).toBe(200);
    // The next configuration starts with no failures on record (the account would soon have to wait).
    await db.query('DELETE FROM login_throttle');
  });

  it('accepts it on a reachable server when ALLOW_DEMO_PASSWORDS is on', async () => {
    const server = await start({ HOST: '0.0.0.0', ALLOW_DEMO_PASSWORDS: 'true' });
    expect((await login(server, 'admin@demo.es', DEMO_PASSWORD)).status).toBe(200);
  });

  it('warns at start on a reachable server, naming the accounts that still have the demo password', async () => {
    expect(await demoPasswordWarnings(db, loadConfig({}))).toEqual([]);
    expect(await demoPasswordWarnings(db, loadConfig({ HOST: '127.0.0.1', ALLOW_DEMO_PASSWORDS: 'true' }))).toEqual([]);
    const [refused] = await demoPasswordWarnings(db, loadConfig({ HOST: '0.0.0.0' }));
    expect(refused).toMatch(/\(admin@demo\.es\) but it is refused/);
    expect(refused).toContain('ALLOW_DEMO_PASSWORDS=true');
    const [accepted] = await demoPasswordWarnings(db, loadConfig({ PUBLIC_URL: 'https://campanas.example.org', ALLOW_DEMO_PASSWORDS: 'yes' }));
    expect(accepted).toMatch(/^ALLOW_DEMO_PASSWORDS is on .* accepted \(admin@demo\.es\)/);
    expect(accepted).not.toContain('fec@demo.es');
    await db.query("DELETE FROM users WHERE email LIKE '%@demo.es'");
    expect(await demoPasswordWarnings(db, loadConfig({ HOST: '0.0.0.0' }))).toEqual([]);
    expect(await demoPasswordWarnings(db, loadConfig({ HOST: '0.0.0.0', ALLOW_DEMO_PASSWORDS: 'true' }))).toEqual([
      expect.stringContaining('no account has it now'),
    ]);
  });
});

describe('the default interface', () => {
  it('answers on every address localhost has on this machine', async () => {
    const { openTestPglite } = await import('../../helpers/db.js');
    const db = await openTestPglite();
    const server = await startTestServer(db);
    const app = await buildApp(server.ctx);
    try {
      await app.listen({ port: 0, host: loadConfig({}).host });
      const { port } = app.server.address() as { port: number };
      const addresses = await dns.lookup('localhost', { all: true });
      expect(addresses.length).toBeGreaterThan(0);
      for (const { address, family } of addresses) {
        const res = await fetch(`http://${family === 6 ? `[${address}]` : address}:${port}/api/v1/health`);
        expect(res.status).toBe(200);
      }
      expect((await fetch(`http://localhost:${port}/api/v1/health`)).status).toBe(200);
    } finally {
      await app.close();
      await server.close();
      await db.close();
    }
  });
});
