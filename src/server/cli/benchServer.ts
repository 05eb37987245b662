import { buildApp } from '../app.js';
import { benchConfig } from './benchConfig.js';
import { openPostgres } from '../db/client.js';
import { TokenSigner } from '../services/auth/jwt.js';
import { sampleMemoryPeaks } from './memoryPeaks.js';

/**
 * An app instance for the deadline-day bench's run with two (bench.ts): a process of its own with its own
 * connection pool (of the size the parent gives) and caches on the same PostgreSQL database, as a server behind a
 * load balancer would be. It answers the parent with its URL, samples its memory, and on 'stop' reports its peaks
 * and exits.
 */
if (process.send && process.argv[2] === 'instance') {
  const send = process.send.bind(process);
  process.once('message', async ({ databaseUrl, secret, poolSize }: { databaseUrl: string; secret: string; poolSize: number }) => {
    const config = benchConfig();
    const db = openPostgres(databaseUrl, poolSize);
    const app = await buildApp({ config, db, signer: new TokenSigner(secret, config.publicUrl) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const memory = sampleMemoryPeaks();
    process.on('message', async (message: string) => {
      if (message !== 'stop') return;
      const peak = memory.stop();
      await app.close();
      await db.close();
      send({ peak }, () => process.disconnect());
    });
    send({ url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` });
  });
}
