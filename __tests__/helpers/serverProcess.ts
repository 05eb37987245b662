import net from 'node:net';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { madeOncePerRun } from './oncePerRun.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The page cache of the tests' PGlite databases, in MiB (PGLITE_SHARED_BUFFERS_MB; 128 in production). PGlite zeroes
 * its whole cache at every start, and the tests start a few hundred databases that hold a few MB each: with 16, a
 * server start costs 0.45 s less CPU and 120 MB less memory, and an in-memory copy 0.4 s less. What the queries
 * answer does not depend on it.
 */
export const TEST_SHARED_BUFFERS_MB = 16;

/** What every program of the server the tests start has in its environment, whatever env adds on top. */
const PROGRAM_ENV = { NODE_OPTIONS: '', PGLITE_SHARED_BUFFERS_MB: String(TEST_SHARED_BUFFERS_MB) };

/**
 * The ports freePort hands out: a block of its own for each jest worker (up to ten), below the kernel's ephemeral range
 * (32768-60999 on Linux), from which every `listen(0)` of the tests (their in-process servers) and every outgoing
 * connection takes its port. A process started on a port takes seconds to bind it; a port drawn from the ephemeral
 * range could meanwhile be taken by another worker's `listen(0)`, and the health check would then be answered by
 * that other server.
 */
const PORT_BLOCK = { first: 20_000, size: 1_000, count: 10 };
const workerIndex = Math.max(0, Number(process.env.JEST_WORKER_ID ?? 1) - 1);
let nextPortOffset = 0;

/** True when nothing on this machine listens on 127.0.0.1:port now. */
const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

/** A local TCP port nobody listens on now, from this worker's block (PORT_BLOCK), a different one at each call. */
export async function freePort(): Promise<number> {
  const blockStart = PORT_BLOCK.first + (workerIndex % PORT_BLOCK.count) * PORT_BLOCK.size;
  for (let tried = 0; tried < PORT_BLOCK.size; tried += 1) {
    const port = blockStart + nextPortOffset;
    nextPortOffset = (nextPortOffset + 1) % PORT_BLOCK.size;
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port in ${blockStart}-${blockStart + PORT_BLOCK.size - 1}`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The server built once per test run into dist/ (`npm run build:server`), by the first test that starts a program
 * of the server in a process of its own; undefined outside jest or when that build failed.
 */
const serverBuild = () =>
  madeOncePerRun('server-build', async () => {
    await promisify(execFile)('npm', ['run', 'build:server'], { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '' } });
  });

/**
 * V8's settings for the server's processes in tests: PGlite's WebAssembly run by V8's baseline compiler only. By
 * default V8 also recompiles its busiest functions with its optimising compiler, in the background: worth it
 * for a server that runs for days, not for one a test starts, asks a few dozen calls and stops. Measured on two
 * sets of six browser test files, three at a time on two cores: 10% less CPU in all (385 -> 347 s and
 * 412 -> 370 s), a start from a demo folder 4.3 s of CPU instead of 6.2. What the WebAssembly computes is the
 * same either way; main.ts in production keeps V8's defaults.
 */
const TEST_NODE_FLAGS = ['--liftoff-only'];

/**
 * Node's arguments that run a program of the server (src/server/main.ts, src/server/cli/*.ts) with the working
 * folder ROOT: its JavaScript in the run's build, or the TypeScript through tsx outside jest. A start through tsx
 * costs some 2 s of CPU more (its loader resolves and transforms every module), and the browser and process
 * tests start some fifty.
 */
export async function serverProgram(source: string): Promise<string[]> {
  const built = (await serverBuild()) && source.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js');
  return [...TEST_NODE_FLAGS, ...(built ? [built] : ['--import', 'tsx', source])];
}

/**
 * Runs a command-line program of the server (serverProgram) to its end with args, in an environment without the
 * test run's database settings (DATABASE_URL, DATA_DIR) and with env on top; its exit code and what it printed.
 */
export async function runServerProgram(source: string, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const program = await serverProgram(source);
  return new Promise((resolve) => {
    execFile(process.execPath, [...program, ...args], { cwd: ROOT, env: { ...inherited, ...PROGRAM_ENV, ...env } }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** src/server/main.ts running in a process of its own. */
export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** True once the process has ended, for whatever reason. */
  exited(): boolean;
  /** Resolves when the process has ended. */
  ended: Promise<void>;
  /** SIGTERM, then SIGKILL if it is still there 15 s later. */
  stop(): Promise<void>;
}

/**
 * Spawns the server (serverProgram) on a free port unless env names one (HOST 127.0.0.1, PUBLIC_URL its address, LOG_LEVEL warn, no drain at a stop, a high
 * AUTH_RATE_LIMIT, the tests' page cache) with env on top. It neither waits for the server nor makes or removes any folder.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, await serverProgram('src/server/main.ts'), {
    cwd: ROOT,
    env: {
      ...process.env,
      ...PROGRAM_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '10000',
      PUBLIC_RATE_LIMIT: '0',
      // No proxy in front: a stop need not wait for one to move its connections.
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const ended = new Promise<void>((resolve) => {
    if (exited()) resolve();
    else child.once('exit', () => resolve());
  });
  const stop = async () => {
    if (exited()) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await ended;
    clearTimeout(timer);
  };
  return { url, port, child, output: () => output, exited, ended, stop };
}

/** Polls check every 200 ms until it returns true; throws with what() after timeoutMs. */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`Timed out after ${timeoutMs / 1000} s: ${what()}`);
}

/** The status of GET /api/v1/health, or 0 when nothing answered within 3 s. */
export async function healthStatus(url: string): Promise<number> {
  try {
    const res = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(3_000) });
    await res.body?.cancel();
    return res.status;
  } catch {
    return 0;
  }
}

/** Waits until the server answers health with 200; throws with its output if it exits or takes longer than timeoutMs. */
export async function waitHealthy(server: ServerProcess, timeoutMs: number): Promise<void> {
  await waitUntil(
    async () => {
      if (server.exited()) throw new Error(`The server exited (code ${server.child.exitCode}, signal ${server.child.signalCode}):\n${server.output()}`);
      return (await healthStatus(server.url)) === 200;
    },
    () => `${server.url}/api/v1/health did not answer 200:\n${server.output()}`,
    timeoutMs,
  );
}
