import { buildApp } from '../app.js';
import { benchConfig } from './benchConfig.js';
import { openPglite, openPostgres } from '../db/client.js';
import { TokenSigner } from '../services/auth/jwt.js';
import { sampleMemoryPeaks, type MemoryPeak } from './memoryPeaks.js';

/** What the parent asks of an instance: its database (a PostgreSQL URL with a pool size, or a PGlite folder) and settings. */
export interface InstanceRequest {
  databaseUrl?: string;
  poolSize?: number;
  dataDir?: string;
  secret: string;
  env?: Record<string, string>;
}

/**
 * An app instance in a process of its own, for the benches (bench.ts): for the deadline-day run with two, its own
 * connection pool (of the size the parent gives) and caches on the same PostgreSQL database, as a server behind a
 * load balancer would be; for the uploads, the only server of its database (PostgreSQL or a PGlite folder), so that
 * its memory is the server's alone. It answers the parent with its URL and samples its memory; on 'mark' it takes
 * the memory it uses then as its baseline and starts the peaks again (answering the baseline); on 'stop' it reports
 * its peaks (and the baseline) and exits.
 */
if (process.send && process.argv[2] === 'instance') {
  const send = process.send.bind(process);
  process.once('message', async ({ databaseUrl, poolSize, dataDir, secret, env }: InstanceRequest) => {
    const config = benchConfig(env);
    const db = databaseUrl ? openPostgres(databaseUrl, poolSize ?? config.databasePoolSize) : await openPglite(dataDir!);
    const app = await buildApp({ config, db, signer: new TokenSigner(secret, config.publicUrl) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    let memory = sampleMemoryPeaks();
    let baseline: MemoryPeak | undefined;
    process.on('message', async (message: string) => {
      if (message === 'mark') {
        memory.stop();
        const { rss, heapUsed } = process.memoryUsage();
        baseline = { rss, heap: heapUsed };
        memory = sampleMemoryPeaks();
        send({ baseline });
        return;
      }
      if (message !== 'stop') return;
      const peak = memory.stop();
      await app.close();
      await db.close();
      send({ peak, baseline }, () => process.disconnect());
    });
    send({ url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` });
  });
}
