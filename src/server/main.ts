import './gcTuning.js';
import net from 'node:net';
import { buildApp, loggerOptions } from './app.js';
import { createContext } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { demoPasswordWarnings } from './services/auth/demoPasswords.js';
import { DatabaseStartError, DatabaseUnavailableError } from './db/faults.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long connections accepted just before the server stopped listening have to send their request. */
const LAST_CONNECTIONS_MS = 250;

/** Starts the server and closes it, draining, then the database, on SIGINT or SIGTERM so that nothing is lost. */
async function main(): Promise<void> {
  const config = loadConfig();
  const ctx = await createContext(config);
  let draining = false;
  // Once ready, the report parts of the newest editions are read ahead in the background, so that the first readers
  // after a start do not wait for them (the app logs what it read).
  const app = await buildApp(ctx, { logger: loggerOptions(config.logLevel), isDraining: () => draining, reportsWarmed: () => undefined });
  // Every known cause is handled where it starts; one that slipped through is logged, and the process serves on.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled promise rejection'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      // First, for SHUTDOWN_DRAIN_MS, serve on and close each connection after its answer: a proxy's kept-alive
      // connections end where the proxy knows it (it would resend a GET on one closed under it, but not a POST).
      // Then stop listening and wait for the requests in flight.
      draining = true;
      await sleep(config.shutdownDrainMs);
      if (config.shutdownDrainMs > 0) {
        // Stop accepting connections with net.Server's close: http's would also drop the idle ones at once, among
        // them one a proxy has just opened and is writing a request on (a POST it would answer 502). Those get their
        // request answered, with Connection: close, before the app closes what is left.
        net.Server.prototype.close.call(app.server);
        await sleep(LAST_CONNECTIONS_MS);
      }
      await app.close();
      await ctx.db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  for (const warning of await demoPasswordWarnings(ctx.db, config)) app.log.warn(warning);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Campañas listening on ${config.publicUrl} (database: ${ctx.db.kind})`);
}

/** What a failed start prints: the message alone for the failures it explains (no stack trace). */
function startFailure(err: unknown): unknown {
  if (err instanceof ConfigError || err instanceof DatabaseStartError) return err.message;
  if (err instanceof DatabaseUnavailableError) return `Cannot start: ${err.message}`;
  return err;
}

main().catch((err: unknown) => {
  console.error(startFailure(err));
  process.exit(1);
});
