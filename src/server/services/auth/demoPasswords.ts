import type { Db } from '../../db/client.js';
import type { Config } from '../../config.js';
import { isReachable } from '../../network.js';
import { findCredentialsByEmail } from '../../db/repositories/users.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/entities.js';
import { verifyPassword } from './passwords.js';

type DemoConfig = Pick<Config, 'host' | 'trustProxy' | 'publicUrl' | 'allowDemoPasswords'>;

/**
 * True when this password is the demo's, which README publishes, and the server must refuse it: other machines
 * reach it (network.ts isReachable) and the operator has not asked for the demo there (ALLOW_DEMO_PASSWORDS).
 */
export function demoPasswordRefused(config: DemoConfig, password: string): boolean {
  return password === DEMO_PASSWORD && !config.allowDemoPasswords && isReachable(config);
}

/** The demo accounts that still have the demo password. */
async function accountsWithDemoPassword(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const { email } of DEMO_ACCOUNTS) {
    const user = await findCredentialsByEmail(db, email);
    if (user && (await verifyPassword(DEMO_PASSWORD, user.passwordHash))) found.push(user.email);
  }
  return found;
}

/** What to warn about at every start of a reachable server: demo passwords accepted, or demo accounts refused. */
export async function demoPasswordWarnings(db: Db, config: DemoConfig): Promise<string[]> {
  if (!isReachable(config)) return [];
  const accounts = await accountsWithDemoPassword(db);
  if (config.allowDemoPasswords) {
    const who = accounts.length > 0 ? accounts.join(', ') : 'no account has it now';
    return [
      `ALLOW_DEMO_PASSWORDS is on and this server is reachable from other machines: the public demo password is accepted (${who}). Never use it with real data.`,
    ];
  }
  if (accounts.length === 0) return [];
  return [
    `Demo accounts with the public demo password exist (${accounts.join(', ')}) but it is refused, since this server is reachable from other machines. Give them new passwords, or set ALLOW_DEMO_PASSWORDS=true for a demo.`,
  ];
}
