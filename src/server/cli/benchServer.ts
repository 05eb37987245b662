import '../gcTuning.js';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { AppContext } from '../context.js';
import { benchConfig } from './benchConfig.js';
import { openPglite, openPostgres } from '../db/client.js';
import { TokenSigner } from '../services/auth/jwt.js';
import { collectGarbage, sampleMemoryPeaks, type MemoryPeak } from './memoryPeaks.js';
import type { WarmedReports } from '../reports/engine.js';

/** What the parent asks of an instance: its database (a PostgreSQL URL with a pool size, or a PGlite folder) and settings. */
export interface InstanceRequest {
  databaseUrl?: string;
  poolSize?: number;
  dataDir?: string;
  secret: string;
  env?: Record<string, string>;
  /** 0: an instance that keeps no report (the bench's reference rows, every body built from one statement). */
  reportCacheBytes?: 0;
}

/**
 * An app as main.ts starts one, listening on a free port of this machine, once it has read ahead its report parts
 * (at once when it keeps none): a first read measured on it is one on an instance past its first seconds.
 */
export async function startWarmedApp(ctx: AppContext, options: { reportCacheBytes?: number } = {}): Promise<{ app: FastifyInstance; url: string }> {
  let warmed!: () => void;
  const ready = new Promise<void>((resolve) => (warmed = resolve));
  const started = Date.now();
  const reportsWarmed = (outcome: WarmedReports | undefined) => {
    // What it read and kept, as main.ts logs it: a first read not kept ahead is a fill.
    if (outcome) console.error(`reports read ahead in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(outcome)}`);
    warmed();
  };
  const app = await buildApp(ctx, { ...options, reportsWarmed });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await ready;
  return { app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

/**
 * An instance started by startInstance: its URL; collect() collects its garbage, answers the heap it then uses and
 * starts its peaks again from there; mark() takes its memory now as the baseline and starts the peaks again; peak()
 * answers its peaks since then and starts them again; stop() ends it with its peaks.
 */
export interface Instance {
  url: string;
  collect(): Promise<{ heap: number }>;
  mark(): Promise<{ baseline: MemoryPeak }>;
  peak(): Promise<{ peak: MemoryPeak }>;
  stop(): Promise<{ peak: MemoryPeak; baseline?: MemoryPeak }>;
}

/**
 * Starts an app instance in a process of its own (this file, forked: .ts under tsx, which the child inherits through
 * execArgv; .js once built) on the database the request names, and answers once it listens.
 */
export async function startInstance(request: InstanceRequest): Promise<Instance> {
  const child = fork(fileURLToPath(import.meta.url), ['instance']);
  child.send(request);
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { url: string }) => resolve(m.url));
    child.once('close', (code) => reject(new Error(`bench instance exited with ${code}`)));
  });
  const ask = <T>(message: string) =>
    new Promise<T>((resolve) => {
      child.once('message', (m: T) => resolve(m));
      child.send(message);
    });
  return { url, collect: () => ask('collect'), mark: () => ask('mark'), peak: () => ask('peak'), stop: () => ask('stop') };
}

/**
 * An app instance in a process of its own, started as main.ts starts one, for the benches (bench.ts): for the
 * deadline-day run with two, its own connection pool (of the size the parent gives) and caches on the same
 * PostgreSQL database, as a server behind a load balancer would be; for the uploads, the only server of its database
 * (PostgreSQL or a PGlite folder), so that its memory is the server's alone. It answers the parent with its URL and
 * samples its memory; on 'collect' it collects its garbage (collectGarbage), starts the peaks again and answers the
 * heap it then uses; on 'mark' it takes the memory it uses then as its baseline and starts the peaks again (answering
 * the baseline); on 'peak' it answers its peaks since then and starts them again; on 'stop' it reports its peaks (and
 * the baseline) and exits.
 */
if (process.send && process.argv[2] === 'instance') {
  const send = process.send.bind(process);
  process.once('message', async ({ databaseUrl, poolSize, dataDir, secret, env, reportCacheBytes }: InstanceRequest) => {
    const config = benchConfig(env);
    const db = databaseUrl ? openPostgres(databaseUrl, poolSize ?? config.databasePoolSize) : await openPglite(dataDir!, {}, config.pgliteSharedBuffersMb);
    const { app, url } = await startWarmedApp({ config, db, signer: new TokenSigner(secret, config.publicUrl) }, { reportCacheBytes });
    let memory = sampleMemoryPeaks();
    let baseline: MemoryPeak | undefined;
    /** The peaks sampled so far; the sampling starts again from now. */
    const restartPeaks = () => {
      const peak = memory.stop();
      memory = sampleMemoryPeaks();
      return peak;
    };
    process.on('message', async (message: string) => {
      if (message === 'collect') {
        const heap = await collectGarbage();
        restartPeaks();
        send({ heap });
        return;
      }
      if (message === 'peak') {
        send({ peak: restartPeaks() });
        return;
      }
      if (message === 'mark') {
        restartPeaks();
        const { rss, heapUsed } = process.memoryUsage();
        baseline = { rss, heap: heapUsed };
        send({ baseline });
        return;
      }
      if (message !== 'stop') return;
      const peak = memory.stop();
      await app.close();
      await db.close();
      send({ peak, baseline }, () => process.disconnect());
    });
    send({ url });
  });
}
