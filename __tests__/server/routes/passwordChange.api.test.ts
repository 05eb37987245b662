import { testBackends } from '../../helpers/db.js';
import { call } from '../../helpers/server.js';
import { createTestUser, loginBody, pkcePair, signIn } from '../../helpers/auth.js';
import { startDemoServer, type DemoServer } from '../../helpers/demoServer.js';
import { createUserWithPassword } from '../../../src/server/services/admin/users.js';
import { ROLES } from '../../../src/shared/roles.js';

const backends = await testBackends();

const STRONG = 'Tortuga-Azul-Salta-Lejos-7';
const client = { client_id: 'campaigns-web', client_secret: 'campaigns-web-secret' };

describe.each(backends)('changing passwords on $name', ({ openDemo }) => {
  let demo: DemoServer;
  let entityId: number;
  let sequence = 0;

  const change = (token: string, body: unknown) => call(demo.server, 'POST', '/api/secure/v1/auth/changePassword', { token, body });
  const me = (token: string) => call(demo.server, 'GET', '/api/secure/v1/auth/me', { token });
  const refresh = (refreshToken: string) =>
    call(demo.server, 'POST', '/api/v1/auth/token', { form: { grant_type: 'refresh_token', refresh_token: refreshToken, ...client } });
  const auditRows = async (action: string, actorEmail: string) =>
    demo.db.query<{ details: Record<string, unknown> | null; target_id: string | null }>(
      'SELECT details, target_id FROM audit_log WHERE action = $1 AND actor_email = $2 ORDER BY id',
      [action, actorEmail],
    );
  /** A USER with a known password of its own (not temporary), as the tests' helper makes it. */
  const ownUser = async (password = 'clave-propia-del-usuario-1') => {
    const email = `propio${++sequence}@ayto.es`;
    await createTestUser(demo.db, email, password, 'USER', [entityId]);
    return { email, password };
  };
  /** A USER created by ADMIN through the API: its generated password is temporary. */
  const createdByAdmin = async (role: number = ROLES.USER) => {
    const email = `creado${++sequence}@ayto.es`;
    const res = await call(demo.server, 'POST', '/api/secure/v1/users/create', {
      token: demo.tokens.admin,
      body: { email, role, name: 'Lucía Martínez', entities: [entityId] },
    });
    expect(res.status).toBe(200);
    return { email, id: res.body.response.user.id as number, password: res.body.response.generatedPassword as string };
  };

  beforeAll(async () => {
    demo = await startDemoServer(openDemo);
    [{ id: entityId }] = await demo.db.query<{ id: number }>('SELECT id FROM entities ORDER BY id LIMIT 1');
  });
  afterAll(async () => demo.close());

  it('keeps the demo accounts and the users written before as they are: not temporary, free to call anything', async () => {
    for (const caller of ['admin', 'fec', 'user'] as const) {
      const res = await me(demo.tokens[caller]);
      expect([caller, res.status, res.body.response.user.mustChangePassword]).toEqual([caller, 200, undefined]);
    }
    expect((await demo.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE password_temporary')).map((r) => r.n)).toEqual([0]);
  });

  it("makes an administrator's generated password temporary: only me, logout and changePassword answer until it is changed", async () => {
    const created = await createdByAdmin(ROLES.ADMIN);
    const session = await signIn(demo.server, created.email, created.password);
    expect((await me(session.access_token)).body.response.user).toMatchObject({ email: created.email, mustChangePassword: true });
    const blocked = [
      ['GET', '/api/secure/v1/users/list'],
      ['GET', '/api/secure/v1/campaigns/all'],
      ['GET', '/api/secure/v1/communities/allProvinces'],
      // A report call checks the session in its own statement (sessionCheckedByRoute): refused the same way.
      [
        'GET',
        `/api/secure/v1/campaigns/result?id=${(await demo.db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'sent' ORDER BY id LIMIT 1"))[0].id}`,
      ],
      ['GET', '/api/secure/v1/campaigns/review/queue'],
      ['POST', '/api/secure/v1/users/create'],
    ] as const;
    for (const [method, path] of blocked) {
      const res = await call(demo.server, method, path, {
        token: session.access_token,
        body: method === 'POST' ? { email: 'x@y.es', role: ROLES.USER, name: '', entities: [entityId] } : undefined,
      });
      expect([path, res.status, res.body.error?.type]).toEqual([path, 403, 'PASSWORD_CHANGE_REQUIRED']);
    }
    expect(await demo.db.query('SELECT 1 FROM users WHERE email = $1', ['x@y.es'])).toHaveLength(0);

    const changed = await change(session.access_token, { currentPassword: created.password, newPassword: STRONG });
    expect([changed.status, changed.body.response]).toEqual([200, { success: true }]);
    expect((await me(session.access_token)).body.response.user.mustChangePassword).toBeUndefined();
    for (const [method, path] of blocked.filter(([m]) => m === 'GET')) {
      expect([path, (await call(demo.server, method, path, { token: session.access_token })).status]).toEqual([path, 200]);
    }
    // The forced change is in the audit log, without any password.
    const [row] = await auditRows('auth.password_change_required', created.email);
    expect(row).toEqual({ target_id: String(created.id), details: { otherSessionsEnded: 0 } });
    const everything = JSON.stringify(await demo.db.query('SELECT * FROM audit_log'));
    for (const secret of [created.password, STRONG]) expect(everything).not.toContain(secret);
    // The new password signs in and is not temporary; the generated one no longer does.
    expect((await me((await signIn(demo.server, created.email, STRONG)).access_token)).body.response.user.mustChangePassword).toBeUndefined();
    await expect(signIn(demo.server, created.email, created.password)).rejects.toThrow('login failed');
  });

  it('lets a user with a temporary password sign out, and makes a regenerated password temporary again', async () => {
    const created = await createdByAdmin();
    const first = await signIn(demo.server, created.email, created.password);
    expect((await call(demo.server, 'POST', '/api/secure/v1/auth/logout', { token: first.access_token })).status).toBe(200);
    const session = await signIn(demo.server, created.email, created.password);
    expect((await change(session.access_token, { currentPassword: created.password, newPassword: STRONG })).status).toBe(200);
    const regenerated = await call(demo.server, 'POST', '/api/secure/v1/users/regeneratePassword', { token: demo.tokens.admin, body: { id: created.id } });
    expect(regenerated.status).toBe(200);
    const again = await signIn(demo.server, created.email, regenerated.body.response.password);
    expect((await me(again.access_token)).body.response.user.mustChangePassword).toBe(true);
    expect((await call(demo.server, 'GET', '/api/secure/v1/campaigns/all', { token: again.access_token })).body.error.type).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('gives the first administrator of user:create a temporary password too', async () => {
    const email = `primera${++sequence}@ayto.es`;
    const { password } = await createUserWithPassword(demo.db, { email, role: 'ADMIN', entityIds: [] }, { actor: 'user:create' });
    const session = await signIn(demo.server, email, password);
    expect((await me(session.access_token)).body.response.user.mustChangePassword).toBe(true);
    expect((await call(demo.server, 'GET', '/api/secure/v1/users/list', { token: session.access_token })).body.error.type).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('refuses a new password against the policy, saying why, and changes nothing', async () => {
    const { email, password } = await ownUser();
    const session = await signIn(demo.server, email, password);
    const cases: [string, string][] = [
      ['corta-1A!', 'ACCOUNT.PASSWORD.TOO_SHORT'],
      [email, 'ACCOUNT.PASSWORD.IS_EMAIL'],
      [`${email.toUpperCase()}-2026`, 'ACCOUNT.PASSWORD.IS_EMAIL'],
      [password, 'ACCOUNT.PASSWORD.SAME_AS_CURRENT'],
      ['123456789012', 'ACCOUNT.PASSWORD.WEAK.common'],
      ['qwertyuiop1234', 'ACCOUNT.PASSWORD.WEAK.similarToCommon'],
      ['aaaaaaaaaaaaaaaa', 'ACCOUNT.PASSWORD.WEAK.simpleRepeat'],
      ['madridmadrid12', 'ACCOUNT.PASSWORD.WEAK.extendedRepeat'],
      // Spanish words the common dictionaries alone would not know.
      ['contraseña1234', 'ACCOUNT.PASSWORD.WEAK.generic'],
      ['primavera2025', 'ACCOUNT.PASSWORD.WEAK.generic'],
    ];
    for (const [newPassword, reason] of cases) {
      const res = await change(session.access_token, { currentPassword: password, newPassword });
      expect([newPassword, res.status, res.body.error?.type, res.body.error?.data]).toEqual([newPassword, 422, 'VALIDATION', { newPassword: reason }]);
    }
    // The schema's own limits: required, at most 50 characters, no control characters, nothing else.
    const schemaCases: [unknown, string][] = [
      [{ currentPassword: password }, 'newPassword'],
      [{ currentPassword: password, newPassword: `${STRONG}${'x'.repeat(30)}` }, 'newPassword'],
      [{ currentPassword: password, newPassword: `${STRONG}\u0000` }, 'newPassword'],
      [{ currentPassword: password, newPassword: STRONG, email }, 'email'],
      [{ currentPassword: 1234, newPassword: STRONG }, 'currentPassword'],
    ];
    for (const [body, field] of schemaCases) {
      const res = await change(session.access_token, body);
      expect([field, res.status, Object.keys(res.body.error.data ?? {})]).toEqual([field, 422, [field]]);
    }
    await signIn(demo.server, email, password);
    expect(await auditRows('auth.password_change', email)).toHaveLength(0);
  });

  it('answers a wrong current password with 422, throttled as a wrong password at the login of the account', async () => {
    const { email, password } = await ownUser();
    const session = await signIn(demo.server, email, password);
    // Five failures are free (loginThrottle.ts FREE_FAILURES); the sixth makes the next attempt wait.
    for (let attempt = 1; attempt <= 6; attempt++) {
      const res = await change(session.access_token, { currentPassword: `incorrecta-${attempt}`, newPassword: STRONG });
      expect([attempt, res.status, res.body.error.data]).toEqual([attempt, 422, { currentPassword: 'ACCOUNT.PASSWORD.WRONG_CURRENT' }]);
    }
    const throttled = await change(session.access_token, { currentPassword: password, newPassword: STRONG });
    expect([throttled.status, throttled.body.error.type, throttled.headers.get('retry-after')]).toEqual([429, 'RATE_LIMITED', expect.stringMatching(/^\d+$/)]);
    // The same bucket as the login's: the account's login waits as well.
    const login = loginBody(demo.server, email, password, pkcePair().challenge);
    expect((await call(demo.server, 'POST', '/api/v1/auth/login', { body: login })).status).toBe(429);
    expect(await auditRows('auth.password_change_failed', email)).toHaveLength(6);
    const [throttleRow] = await demo.db.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM audit_log WHERE action = 'auth.login_throttled' AND details->>'email' = $1",
      [email],
    );
    expect(throttleRow.details).toMatchObject({ by: 'account', during: 'passwordChange' });
    // Nothing changed: the password is still the old one.
    await demo.db.query('DELETE FROM login_throttle WHERE bucket = $1', [`account:${email}`]);
    await signIn(demo.server, email, password);
  });

  it("ends the user's other sessions and keeps the one that changed the password", async () => {
    const { email, password } = await ownUser();
    const [current, other, third] = [
      await signIn(demo.server, email, password),
      await signIn(demo.server, email, password),
      await signIn(demo.server, email, password),
    ];
    const res = await change(current.access_token, { currentPassword: password, newPassword: STRONG });
    expect(res.status).toBe(200);
    for (const ended of [other, third]) {
      const refused = await me(ended.access_token);
      expect([refused.status, refused.body.error.type]).toEqual([401, 'INVALID_TOKEN']);
      expect([(await refresh(ended.refresh_token)).status, (await refresh(ended.refresh_token)).body.error]).toEqual([400, 'invalid_grant']);
    }
    expect((await me(current.access_token)).status).toBe(200);
    const renewed = await refresh(current.refresh_token);
    expect(renewed.status).toBe(200);
    expect((await me(renewed.body.access_token)).body.response.user.email).toBe(email);
    const [row] = await auditRows('auth.password_change', email);
    expect(row.details).toEqual({ otherSessionsEnded: 2 });
    const reasons = await demo.db.query<{ revoke_reason: string }>(
      'SELECT f.revoke_reason FROM refresh_token_families f JOIN users u ON u.id = f.user_id WHERE u.email = $1 AND f.revoked_at IS NOT NULL',
      [email],
    );
    expect(reasons.map((r) => r.revoke_reason)).toEqual(['password changed', 'password changed']);
    await expect(signIn(demo.server, email, password)).rejects.toThrow('login failed');
    await signIn(demo.server, email, STRONG);
  });

  it('refuses a share link and no token', async () => {
    const share = await change(demo.tokens.share, { currentPassword: 'demo1234', newPassword: STRONG });
    expect([share.status, share.body.error.type]).toEqual([403, 'FORBIDDEN']);
    const none = await change('', { currentPassword: 'demo1234', newPassword: STRONG });
    expect([none.status, none.body.error.type]).toEqual([401, 'INVALID_TOKEN']);
  });
});
