import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from './server.js';
import { signInDemoAccounts } from './auth.js';
import type { Db } from '../../src/server/db/client.js';

/** Who calls in a permission matrix: the demo accounts, a share link, and nobody. */
export type Caller = 'admin' | 'fec' | 'user' | 'share' | 'none';

export interface DemoServer {
  db: Db;
  server: TestServer;
  /** Access tokens by caller ('none' is the empty string). */
  tokens: Record<Caller, string>;
  close(): Promise<void>;
}

/**
 * The demo database (openDemo: a backend's, db.ts) behind the real app, signed in as ADMIN, FEC and USER, with a
 * share link of a sent campaign.
 */
export async function startDemoServer(openDemo: () => Promise<Db>): Promise<DemoServer> {
  const db = await openDemo();
  const server = await startTestServer(db);
  const tokens: Record<Caller, string> = { ...(await signInDemoAccounts(server)), share: '', none: '' };
  const [{ id: sent }] = await db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'sent' ORDER BY id LIMIT 1");
  const shareId = randomUUID();
  await db.query("INSERT INTO share_links (id, campaign_id, expires_at) VALUES ($1, $2, now() + interval '1 day')", [shareId, sent]);
  tokens.share = await server.ctx.signer.signShare({ shareId, campaignId: sent }, 3600);
  return {
    db,
    server,
    tokens,
    async close() {
      await server.close();
      await db.close();
    },
  };
}
