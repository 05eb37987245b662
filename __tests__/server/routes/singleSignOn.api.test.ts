import { randomBytes } from 'node:crypto';
import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, loginBody, pkcePair, signIn } from '../../helpers/auth.js';
import { providerPort, startOidcProvider, type ProviderAccount, type TestOidcProvider } from '../../helpers/oidcProvider.js';
import { freePort } from '../../helpers/serverProcess.js';
import { OIDC_CALLBACK_PATH } from '../../../src/server/config.js';
import { hashPassword } from '../../../src/server/services/auth/passwords.js';
import { insertUser } from '../../../src/server/db/repositories/users.js';
import type { Db } from '../../../src/server/db/client.js';

const backends = await testBackends();

/** Every test server's PUBLIC_URL, so that one provider client (one redirect URI) serves them all. */
const PUBLIC_URL = 'http://localhost:3000';

const ACCOUNTS: Record<string, ProviderAccount> = {
  ana: { email: 'Ana.Garcia@Example.org', email_verified: true, name: 'Ana García' },
  temporal: { email: 'temporal@example.org', email_verified: true },
  unverified: { email: 'sin.verificar@example.org', email_verified: false },
  disabled: { email: 'baja@example.org', email_verified: true },
  stranger: { email: 'nueva.persona@example.org', email_verified: true, name: 'Nueva Persona' },
  noemail: { name: 'Sin Correo' },
  impostor: { email: 'ana.garcia@example.org', email_verified: true, name: 'Otra identidad con el correo de Ana' },
};

/** A cookie jar for the provider's session: every cookie it set, sent back on each request. */
class Browser {
  private readonly cookies = new Map<string, string>();

  async get(url: URL | string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }
}

/** What a sign-in through the provider ends with: the app's redirect URI with its parameters, and the app's PKCE pair. */
interface SsoOutcome {
  params: URLSearchParams;
  verifier: string;
  state: string;
  callback: string;
}

/**
 * The whole trip as a browser makes it: the app's `start`, the provider (signing `account` in through login_hint,
 * after `tamper` has changed the authorization request if given), and the server's callback.
 */
async function signInThroughProvider(
  server: TestServer,
  account: string,
  tamper?: (url: URL) => void,
  beforeCallback?: () => Promise<unknown>,
): Promise<SsoOutcome> {
  const browser = new Browser();
  const { verifier, challenge } = pkcePair();
  const state = 'app-' + randomBytes(8).toString('hex');
  const { oauth } = server.ctx.config;
  const query = new URLSearchParams({
    client_id: oauth.clientId,
    redirect_uri: oauth.redirectUri,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    response_type: 'code',
  });
  const start = await browser.get(`${server.url}/api/v1/auth/oidc/start?${query}`);
  expect(start.status).toBe(302);
  let next = new URL(start.headers.get('location') as string);
  if (next.pathname === new URL(oauth.redirectUri).pathname) return { params: next.searchParams, verifier, state, callback: '' };
  next.searchParams.set('login_hint', account);
  tamper?.(next);
  for (let hops = 0; hops < 10 && next.pathname !== OIDC_CALLBACK_PATH; hops += 1) {
    const res = await browser.get(next);
    expect([302, 303]).toContain(res.status);
    next = new URL(res.headers.get('location') as string, next);
  }
  expect(next.pathname).toBe(OIDC_CALLBACK_PATH);
  const callback = next.pathname + next.search;
  await beforeCallback?.();
  const back = await browser.get(server.url + callback);
  expect(back.status).toBe(302);
  const app = new URL(back.headers.get('location') as string);
  expect(app.origin + app.pathname).toBe(oauth.redirectUri);
  return { params: app.searchParams, verifier, state, callback };
}

/** The app's last step: the product's code and the app's verifier at the token endpoint, then auth/me. */
async function exchange(server: TestServer, outcome: SsoOutcome) {
  const { oauth } = server.ctx.config;
  const token = await call(server, 'POST', '/api/v1/auth/token', {
    form: {
      grant_type: 'authorization_code',
      code: outcome.params.get('code') as string,
      redirect_uri: oauth.redirectUri,
      code_verifier: outcome.verifier,
      client_id: oauth.clientId,
      client_secret: oauth.clientSecret,
    },
  });
  expect(token.status).toBe(200);
  const me = await call(server, 'GET', '/api/secure/v1/auth/me', { token: token.body.access_token });
  expect(me.status).toBe(200);
  return me.body.response.user;
}

