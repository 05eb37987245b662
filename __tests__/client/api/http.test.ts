/** @jest-environment node */
import { http, postForm } from '../../../src/client/api/http.js';
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

/** An XMLHttpRequest as postForm drives it: what it was sent, and the test's hands on its upload and its answer. */
class FakeXhr {
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  request: { method?: string; url?: string; headers: Record<string, string>; body?: unknown } = { headers: {} };
  open(method: string, url: string) {
    Object.assign(this.request, { method, url });
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value;
  }
  send(body: unknown) {
    this.request.body = body;
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable } as ProgressEvent);
  }
  answer(status: number, body: string) {
    Object.assign(this, { status, responseText: body });
    this.onload?.();
  }
}

describe('postForm (a file, with its progress)', () => {
  const send = (xhr: FakeXhr, onProgress?: (sent: number, total: number) => void, token: string | null = 'tok') => {
    const form = new FormData();
    form.append('id', '5');
    const answer = postForm<{ id: number }>('/campaigns/evidence/upload', token, form, onProgress, () => xhr as unknown as XMLHttpRequest);
    return { form, answer };
  };

  it('posts the form to the secure path with the bearer token, says how much has gone, and unwraps the response', async () => {
    const xhr = new FakeXhr();
    const heard: [number, number][] = [];
    const { form, answer } = send(xhr, (sent, total) => heard.push([sent, total]));
    expect(xhr.request).toEqual({
      method: 'POST',
      url: '/api/secure/v1/campaigns/evidence/upload',
      headers: { Accept: 'application/json', Authorization: 'Bearer tok' },
      body: form,
    });
    xhr.progress(0, 2000);
    xhr.progress(900, 2000);
    // A size the browser does not know is no progress to tell.
    xhr.progress(950, 0, false);
    xhr.progress(2000, 2000);
    xhr.answer(200, JSON.stringify({ response: { id: 9 } }));
    await expect(answer).resolves.toEqual({ id: 9 });
    expect(heard).toEqual([
      [0, 2000],
      [900, 2000],
      [2000, 2000],
    ]);
  });

  it('rejects with the ApiError of the error envelope, as http does (an expired token included, for the refresh)', async () => {
    const tooLarge = new FakeXhr();
    const first = send(tooLarge).answer;
    tooLarge.answer(
      413,
      JSON.stringify({ error: { type: 'PAYLOAD_TOO_LARGE', message: 'x', data: { code: 'EVIDENCE_FILE_TOO_LARGE', maxBytes: 10 } }, request: { id: 'req-2' } }),
    );
    await expect(first).rejects.toMatchObject({ type: 'PAYLOAD_TOO_LARGE', status: 413, data: { code: 'EVIDENCE_FILE_TOO_LARGE' }, requestId: 'req-2' });
    const expired = new FakeXhr();
    const second = send(expired).answer;
    expired.answer(401, JSON.stringify({ error: { type: 'EXPIRED_ACCESS_TOKEN', message: 'x' } }));
    await expect(second).rejects.toBeInstanceOf(ApiError);
    await expect(second).rejects.toMatchObject({ type: 'EXPIRED_ACCESS_TOKEN', status: 401 });
    const empty = new FakeXhr();
    const third = send(empty).answer;
    empty.answer(200, '');
    await expect(third).rejects.toMatchObject({ type: 'EMPTY_RESPONSE', status: 200 });
  });

  it('reports a request that never arrives (no connection, timed out, aborted) as CONNECTION_FAILED, and sends no token it has not got', async () => {
    for (const end of ['onerror', 'ontimeout', 'onabort'] as const) {
      const xhr = new FakeXhr();
      const { answer } = send(xhr, undefined, null);
      expect(xhr.request.headers).not.toHaveProperty('Authorization');
      xhr[end]?.();
      await expect(answer).rejects.toMatchObject({ type: 'CONNECTION_FAILED', status: 600 });
    }
  });
});
