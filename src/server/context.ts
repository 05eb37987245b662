import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { TokenSigner } from './services/auth/jwt.js';

/** What every route and service of the running app shares. */
export interface AppContext {
  config: Config;
  db: Db;
  signer: TokenSigner;
}