const failedSignIns = (db: Db) =>
  db.query<{ details: { method: string; reason: string; email?: string } }>(
    "SELECT details FROM audit_log WHERE action = 'auth.login_failed' AND details->>'method' = 'oidc' ORDER BY id",
  );

describe.each(backends)('single sign-on through an OpenID provider on $name', ({ open }) => {
  let db: Db;
  let provider: TestOidcProvider;
  let server: TestServer;
  let ana: number;

  beforeAll(async () => {
    db = await open();
    provider = await startOidcProvider(await providerPort(), `${PUBLIC_URL}${OIDC_CALLBACK_PATH}`, ACCOUNTS);
    server = await startTestServer(db, { PUBLIC_URL, ...provider.env });
    ana = await createTestUser(db, 'ana.garcia@example.org', 'contraseña de ana');
    await createTestUser(db, 'sin.verificar@example.org', 'otra contraseña');
    await createTestUser(db, 'baja@example.org', 'otra contraseña', 'NO');
    await db.transaction(async (tx) =>
      insertUser(tx, { email: 'temporal@example.org', role: 'USER', passwordHash: await hashPassword('temporal-1234'), entityIds: [], temporary: true }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await provider?.stop();
    await db?.close();
  });

  it('says how users sign in: with a password and with the provider, by its name', async () => {
    const methods = await call(server, 'GET', '/api/v1/auth/methods');
    expect(methods.body.response).toEqual({ password: true, oidc: { name: 'Identidad Test' } });
    // Both steps are in the API's description, as the redirects they are.
    const doc = (await call(server, 'GET', '/api/docs/openapi.json')).body;
    for (const path of ['/api/v1/auth/oidc/start', OIDC_CALLBACK_PATH]) expect(Object.keys(doc.paths[path].get.responses)).toEqual(['302']);
  });

  it("signs in the account with the ID token's verified e-mail (without case), and the app's own code and tokens follow", async () => {
    const outcome = await signInThroughProvider(server, 'ana');
    expect(outcome.params.get('error')).toBeNull();
    expect(outcome.params.get('state')).toBe(outcome.state);
    const user = await exchange(server, outcome);
    expect(user).toMatchObject({ id: ana, email: 'ana.garcia@example.org', role: 'USER' });
    const [login] = await db.query<{ actor_id: number; details: { method: string } }>(
      "SELECT actor_id, details FROM audit_log WHERE action = 'auth.login' AND details->>'method' = 'oidc' ORDER BY id DESC LIMIT 1",
    );
    expect(login).toEqual({ actor_id: ana, details: { method: 'oidc', provider: 'Identidad Test' } });
    // The password still signs in too: a sign-in through the provider leaves a password the user chose alone.
    await expect(signIn(server, 'ana.garcia@example.org', 'contraseña de ana')).resolves.toHaveProperty('access_token');
  });

  it("refuses a callback used twice, and the product's code once exchanged", async () => {
    const outcome = await signInThroughProvider(server, 'ana');
    await exchange(server, outcome);
    const again = await fetch(server.url + outcome.callback, { redirect: 'manual' });
    expect(new URL(again.headers.get('location') as string).searchParams.get('error')).toBe('SIGN_IN_FAILED');
  });

  it('refuses an ID token whose nonce is not the one the server sent', async () => {
    const before = (await failedSignIns(db)).length;
    const outcome = await signInThroughProvider(server, 'ana', (url) => url.searchParams.set('nonce', 'a-nonce-the-server-never-sent'));
    expect(outcome.params.get('error')).toBe('SIGN_IN_FAILED');
    expect(outcome.params.get('code')).toBeNull();
    expect(outcome.params.get('state')).toBe(outcome.state);
    const failures = await failedSignIns(db);
    expect(failures.slice(before).map((f) => f.details.reason)).toEqual(['SIGN_IN_FAILED']);
  });

  it("refuses a callback whose state is not the server's", async () => {
    const outcome = await signInThroughProvider(server, 'ana', (url) => url.searchParams.set('state', 'a-state-of-somebody-else'));
    expect(outcome.params.get('error')).toBe('SIGN_IN_FAILED');
    expect(outcome.params.get('code')).toBeNull();
  });

  it('refuses an e-mail the provider has not verified, even when an account has it', async () => {
    expect((await signInThroughProvider(server, 'unverified')).params.get('error')).toBe('EMAIL_NOT_VERIFIED');
    expect((await signInThroughProvider(server, 'noemail')).params.get('error')).toBe('EMAIL_NOT_VERIFIED');
  });

  it('refuses a disabled account (role NO)', async () => {
    const outcome = await signInThroughProvider(server, 'disabled');
    expect(outcome.params.get('error')).toBe('ACCOUNT_DISABLED');
    expect(outcome.params.get('code')).toBeNull();
  });

  it('refuses an e-mail with no account, and creates none', async () => {
    const outcome = await signInThroughProvider(server, 'stranger');
    expect(outcome.params.get('error')).toBe('NO_ACCOUNT');
    expect(await db.query("SELECT id FROM users WHERE email = 'nueva.persona@example.org'")).toEqual([]);
    const [last] = (await failedSignIns(db)).slice(-1);
    expect(last.details).toMatchObject({ reason: 'NO_ACCOUNT', email: 'nueva.persona@example.org' });
  });

  it('says so when the user gives up at the provider', async () => {
    expect((await signInThroughProvider(server, 'cancel')).params.get('error')).toBe('PROVIDER_REFUSED');
  });

  it('retires a password an administrator generated, and ends the sessions opened with it', async () => {
    const generated = (await signIn(server, 'temporal@example.org', 'temporal-1234')).access_token;
    expect((await call(server, 'GET', '/api/secure/v1/campaigns/all', { token: generated })).body.error.type).toBe('PASSWORD_CHANGE_REQUIRED');
    const user = await exchange(server, await signInThroughProvider(server, 'temporal'));
    expect(user.mustChangePassword).toBeUndefined();
    await expect(signIn(server, 'temporal@example.org', 'temporal-1234')).rejects.toThrow(/login failed/);
    // The session of the generated password does not become a full one: it is over.
    expect((await call(server, 'GET', '/api/secure/v1/campaigns/all', { token: generated })).status).toBe(401);
  });

  it('keeps an account to the identity at the provider that first signed in to it, whatever e-mail another shows', async () => {
    await exchange(server, await signInThroughProvider(server, 'ana'));
    const outcome = await signInThroughProvider(server, 'impostor');
    expect(outcome.params.get('error')).toBe('OTHER_IDENTITY');
    expect(outcome.params.get('code')).toBeNull();
    expect((await exchange(server, await signInThroughProvider(server, 'ana'))).id).toBe(ana);
  });

  it('refuses a callback that comes back after the sign-in expired', async () => {
    const expire = () => db.query("UPDATE oidc_logins SET expires_at = now() - interval '1 second'");
    const outcome = await signInThroughProvider(server, 'ana', undefined, expire);
    expect(outcome.params.get('error')).toBe('SIGN_IN_FAILED');
    expect(outcome.params.get('code')).toBeNull();
  });

  it("refuses a start for another client or redirect URI, or without S256, with 422 and the provider's URL untold", async () => {
    const { challenge } = pkcePair();
    const query = (changes: Record<string, string>) =>
      new URLSearchParams({
        client_id: server.ctx.config.oauth.clientId,
        redirect_uri: server.ctx.config.oauth.redirectUri,
        state: 'state-12345678',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        response_type: 'code',
        ...changes,
      });
    const refused: Record<string, string>[] = [
      { redirect_uri: 'https://evil.example/auth/callback' },
      { client_id: 'another' },
      { code_challenge_method: 'plain' },
      { state: 'short' },
    ];
    for (const changes of refused) {
      const res = await fetch(`${server.url}/api/v1/auth/oidc/start?${query(changes)}`, { redirect: 'manual' });
      expect(res.status).toBe(422);
      expect(res.headers.get('location')).toBeNull();
    }
    const twice = await fetch(`${server.url}/api/v1/auth/oidc/start?${query({})}&state=state-87654321`, { redirect: 'manual' });
    expect(twice.status).toBe(422);
  });
});

describe('single sign-on settings', () => {
  let db: Db;
  let provider: TestOidcProvider;
  const servers: TestServer[] = [];
  const serverWith = async (env: Record<string, string>) => {
    const server = await startTestServer(db, { PUBLIC_URL, ...env });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    db = await backends[0].open();
    provider = await startOidcProvider(await providerPort(), `${PUBLIC_URL}${OIDC_CALLBACK_PATH}`, ACCOUNTS, { conform: true });
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await provider?.stop();
    await db?.close();
  });

  it('with OIDC_CREATE_USERS=true creates a USER account with no entity for a verified e-mail, reading it from user-info', async () => {
    const server = await serverWith({ ...provider.env, OIDC_CREATE_USERS: 'true' });
    const user = await exchange(server, await signInThroughProvider(server, 'stranger'));
    expect(user).toMatchObject({ email: 'nueva.persona@example.org', name: 'Nueva Persona', role: 'USER', entities: [] });
    const [created] = await db.query<{ details: { via: string } }>("SELECT details FROM audit_log WHERE action = 'user.create' AND actor_id = $1", [user.id]);
    expect(created.details).toEqual({ via: 'oidc' });
    // The next sign-in finds the account it made.
    expect((await exchange(server, await signInThroughProvider(server, 'stranger'))).id).toBe(user.id);
    expect((await signInThroughProvider(server, 'unverified')).params.get('error')).toBe('EMAIL_NOT_VERIFIED');
  });

  it('with PASSWORD_LOGIN=false refuses every password call, and the provider still signs in', async () => {
    await createTestUser(db, 'ana.garcia@example.org', 'contraseña de ana');
    const server = await serverWith({ ...provider.env, PASSWORD_LOGIN: 'false' });
    expect((await call(server, 'GET', '/api/v1/auth/methods')).body.response).toEqual({ password: false, oidc: { name: 'Identidad Test' } });
    const { challenge } = pkcePair();
    const login = await call(server, 'POST', '/api/v1/auth/login', { body: loginBody(server, 'ana.garcia@example.org', 'contraseña de ana', challenge) });
    expect(login.status).toBe(403);
    expect(login.body.error.data).toBe('PASSWORD_LOGIN_OFF');
    const forgot = await call(server, 'POST', '/api/v1/auth/forgotPassword', { body: { email: 'ana.garcia@example.org' } });
    expect(forgot.status).toBe(403);
    const reset = await call(server, 'POST', '/api/v1/auth/resetPassword', { body: { token: 'a'.repeat(43), password: 'una clave nueva y larga' } });
    expect([reset.status, reset.body.error.data]).toEqual([403, 'PASSWORD_LOGIN_OFF']);
    const outcome = await signInThroughProvider(server, 'ana');
    const token = (
      await call(server, 'POST', '/api/v1/auth/token', {
        form: {
          grant_type: 'authorization_code',
          code: outcome.params.get('code') as string,
          redirect_uri: server.ctx.config.oauth.redirectUri,
          code_verifier: outcome.verifier,
          client_id: server.ctx.config.oauth.clientId,
          client_secret: server.ctx.config.oauth.clientSecret,
        },
      })
    ).body.access_token;
    const me = await call(server, 'GET', '/api/secure/v1/auth/me', { token });
    expect(me.body.response.user.email).toBe('ana.garcia@example.org');
    const change = await call(server, 'POST', '/api/secure/v1/auth/changePassword', {
      token,
      body: { currentPassword: 'contraseña de ana', newPassword: 'otra clave larga y nueva' },
    });
    expect([change.status, change.body.error.data]).toEqual([403, 'PASSWORD_LOGIN_OFF']);
  });

  it('sends the user back to the app with PROVIDER_UNAVAILABLE when the provider does not answer', async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const server = await serverWith({ ...provider.env, OIDC_ISSUER: nobody });
    const outcome = await signInThroughProvider(server, 'ana');
    expect(outcome.params.get('error')).toBe('PROVIDER_UNAVAILABLE');
    expect(outcome.params.get('state')).toBe(outcome.state);
  });

  it('refuses the sign-in, back in the app, when the user-info endpoint fails', async () => {
    const failing = await startOidcProvider(await providerPort(), `${PUBLIC_URL}${OIDC_CALLBACK_PATH}`, ACCOUNTS, { conform: true, userInfoFails: true });
    try {
      const server = await serverWith(failing.env);
      const outcome = await signInThroughProvider(server, 'ana');
      expect(outcome.params.get('error')).toBe('SIGN_IN_FAILED');
      expect(outcome.params.get('state')).toBe(outcome.state);
    } finally {
      await failing.stop();
    }
  });

  it('without OIDC_* there is no provider: methods says so and the steps do not exist', async () => {
    const server = await serverWith({});
    expect((await call(server, 'GET', '/api/v1/auth/methods')).body.response).toEqual({ password: true, oidc: null });
    expect((await fetch(`${server.url}/api/v1/auth/oidc/start`, { redirect: 'manual' })).status).toBe(404);
  });
});
