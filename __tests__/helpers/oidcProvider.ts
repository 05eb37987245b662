import path from 'node:path';
import process from 'node:process';
import { spawn } from 'node:child_process';
import { freePort, ROOT } from './serverProcess.js';

/** An account of the test provider: what its ID token says of the person. */
export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/** A running test OpenID provider (oidcProviderProgram.mjs) with one client. */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The environment that points the product at this provider (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The port a provider will listen on, chosen first: the product's configuration names the issuer, and the
 * provider's client names the product's callback, so one of the two must be known before the other starts.
 */
export const providerPort = freePort;

/** Starts the test provider on `port` with these accounts, its client sending browsers back to `redirectUri`. */
export async function startOidcProvider(
  port: number,
  redirectUri: string,
  accounts: Record<string, ProviderAccount>,
  options: { conform?: boolean; userInfoFails?: boolean; name?: string } = {},
): Promise<TestOidcProvider> {
  const clientId = 'campaigns-test-client';
  const clientSecret = 'a-client-secret-of-the-test-provider';
  const child = spawn(process.execPath, [path.join(ROOT, '__tests__/helpers/oidcProviderProgram.mjs')], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'test',
      PORT: String(port),
      CLIENT_ID: clientId,
      CLIENT_SECRET: clientSecret,
      REDIRECT_URI: redirectUri,
      ACCOUNTS: JSON.stringify(accounts),
      CONFORM: String(options.conform === true),
      USERINFO_FAILS: String(options.userInfoFails === true),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the test OpenID provider did not start:\n${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening ')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the test OpenID provider ended with ${code}:\n${output}`));
    });
  });
  const issuer = `http://127.0.0.1:${port}`;
  return {
    issuer,
    clientId,
    clientSecret,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret, OIDC_NAME: options.name ?? 'Identidad Test' },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
