import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const START_TIMEOUT_MS = 90_000;

export interface AppServer {
  url: string;
  stop(): Promise<void>;
  output(): string;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts src/server/main.ts in its own process on a free port with a fresh data folder (the demo data is
 * seeded on first start) and waits until /api/v1/health answers 200.
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  // STATIC_DIR (passed through to the server) lets a build elsewhere than dist/client be tested.
  const staticDir = env.STATIC_DIR ?? process.env.STATIC_DIR ?? path.join(ROOT, 'dist/client');
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error(`Run npm run build:client before the browser tests (no index.html in ${staticDir})`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaigns-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      AUTH_RATE_LIMIT: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    removeData();
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      removeData();
      throw new Error(`App server exited early (code ${child.exitCode}, signal ${child.signalCode}):\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      if (res.status === 200) return { url, stop, output: () => output };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await stop();
  throw new Error(`App server did not answer ${url}/api/v1/health within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
}

let shared: Promise<AppServer> | undefined;

/**
 * One app server per test file (jest gives each file its own module registry), started on first use.
 * Call it in beforeAll and `stop()` in afterAll; after `stop()` the next call starts a new one.
 */
export function sharedAppServer(): Promise<AppServer> {
  if (!shared) {
    const starting = startAppServer().then((server) => ({
      ...server,
      stop: async () => {
        if (shared === starting) shared = undefined;
        await server.stop();
      },
    }));
    starting.catch(() => {
      if (shared === starting) shared = undefined;
    });
    shared = starting;
  }
  return shared;
}
