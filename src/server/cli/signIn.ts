import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../config.js';

/** Signs in over HTTP as the web app does (PKCE S256) and returns an access token; for the measuring tools. */
export async function signIn(url: string, oauth: Config['oauth'], email: string, password: string): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const client = { client_id: oauth.clientId, client_secret: oauth.clientSecret, redirect_uri: oauth.redirectUri };
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      ...client,
      state: randomBytes(12).toString('hex'),
      response_type: 'code',
      code_challenge_method: 'S256',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    }),
  });
  if (!login.ok) throw new Error(`sign-in of ${email} failed with HTTP ${login.status}`);
  const { response } = (await login.json()) as { response: { code: string } };
  const token = await fetch(`${url}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'authorization_code', code: response.code, code_verifier: verifier, ...client }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}
