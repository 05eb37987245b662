import { postgresAvailable, testBackends } from '../helpers/db.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';
import { createTestUser, loginBody, pkcePair, signIn, signInDemoAccounts } from '../helpers/auth.js';
import { holdLocks, waitForLockWaiters } from '../helpers/concurrency.js';
import type { Db } from '../../src/server/db/client.js';

const onPostgres = (await testBackends()).filter((b) => b.name === 'postgres');
if (!(await postgresAvailable())) console.warn('Forced interleavings need PostgreSQL: skipped.');

/**
 * Signing in while an administrator removes the account: the session's rows refer to the user, so the removal's
 * cascade and the sign-in meet on the same rows (a foreign key gone, or a deadlock that PostgreSQL breaks by
 * aborting one of them). Each interleaving is forced with a lock held by the test; whatever happens, the removal
 * succeeds and the sign-in is refused or finishes, never a 500.
 */
describe.each(onPostgres)('signing in while the account is removed, on $name', ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  let admin: string;
  let sequence = 0;

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db);
    admin = (await signInDemoAccounts(server)).admin;
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const newUser = async () => {
    const email = `saliente${++sequence}@ayto.es`;
    const id = await createTestUser(db, email, 'una contraseña larga', 'USER', [1]);
    return { email, id };
  };
  const removeUser = (id: number) => () => call(server, 'POST', '/api/secure/v1/users/remove', { token: admin, body: { id } });
  const token = (form: Record<string, string>) => () => {
    const { clientId, clientSecret } = server.ctx.config.oauth;
    return call(server, 'POST', '/api/v1/auth/token', { form: { ...form, client_id: clientId, client_secret: clientSecret } });
  };

  async function interleave(gate: string[], first: () => ReturnType<typeof call>, second: () => ReturnType<typeof call>) {
    const held = await holdLocks(db, gate);
    const a = first();
    await waitForLockWaiters(db, 1);
    const b = second();
    await waitForLockWaiters(db, 2);
    await held.release();
    return Promise.all([a, b]);
  }
  const gone = async (id: number) => (await db.query('SELECT 1 FROM users WHERE id = $1', [id])).length === 0;

  it('a login whose account is removed while its code is written is refused as wrong credentials', async () => {
    const { email, id } = await newUser();
    const { challenge } = pkcePair();
    const login = () => call(server, 'POST', '/api/v1/auth/login', { body: loginBody(server, email, 'una contraseña larga', challenge) });
    const [signedIn, removed] = await interleave(['LOCK TABLE authorization_codes IN SHARE MODE'], login, removeUser(id));
    expect([200, 401]).toContain(signedIn.status);
    expect(removed.status).toBe(200);
    expect(await gone(id)).toBe(true);
  });

  it('a code exchanged while its user is removed gives tokens or invalid_grant', async () => {
    const { email, id } = await newUser();
    const { verifier, challenge } = pkcePair();
    const login = await call(server, 'POST', '/api/v1/auth/login', { body: loginBody(server, email, 'una contraseña larga', challenge) });
    const exchange = token({
      grant_type: 'authorization_code',
      code: login.body.response.code,
      redirect_uri: server.ctx.config.oauth.redirectUri,
      code_verifier: verifier,
    });
    const [exchanged, removed] = await interleave(['LOCK TABLE refresh_token_families IN SHARE MODE'], exchange, removeUser(id));
    expect(exchanged.status === 200 || exchanged.body.error === 'invalid_grant').toBe(true);
    expect(removed.status).toBe(200);
    expect(await gone(id)).toBe(true);
  });

  it('a refresh while its user is removed gives tokens or invalid_grant', async () => {
    const { email, id } = await newUser();
    const { refresh_token } = await signIn(server, email, 'una contraseña larga');
    const [refreshed, removed] = await interleave(
      ['LOCK TABLE refresh_tokens IN SHARE MODE'],
      token({ grant_type: 'refresh_token', refresh_token }),
      removeUser(id),
    );
    expect(refreshed.status === 200 || refreshed.body.error === 'invalid_grant').toBe(true);
    expect(removed.status).toBe(200);
    expect(await gone(id)).toBe(true);
  });
});
