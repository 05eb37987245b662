import { createHash, randomBytes } from 'node:crypto';
import type { TestServer } from './server.js';
import { call } from './server.js';
import { hashPassword } from '../../src/server/services/auth/passwords.js';
import { insertUser } from '../../src/server/db/repositories/users.js';
import type { Db } from '../../src/server/db/client.js';
import type { Role } from '../../src/shared/roles.js';

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** Creates a user with a known password; returns its id. */
export async function createTestUser(db: Db, email: string, password: string, role: Role = 'USER', entityIds: number[] = []): Promise<number> {
  return db.transaction(async (tx) => insertUser(tx, { email, role, passwordHash: await hashPassword(password), entityIds }));
}

/** The login call's body for the test server's default client. */
export function loginBody(server: TestServer, email: string, password: string, challenge: string, state = 'state-' + randomBytes(8).toString('hex')) {
  const { oauth } = server.ctx.config;
  return {
    email,
    password,
    client_id: oauth.clientId,
    client_secret: oauth.clientSecret,
    redirect_uri: oauth.redirectUri,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    response_type: 'code',
  };
}

/** The whole PKCE flow through HTTP: login then code exchange. */
export async function signIn(server: TestServer, email: string, password: string) {
  const { verifier, challenge } = pkcePair();
  const login = await call(server, 'POST', '/api/v1/auth/login', { body: loginBody(server, email, password, challenge) });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const { oauth } = server.ctx.config;
  const token = await call(server, 'POST', '/api/v1/auth/token', {
    form: {
      grant_type: 'authorization_code',
      code: login.body.response.code,
      redirect_uri: oauth.redirectUri,
      code_verifier: verifier,
      client_id: oauth.clientId,
      client_secret: oauth.clientSecret,
    },
  });
  if (token.status !== 200) throw new Error(`token exchange failed: ${JSON.stringify(token.body)}`);
  return token.body as { access_token: string; refresh_token: string; expires_in: number; token_type: string };
}

/** Access tokens of the three demo accounts (seedDemo), signed in through HTTP. */
export async function signInDemoAccounts(server: TestServer): Promise<{ user: string; admin: string; fec: string }> {
  const token = async (email: string) => (await signIn(server, email, 'demo1234')).access_token;
  return { user: await token('usuario@demo.es'), admin: await token('admin@demo.es'), fec: await token('fec@demo.es') };
}
