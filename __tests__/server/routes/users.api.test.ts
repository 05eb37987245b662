import { testBackends } from '../../helpers/db.js';
import { call } from '../../helpers/server.js';
import { createTestUser, signIn } from '../../helpers/auth.js';
import { startDemoServer, type Caller, type DemoServer } from '../../helpers/demoServer.js';
import { ROLES } from '../../../src/shared/roles.js';
import type { UserRow } from '../../../src/shared/api/admin.js';

const backends = await testBackends();

describe.each(backends)('user administration API on $name', ({ openDemo }) => {
  let demo: DemoServer;
  let entityId: number;
  let sequence = 0;

  const post = (path: string, body: unknown, caller: Caller = 'admin') =>
    call(demo.server, 'POST', `/api/secure/v1/users/${path}`, { token: demo.tokens[caller], body });
  const list = async () => (await call(demo.server, 'GET', '/api/secure/v1/users/list', { token: demo.tokens.admin })).body.response as UserRow[];
  /** A throw-away USER with a known password. */
  const tempUser = async (role: 'USER' | 'ADMIN' | 'FEC' = 'USER') => {
    const email = `temp${++sequence}@ayto.es`;
    return { email, id: await createTestUser(demo.db, email, 'clave-temporal-1', role, [entityId]) };
  };
  const newUser = (role: number = ROLES.USER) => ({ email: `nuevo${++sequence}@ayto.es`, role, name: '', entities: [entityId] });
  const idOf = async (email: string) => (await demo.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0].id;
  const auditCount = async (action: string) =>
    (await demo.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1', [action]))[0].n;

  beforeAll(async () => {
    demo = await startDemoServer(openDemo);
    [{ id: entityId }] = await demo.db.query<{ id: number }>('SELECT id FROM entities ORDER BY id DESC LIMIT 1');
  });
  afterAll(async () => demo.close());

  it('lets only ADMIN and FEC call each user call; USER and share links are refused, no token is 401', async () => {
    const calls: [string, () => Promise<unknown>][] = [
      ['list', async () => undefined],
      ['create', async () => newUser()],
      ['remove', async () => ({ id: (await tempUser()).id })],
      ['regeneratePassword', async () => ({ id: (await tempUser()).id })],
    ];
    const expected: Record<Caller, number> = { admin: 200, fec: 200, user: 403, share: 403, none: 401 };
    for (const [path, body] of calls) {
      for (const caller of Object.keys(expected) as Caller[]) {
        const res = await call(demo.server, path === 'list' ? 'GET' : 'POST', `/api/secure/v1/users/${path}`, {
          token: demo.tokens[caller],
          body: await body(),
        });
        expect([path, caller, res.status]).toEqual([path, caller, expected[caller]]);
        if (caller === 'none') expect(res.body.error.type).toBe('INVALID_TOKEN');
      }
    }
  });

  it('lists users by e-mail with their role name and entities, never a password hash', async () => {
    const res = await call(demo.server, 'GET', '/api/secure/v1/users/list', { token: demo.tokens.fec });
    const users = res.body.response as UserRow[];
    expect(users.find((u) => u.email === 'usuario@demo.es')).toEqual({
      id: expect.any(Number),
      email: 'usuario@demo.es',
      name: 'Usuario demo',
      role: 'USER',
      entities: [expect.objectContaining({ id: expect.any(Number) }), expect.anything()],
    });
    expect(users.find((u) => u.email === 'admin@demo.es')?.role).toBe('ADMIN');
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|password/i);
  });

  it('creates a user with a random password of 16+ characters, stored only as a hash, that logs in', async () => {
    const body = newUser();
    const res = await post('create', body);
    expect(res.status).toBe(200);
    expect(res.body.response).toEqual({ user: { id: expect.any(Number), email: body.email }, generatedPassword: expect.stringMatching(/^\S{16,}$/) });
    const password = res.body.response.generatedPassword as string;
    const [{ password_hash: hash }] = await demo.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [body.email]);
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain(password);
    const me = await call(demo.server, 'GET', '/api/secure/v1/auth/me', { token: (await signIn(demo.server, body.email, password)).access_token });
    expect(me.body.response.user).toMatchObject({ email: body.email, role: 'USER', entities: [{ id: entityId, name: expect.any(String) }] });
    expect((await post('create', newUser())).body.response.generatedPassword).not.toBe(password);
    expect(await auditCount('user.create')).toBeGreaterThanOrEqual(2);
  });

  it('refuses an e-mail already used, whatever its case, with 409 EMAIL_EXISTS', async () => {
    for (const email of ['ADMIN@Demo.es', 'usuario@DEMO.es']) {
      const res = await post('create', { ...newUser(), email });
      expect([email, res.status, res.body.error.type]).toEqual([email, 409, 'EMAIL_EXISTS']);
    }
  });

  it("validates every field: the schema names the field, the rules answer with the form's messages", async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ email: '' }, { email: expect.any(String) }],
      [{ email: 'no-es-un-email' }, { email: expect.any(String) }],
      [{ email: ' usuario@demo.es ' }, { email: expect.any(String) }],
      [{ role: undefined }, { role: 'is required' }],
      [{ role: 9 }, { role: expect.any(String) }],
      [{ role: '1' }, { role: 'must be integer' }],
      [{ entities: [] }, { entities: 'USERS.VALIDATION.ENTITY_REQUIRED' }],
      [{ entities: [999999] }, { entities: 'USERS.VALIDATION.UNKNOWN_ENTITY' }],
      // A name like any other name: something visible, no invisible character (a zero-width space), no line break.
      [{ name: 'Ana\u200b García' }, { name: expect.any(String) }],
      [{ name: '\u200b\u200d' }, { name: expect.any(String) }],
      [{ name: '\u00ad' }, { name: expect.any(String) }],
      [{ name: '   ' }, { name: expect.any(String) }],
      [{ name: 'Ana\r\nBcc: x' }, { name: expect.any(String) }],
    ];
    for (const [change, data] of cases) {
      const res = await post('create', { ...newUser(), ...change });
      expect([change, res.status, res.body.error.type]).toEqual([change, 422, 'VALIDATION']);
      expect(res.body.error.data).toMatchObject(data);
    }
  });

  it('lets ADMIN give ADMIN, FEC and USER, and FEC only USER; entities are optional for administrators', async () => {
    for (const role of [ROLES.ADMIN, ROLES.FEC, ROLES.USER])
      expect((await post('create', { ...newUser(role), entities: role === ROLES.USER ? [entityId] : [] })).status).toBe(200);
    for (const role of [ROLES.NO, ROLES.DEVELOPERS]) expect((await post('create', newUser(role))).status).toBe(403);
    for (const role of [ROLES.ADMIN, ROLES.FEC]) expect((await post('create', newUser(role), 'fec')).body.error.type).toBe('FORBIDDEN');
    expect((await post('create', newUser(ROLES.USER), 'fec')).status).toBe(200);
  });

  it('removes a user, whose tokens stop working at once; nobody removes themselves, FEC no administrator', async () => {
    const { email, id } = await tempUser();
    const session = await signIn(demo.server, email, 'clave-temporal-1');
    expect((await post('remove', { id })).body.response).toEqual({ success: true });
    expect((await list()).map((u) => u.email)).not.toContain(email);
    const me = await call(demo.server, 'GET', '/api/secure/v1/auth/me', { token: session.access_token });
    expect([me.status, me.body.error.type]).toEqual([401, 'INVALID_TOKEN']);
    const refresh = await call(demo.server, 'POST', '/api/v1/auth/token', {
      form: { grant_type: 'refresh_token', refresh_token: session.refresh_token, client_id: 'campaigns-web', client_secret: 'campaigns-web-secret' },
    });
    expect(refresh.status).toBe(400);
    await expect(signIn(demo.server, email, 'clave-temporal-1')).rejects.toThrow('login failed');
    expect(await auditCount('user.remove')).toBeGreaterThanOrEqual(1);

    expect((await post('remove', { id: await idOf('admin@demo.es') })).status).toBe(403);
    expect((await post('remove', { id: await idOf('fec@demo.es') }, 'fec')).status).toBe(403);
    expect((await post('remove', { id: await idOf('admin@demo.es') }, 'fec')).status).toBe(403);
    expect((await post('remove', { id: 999999 })).status).toBe(404);
    expect((await post('remove', { id: 'x' })).status).toBe(422);
  });

  it("edits a user's e-mail, role and entities with the rules of creation, and logs it", async () => {
    const { id } = await tempUser();
    const [{ id: other }] = await demo.db.query<{ id: number }>('SELECT id FROM entities WHERE id <> $1 ORDER BY id LIMIT 1', [entityId]);
    const update = (body: Record<string, unknown>, caller: Caller = 'admin') =>
      post('update', { id, email: `editado${id}@ayto.es`, role: ROLES.USER, entities: [other], ...body }, caller);
    expect((await update({}, 'fec')).body.response).toEqual({ success: true });
    expect((await list()).find((u) => u.id === id)).toMatchObject({
      email: `editado${id}@ayto.es`,
      role: 'USER',
      entities: [{ id: other, name: expect.any(String) }],
    });
    // ADMIN may make it FEC (entities optional); FEC may not give FEC nor edit one.
    expect((await update({ role: ROLES.FEC }, 'fec')).status).toBe(403);
    expect((await update({ role: ROLES.FEC, entities: [] })).status).toBe(200);
    expect((await list()).find((u) => u.id === id)).toMatchObject({ role: 'FEC', entities: [] });
    expect((await update({ role: ROLES.USER }, 'fec')).status).toBe(403);
    expect((await update({ role: ROLES.USER, entities: [] })).body.error.data).toEqual({ entities: 'USERS.VALIDATION.ENTITY_REQUIRED' });
    expect((await update({ role: ROLES.DEVELOPERS })).status).toBe(403);
    // Nobody edits their own account (so nobody changes their own role); FEC no administrator.
    expect((await post('update', { id: await idOf('admin@demo.es'), email: 'admin@demo.es', role: ROLES.FEC, entities: [] })).status).toBe(403);
    expect((await post('update', { id: await idOf('fec@demo.es'), email: 'fec@demo.es', role: ROLES.USER, entities: [entityId] }, 'fec')).status).toBe(403);
    expect((await post('update', { id: await idOf('admin@demo.es'), email: 'admin@demo.es', role: ROLES.USER, entities: [entityId] }, 'fec')).status).toBe(403);
    // Another user's e-mail, in any case, is EMAIL_EXISTS; its own in another case is not.
    const taken = await update({ email: 'USUARIO@demo.es', role: ROLES.FEC, entities: [] });
    expect([taken.status, taken.body.error.type]).toEqual([409, 'EMAIL_EXISTS']);
    expect((await update({ email: `EDITADO${id}@ayto.es`, role: ROLES.FEC, entities: [] })).status).toBe(200);
    // Validation as creation: the schema names the field; unknown ids; an unknown user.
    for (const [change, field] of [
      [{ email: 'no-es-correo' }, 'email'],
      [{ role: 9 }, 'role'],
      [{ entities: ['1'] }, 'entities.0'],
      [{ name: 'x' }, 'name'],
      [{ id: '5' }, 'id'],
    ] as const) {
      const res = await update(change);
      expect([res.status, Object.keys(res.body.error.data)]).toEqual([422, [field]]);
    }
    expect((await update({ entities: [999999] })).body.error.data).toEqual({ entities: 'USERS.VALIDATION.UNKNOWN_ENTITY' });
    expect((await post('update', { id: 999999, email: 'x@ayto.es', role: ROLES.USER, entities: [entityId] })).status).toBe(404);
    expect((await update({}, 'user')).status).toBe(403);
    const [audit] = await demo.db.query<{ details: { before: { role: string }; after: { role: string } } }>(
      "SELECT details FROM audit_log WHERE action = 'user.update' AND target_id = $1 ORDER BY id DESC LIMIT 1",
      [String(id)],
    );
    expect(audit.details).toMatchObject({ before: { role: 'FEC' }, after: { role: 'FEC', email: `EDITADO${id}@ayto.es` } });
  });

  it('regenerates a password: the new one logs in, the old one and the old sessions no longer do', async () => {
    const { email, id } = await tempUser();
    const before = await signIn(demo.server, email, 'clave-temporal-1');
    const res = await post('regeneratePassword', { id }, 'fec');
    expect(res.body.response).toEqual({ email, password: expect.stringMatching(/^\S{16,}$/) });
    await expect(signIn(demo.server, email, 'clave-temporal-1')).rejects.toThrow('login failed');
    expect((await signIn(demo.server, email, res.body.response.password)).access_token).toBeTruthy();
    expect((await call(demo.server, 'GET', '/api/secure/v1/auth/me', { token: before.access_token })).status).toBe(401);
    expect(await auditCount('user.regeneratePassword')).toBeGreaterThanOrEqual(1);

    const admin = await tempUser('ADMIN');
    expect((await post('regeneratePassword', { id: admin.id }, 'fec')).status).toBe(403);
    expect((await post('regeneratePassword', { id: admin.id })).status).toBe(200);
    expect((await post('regeneratePassword', { id: await idOf('admin@demo.es') })).status).toBe(403);
  });
});
