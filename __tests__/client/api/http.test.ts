/** @jest-environment node */
import { http } from '../../../src/client/api/http.js';
import { ApiError } from '../../../src/client/api/ApiError.js';
import { toQueryString } from '../../../src/client/api/query.js';

const reply = (status: number, body: string) => async () => new Response(body, { status });

describe('API client', () => {
  it('builds query strings with key[]=value arrays and skips empty values', () => {
    expect(toQueryString({ id: 3, type: 'axis', ids: [1, 2], empty: '', none: null, missing: undefined, flag: false })).toBe(
      '?id=3&type=axis&ids%5B%5D=1&ids%5B%5D=2&flag=false',
    );
    expect(toQueryString({})).toBe('');
  });

  it('prefixes secure calls, sends the bearer token and JSON, and unwraps the response', async () => {
    const calls: [string, RequestInit][] = [];
    const fetchImpl = async (url: string | URL | Request, init?: RequestInit) => {
      calls.push([String(url), init ?? {}]);
      return new Response(JSON.stringify({ response: { ok: 1 } }), { status: 200 });
    };
    const result = await http({ method: 'POST', path: '/v1/campaigns/saveAnswer', secure: true, token: 'tok', body: { id: 1 }, query: { a: [1] } }, fetchImpl);
    expect(result).toEqual({ ok: 1 });
    expect(calls[0][0]).toBe('/api/secure/v1/campaigns/saveAnswer?a%5B%5D=1');
    expect(calls[0][1].headers).toMatchObject({ Authorization: 'Bearer tok', 'Content-Type': 'application/json' });
    expect(calls[0][1].body).toBe('{"id":1}');
  });

  it('sends FormData as multipart without a JSON content type', async () => {
    let init: RequestInit | undefined;
    const form = new FormData();
    form.append('file', 'x');
    await http({ method: 'POST', path: '/v1/upload', body: form }, async (_url, i) => {
      init = i;
      return new Response('{"response":null}');
    });
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('turns the error envelope into an ApiError with type, status, data and request id', async () => {
    const body = JSON.stringify({
      error: { type: 'VALIDATION', message: 'x', data: 'MULTIPLE_PROVINCES' },
      request: { method: 'POST', path: '/x', id: 'req-1' },
    });
    await expect(http({ path: '/x' }, reply(422, body))).rejects.toMatchObject({
      type: 'VALIDATION',
      status: 422,
      data: 'MULTIPLE_PROVINCES',
      requestId: 'req-1',
    });
  });

  it('reports a connection failure as status 600 and an empty body as EMPTY_RESPONSE', async () => {
    const down = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(http({ path: '/x' }, down)).rejects.toMatchObject({ type: 'CONNECTION_FAILED', status: 600 });
    await expect(http({ path: '/x' }, reply(200, ''))).rejects.toMatchObject({ type: 'EMPTY_RESPONSE', status: 200 });
    await expect(http({ path: '/x' }, reply(502, '<html>Bad gateway</html>'))).rejects.toBeInstanceOf(ApiError);
  });

  it('returns the OAuth token answer as it is', async () => {
    const tokens = { access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 900 };
    expect(await http({ method: 'POST', path: '/v1/auth/token', raw: true }, reply(200, JSON.stringify(tokens)))).toEqual(tokens);
  });
});
