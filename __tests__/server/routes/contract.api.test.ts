import { testBackends } from '../../helpers/db.js';
import { startDemoServer, type Caller, type DemoServer } from '../../helpers/demoServer.js';
import net from 'node:net';
import { call, rawGet, startTestServer } from '../../helpers/server.js';
import { createTestUser, loginBody, pkcePair, signIn } from '../../helpers/auth.js';

const backends = await testBackends();

/** The strict contract of every call (docs/api.md, the validation rules). */
describe.each(backends)('API contract on $name', ({ openDemo }) => {
  let demo: DemoServer;
  const api = (method: string, path: string, options: { body?: unknown; caller?: Caller; headers?: Record<string, string> } = {}) =>
    call(demo.server, method, `/api/secure/v1/${path}`, { body: options.body, token: demo.tokens[options.caller ?? 'admin'], headers: options.headers });
  const count = async (table: string) => (await demo.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
  const token = (form: Record<string, string>, headers: Record<string, string> = {}) => call(demo.server, 'POST', '/api/v1/auth/token', { form, headers });
  const client = () => ({ client_id: demo.server.ctx.config.oauth.clientId, client_secret: demo.server.ctx.config.oauth.clientSecret });

  beforeAll(async () => {
    demo = await startDemoServer(openDemo);
  });
  afterAll(() => demo?.close());

  it('refuses ids that are not JSON integers from 1 to 2147483647 with 422 naming the field, and removes nothing', async () => {
    const entities = await count('entities');
    for (const id of [[41, 99999], '0x1F', '43', ' 44 ', '45.0', [1], 1.5, 0, -1, 2147483648, 2 ** 53, 1e23, 1e308, null, true, { $gt: 0 }]) {
      const res = await api('POST', 'entities/remove', { body: { id } });
      expect([id, res.status, res.body.error.type, Object.keys(res.body.error.data)]).toEqual([id, 422, 'VALIDATION', ['id']]);
    }
    // As JSON text: beyond 2^53, and whole numbers written with a fraction or an exponent (43 to any JSON parser).
    for (const text of ['{"id":9007199254740993}', '{"id":43.0}', '{"id":4.3e1}', '{"id":43E0}', '{"id":-0.0}']) {
      const raw = await fetch(`${demo.server.url}/api/secure/v1/entities/remove`, {
        method: 'POST',
        headers: { authorization: `Bearer ${demo.tokens.admin}`, 'content-type': 'application/json' },
        body: text,
      });
      expect([text, raw.status, Object.keys((await raw.json()).error.data)]).toEqual([text, 422, ['id']]);
    }
    expect(await count('entities')).toBe(entities);
  });

  it('costs no more for a million wrong properties than for one: the first problem is answered', async () => {
    const body = Object.fromEntries(Array.from({ length: 60000 }, (_, i) => [`p${i}`, i]));
    const res = await api('POST', 'entities/remove', { body });
    expect([res.status, Object.keys(res.body.error.data).length]).toEqual([422, 1]);
    expect(JSON.stringify(res.body).length).toBeLessThan(1000);
  });

  it("takes no query parameter named like an object's own properties", async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const res = await call(demo.server, 'GET', `/api/v1/health?${name}=1`);
      expect([name, res.status, res.body.error.data]).toEqual([name, 422, { [name]: 'is not allowed' }]);
    }
  });

  it('answers an address too long to read in the envelope, before any route', async () => {
    const res = await fetch(`${demo.server.url}/api/secure/v1/campaigns/get?id=${'1'.repeat(20000)}`);
    const body = await res.json();
    expect([res.status, body.error.type, typeof body.request.id]).toEqual([431, 'HEADERS_TOO_LARGE', 'string']);
  });

  it('answers a request whose body stops arriving 408 in the envelope and closes it, instead of waiting for ever', async () => {
    const slow = await startTestServer(demo.db, {}, undefined, { requestTimeoutMs: 600 });
    try {
      const { port } = new URL(slow.url);
      const socket = net.connect(Number(port), '127.0.0.1');
      const answer = new Promise<string>((resolve, reject) => {
        let text = '';
        socket.on('data', (chunk) => (text += chunk));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      socket.write('POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"');
      const text = await answer;
      expect(text.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)).error.type).toBe('REQUEST_TIMEOUT');
    } finally {
      await slow.close();
    }
  });

  it('answers an address that is not valid percent-encoding 400 in the envelope, wherever it points', async () => {
    for (const path of ['/%', '/api/secure/v1/campaigns/%', '/api/v1/auth/%E0%A4%A', '/api/v1/auth/token%ff']) {
      const res = await rawGet(demo.server, path, { authorization: `Bearer ${demo.tokens.admin}` });
      const body = JSON.parse(res.body.toString());
      expect([path, res.status, body.error.type, typeof body.request.id]).toEqual([path, 400, 'BAD_REQUEST', 'string']);
    }
  });

  it('reads query integers only from their plain spelling, and refuses a parameter sent twice', async () => {
    expect((await api('GET', 'campaigns/get?id=1')).status).toBe(200);
    for (const query of ['id=1&id=2', 'id=0x1F', 'id=%2044%20', 'id=45.0', 'id=1e3', 'id=2147483648', 'id=9007199254740993', 'id=', 'id[]=1', 'id=1&extra=2']) {
      const res = await api('GET', `campaigns/get?${query}`);
      expect([query, res.status, res.body.error.type]).toEqual([query, 422, 'VALIDATION']);
    }
    expect((await api('GET', 'campaigns/get?id=1&id=2')).body.error.data).toEqual({ id: 'must be sent only once' });
    expect((await api('GET', 'campaigns/getByUser?onlySent=1')).body.error.data).toEqual({ onlySent: 'must be boolean' });
    expect((await api('GET', 'campaigns/getByUser?onlySent=true')).status).toBe(200);
  });

  it('refuses a role that is not one of the integers, and creates no user', async () => {
    const users = await count('users');
    for (const role of ['2', [3], 2.5, 7, null]) {
      const res = await api('POST', 'users/create', { body: { email: 'rol@ayto.es', role, name: '', entities: [] } });
      expect([role, res.status, Object.keys(res.body.error.data)]).toEqual([role, 422, ['role']]);
    }
    expect(await count('users')).toBe(users);
  });

  it('refuses an e-mail that is not a string at login and user creation, and a NUL in a name, with 422', async () => {
    const { challenge } = pkcePair();
    const login = await call(demo.server, 'POST', '/api/v1/auth/login', { body: { ...loginBody(demo.server, 'x@y.es', 'z', challenge), email: { $gt: '' } } });
    expect([login.status, login.body.error.data]).toEqual([422, { email: 'must be string' }]);
    const user = await api('POST', 'users/create', { body: { email: { $gt: '' }, role: 1, name: '', entities: [1] } });
    expect([user.status, user.body.error.data]).toEqual([422, { email: 'must be string' }]);
    for (const name of ['Nulo\u0000', 'Salto\nde línea', 'Control\u0085C1', 'Al revés \u202eolleS']) {
      const entity = await api('POST', 'entities/create', { body: { entity: { name, population: 5 }, municipalities: ['28079'] } });
      expect([name, entity.status, Object.keys(entity.body.error.data)]).toEqual([name, 422, ['entity.name']]);
    }
  });

  it('checks e-mails with one pattern everywhere, and answers a login with an impossible address as wrong credentials', async () => {
    await createTestUser(demo.db, 'jefa@intranet', 'una contraseña larga', 'ADMIN');
    expect((await signIn(demo.server, 'jefa@intranet', 'una contraseña larga')).token_type).toBe('Bearer');
    const { challenge } = pkcePair();
    for (const email of ['no es un correo', 'a@b@c']) {
      const res = await call(demo.server, 'POST', '/api/v1/auth/login', { body: loginBody(demo.server, email, 'x', challenge) });
      expect([email, res.status, res.body.error.type]).toEqual([email, 401, 'INVALID_CREDENTIALS']);
    }
    const created = await api('POST', 'users/create', { body: { email: 'otra@intranet', role: 2, name: '', entities: [] } });
    expect(created.status).toBe(200);
  });

  it('refuses properties a call does not take, naming them', async () => {
    const res = await api('POST', 'campaigns/submit', { body: { id: 1, status: 'sent' } });
    expect([res.status, res.body.error.data]).toEqual([422, { status: 'is not allowed' }]);
  });

  it('answers deep JSON with a 4xx and an oversize body with 413 PAYLOAD_TOO_LARGE, in the envelope', async () => {
    const deep = await fetch(`${demo.server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"email":${'['.repeat(100000)}${']'.repeat(100000)}}`,
    });
    expect(deep.status).toBe(422);
    const big = await api('POST', 'campaigns/submit', { body: { id: 1, padding: 'x'.repeat(1_100_000) } });
    expect([big.status, big.body.error.type, typeof big.body.request.id]).toEqual([413, 'PAYLOAD_TOO_LARGE', 'string']);
  });

  it('keeps the token endpoint in RFC 6749 form for unreadable, repeated, oversize and badly authenticated requests', async () => {
    const malformed = await fetch(`${demo.server.url}/api/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":',
    });
    expect([malformed.status, (await malformed.json()).error]).toEqual([400, 'invalid_request']);
    const empty = await call(demo.server, 'POST', '/api/v1/auth/token', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect([empty.status, empty.body.error]).toEqual([400, 'invalid_request']);
    const repeated = await fetch(`${demo.server.url}/api/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&grant_type=password',
    });
    expect([repeated.status, (await repeated.json()).error]).toEqual([400, 'invalid_request']);
    const oversize = await token({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(1_100_000) });
    expect([oversize.status, oversize.body.error]).toEqual([413, 'invalid_request']);
    const both = await token(
      { grant_type: 'refresh_token', refresh_token: 'x', ...client() },
      { authorization: `Basic ${Buffer.from(`${client().client_id}:${client().client_secret}`).toString('base64')}` },
    );
    expect([both.status, both.body.error]).toEqual([400, 'invalid_request']);
    const quoted = await token({ grant_type: 'pass"word\\', ...client() });
    expect([quoted.status, quoted.body.error, /["\\]/.test(quoted.body.error_description)]).toEqual([400, 'unsupported_grant_type', false]);
    for (const basic of ['%%%', Buffer.from('%E0%A4%A:secret').toString('base64'), Buffer.from('no-colon').toString('base64')]) {
      const res = await token({ grant_type: 'refresh_token', refresh_token: 'x' }, { authorization: `Basic ${basic}` });
      expect([basic, res.status, res.body.error, res.headers.get('www-authenticate')]).toEqual([basic, 401, 'invalid_client', 'Basic realm="token"']);
    }
  });

  it('ignores token parameters it does not know, as RFC 6749 section 3.2 requires', async () => {
    const { refresh_token } = await signIn(demo.server, 'usuario@demo.es', 'demo1234');
    const res = await token({ grant_type: 'refresh_token', refresh_token, ...client(), scope: 'anything', extension: '1' });
    expect([res.status, res.body.token_type]).toEqual([200, 'Bearer']);
  });

  it('publishes an OpenAPI 3.1 document listing every API call with its request and answer, and a page to browse it', async () => {
    const doc = (await call(demo.server, 'GET', '/api/docs/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    // Every API route is declared (registerOpenApi refuses to start otherwise), so every one is documented.
    const documented = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented).toHaveLength(111);
    expect(documented).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/forgotPassword',
        'POST /api/v1/auth/resetPassword',
        'GET /api/v1/auth/methods',
        'GET /api/v1/auth/privacy',
        'GET /api/secure/v1/auth/me/export',
        'POST /api/secure/v1/auth/me/erasure',
        'GET /api/v1/accessibility/statement',
        'POST /api/v1/accessibility/complaint',
        'POST /api/secure/v1/accessibility/statement/update',
        'GET /api/secure/v1/accessibility/complaints',
        'POST /api/secure/v1/users/erase',
        'POST /api/secure/v1/editions/settings',
        'POST /api/secure/v1/editions/draft/delete',
        'POST /api/secure/v1/campaigns/objection/resolve',
        'GET /api/secure/v1/entities/members',
        'POST /api/secure/v1/entities/members/invite',
        'POST /api/secure/v1/entities/members/remove',
        'POST /api/secure/v1/entities/members/role',
        'POST /api/secure/v1/campaigns/assign',
        'GET /api/secure/v1/campaigns/assignments',
        'GET /api/secure/v1/campaigns/receipt',
        'GET /api/secure/v1/campaigns/history',
        'GET /api/v1/public/receipt',
      ]),
    );
    for (const route of documented)
      expect([route, demo.server.app.hasRoute({ method: route.split(' ')[0] as 'GET', url: route.split(' ')[1] })]).toEqual([route, true]);
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        expect([path, method, Object.keys(op.responses)]).toEqual([path, method, ['200', '4XX', '5XX']]);
        // The edition files and evidence files are posted as multipart/form-data (docs/api.md); every other body is JSON.
        const bodyType =
          /\/editions\/(preview|import|spreadsheet)$/.test(path) || path.endsWith('/evidence/upload') ? 'multipart/form-data' : 'application/json';
        if (method === 'post') expect([path, Object.keys(op.requestBody.content)]).toEqual([path, expect.arrayContaining([bodyType])]);
      }
    }
    // Every operation has a unique operationId, the method name of a generated client, and one of the document's tags.
    const operations = Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((ops) => Object.values(ops));
    const ids = operations.map((op) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(documented.length);
    expect(doc.paths['/api/secure/v1/campaigns/saveAnswer'].post.operationId).toBe('campaignsSaveAnswer');
    expect(doc.paths['/api/v1/auth/login'].post.operationId).toBe('authLogin');
    expect(doc.paths['/api/secure/v1/campaigns/export'].get.operationId).toBe('campaignsExport');
    const tags = (doc.tags as { name: string; description: string }[]).map((t) => t.name);
    expect(tags).toEqual(['auth', 'users', 'entities', 'campaigns', 'editions', 'audit', 'reference', 'health', 'accessibility', 'public']);
    for (const op of operations) expect([op.operationId, op.tags.length, tags.includes(op.tags[0])]).toEqual([op.operationId, 1, true]);
    expect(doc.paths['/api/secure/v1/communities/allProvinces'].get.tags).toEqual(['reference']);
    expect(doc.paths['/api/secure/v1/campaigns/saveAnswer'].post.requestBody.content['application/json'].schema).toMatchObject({
      additionalProperties: false,
      required: ['id', 'question', 'answer'],
      properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
    });
    // The upload's multipart parts, and the evidence file answered by the content types an upload takes.
    expect(doc.paths['/api/secure/v1/campaigns/evidence/upload'].post.requestBody.content['multipart/form-data'].schema).toMatchObject({
      additionalProperties: false,
      required: ['id', 'question', 'file'],
      properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' }, file: { type: 'string', format: 'binary' } },
    });
    expect(Object.keys(doc.paths['/api/secure/v1/campaigns/evidence/file'].get.responses['200'].content)).toContain('application/pdf');
    // The edition export answers with a file, documented by content type, not in the envelope.
    expect(Object.keys(doc.paths['/api/secure/v1/campaigns/export'].get.responses['200'].content).sort()).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/csv',
    ]);
    // The error a user with a temporary password meets on every other call is documented with every call's errors.
    const errorType = doc.paths['/api/secure/v1/campaigns/all'].get.responses['4XX'].content['application/json'].schema.properties.error.properties.type;
    expect(errorType.description).toContain('PASSWORD_CHANGE_REQUIRED (403)');
    expect(doc.paths['/api/secure/v1/auth/changePassword'].post.description).toContain('PASSWORD_CHANGE_REQUIRED');
    const page = await fetch(`${demo.server.url}/api/docs/static/index.html`);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/html')]);
  });
});
