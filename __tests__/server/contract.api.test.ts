import { testBackends } from '../helpers/db.js';
import { startDemoServer, type Caller, type DemoServer } from '../helpers/demoServer.js';
import { call } from '../helpers/server.js';
import { loginBody, pkcePair, signIn } from '../helpers/auth.js';

const backends = await testBackends();

/** The strict contract of every call (api-contract.md, "Inputs are validated strictly, never coerced"). */
describe.each(backends)('API contract on $name', ({ open }) => {
  let demo: DemoServer;
  const api = (method: string, path: string, options: { body?: unknown; caller?: Caller; headers?: Record<string, string> } = {}) =>
    call(demo.server, method, `/api/secure/v1/${path}`, { body: options.body, token: demo.tokens[options.caller ?? 'admin'], headers: options.headers });
  const count = async (table: string) => (await demo.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
  const token = (form: Record<string, string>, headers: Record<string, string> = {}) => call(demo.server, 'POST', '/api/v1/auth/token', { form, headers });
  const client = () => ({ client_id: demo.server.ctx.config.oauth.clientId, client_secret: demo.server.ctx.config.oauth.clientSecret });

  beforeAll(async () => {
    demo = await startDemoServer(open);
  });
  afterAll(() => demo?.close());

  it('refuses ids that are not JSON integers from 1 to 2147483647 with 422 naming the field, and removes nothing', async () => {
    const entities = await count('entities');
    for (const id of [[41, 99999], '0x1F', '43', ' 44 ', '45.0', [1], 1.5, 0, -1, 2147483648, 2 ** 53, 1e23, 1e308, null, true, { $gt: 0 }]) {
      const res = await api('POST', 'entities/remove', { body: { id } });
      expect([id, res.status, res.body.error.type, Object.keys(res.body.error.data)]).toEqual([id, 422, 'VALIDATION', ['id']]);
    }
    // Beyond 2^53 as JSON text: the parser's nearest double is still refused.
    const raw = await fetch(`${demo.server.url}/api/secure/v1/entities/remove`, {
      method: 'POST', headers: { authorization: `Bearer ${demo.tokens.admin}`, 'content-type': 'application/json' }, body: '{"id":9007199254740993}',
    });
    expect(raw.status).toBe(422);
    expect(await count('entities')).toBe(entities);
  });

  it('answers an address too long to read in the envelope, before any route', async () => {
    const res = await fetch(`${demo.server.url}/api/secure/v1/campaigns/get?id=${'1'.repeat(20000)}`);
    const body = await res.json();
    expect([res.status, body.error.type, typeof body.request.id]).toEqual([431, 'HEADERS_TOO_LARGE', 'string']);
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
    const entity = await api('POST', 'entities/create', { body: { entity: { name: 'Nulo\u0000', population: 5 }, municipalities: ['28079'] } });
    expect([entity.status, Object.keys(entity.body.error.data)]).toEqual([422, ['entity.name']]);
  });

  it('refuses properties a call does not take, naming them', async () => {
    const res = await api('POST', 'campaigns/submit', { body: { id: 1, status: 'sent' } });
    expect([res.status, res.body.error.data]).toEqual([422, { status: 'is not allowed' }]);
  });

  it('answers deep JSON with a 4xx and an oversize body with 413 PAYLOAD_TOO_LARGE, in the envelope', async () => {
    const deep = await fetch(`${demo.server.url}/api/v1/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"email":${'['.repeat(100000)}${']'.repeat(100000)}}`,
    });
    expect(deep.status).toBe(422);
    const big = await api('POST', 'campaigns/submit', { body: { id: 1, padding: 'x'.repeat(1_100_000) } });
    expect([big.status, big.body.error.type, typeof big.body.request.id]).toEqual([413, 'PAYLOAD_TOO_LARGE', 'string']);
  });

  it('keeps the token endpoint in RFC 6749 form for unreadable, repeated, oversize and badly authenticated requests', async () => {
    const malformed = await fetch(`${demo.server.url}/api/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":' });
    expect([malformed.status, (await malformed.json()).error]).toEqual([400, 'invalid_request']);
    const empty = await call(demo.server, 'POST', '/api/v1/auth/token', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect([empty.status, empty.body.error]).toEqual([400, 'invalid_request']);
    const repeated = await fetch(`${demo.server.url}/api/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=refresh_token&grant_type=password' });
    expect([repeated.status, (await repeated.json()).error]).toEqual([400, 'invalid_request']);
    const oversize = await token({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(1_100_000) });
    expect([oversize.status, oversize.body.error]).toEqual([413, 'invalid_request']);
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
    const documented = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented).toHaveLength(30);
    for (const route of documented) expect([route, demo.server.app.hasRoute({ method: route.split(' ')[0] as 'GET', url: route.split(' ')[1] })]).toEqual([route, true]);
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        expect([path, method, Object.keys(op.responses)]).toEqual([path, method, ['200', '4XX', '5XX']]);
        if (method === 'post') expect([path, Object.keys(op.requestBody.content)]).toEqual([path, expect.arrayContaining(['application/json'])]);
      }
    }
    expect(doc.paths['/api/secure/v1/campaigns/saveAnswer'].post.requestBody.content['application/json'].schema).toMatchObject({
      additionalProperties: false,
      required: ['id', 'question', 'answer'],
      properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
    });
    const page = await fetch(`${demo.server.url}/api/docs/static/index.html`);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/html')]);
  });
});
