import { createHash, randomBytes } from 'node:crypto';

/** Signs in over HTTP with PKCE, as the web client does, and returns an access token. */
export async function apiToken(url: string, email: string, password = 'demo1234'): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const client = { client_id: 'campaigns-web', client_secret: 'campaigns-web-secret', redirect_uri: `${url}/auth/callback` };
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, ...client, state: 'e2e-state-1', code_challenge: challenge, code_challenge_method: 'S256', response_type: 'code' }),
  });
  const { response } = (await login.json()) as { response: { code: string } };
  const token = await fetch(`${url}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'authorization_code', code: response.code, code_verifier: verifier, ...client }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

/** An authenticated GET of the API, unwrapped. */
export async function apiGet<T>(url: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${url}/api/secure/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { response: T }).response;
}

/** An authenticated POST of the API, unwrapped. */
export async function apiPost<T>(url: string, token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${url}/api/secure/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { response: T }).response;
}
