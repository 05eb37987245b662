import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import type { Browser } from 'playwright-core';
import { ROOT, spawnServer, waitHealthy } from '../../helpers/serverProcess.js';
import { launchBrowser } from './browser.js';
import { madeOncePerRun } from '../../helpers/oncePerRun.js';

const START_TIMEOUT_MS = 90_000;

export interface AppServer {
  url: string;
  stop(): Promise<void>;
  output(): string;
}

/** Settings that change what a first start writes in its data folder: a server given one seeds its own. */
const SEEDING_SETTINGS = ['DATA_DIR', 'DATABASE_URL', 'SEED_DEMO'];

/**
 * A data folder as a first start with the demo leaves it (migrated, seeded, stopped), made once per test run:
 * seeding costs some 6 s a start, copying the folder a fraction of that. Undefined outside jest or when that
 * first start failed elsewhere (each server then seeds its own).
 */
const demoDataFolder = () =>
  madeOncePerRun('app-demo-data', async (dir) => {
    const server = await spawnServer({ DATA_DIR: dir, SEED_DEMO: 'true' });
    try {
      await waitHealthy(server, START_TIMEOUT_MS);
    } finally {
      await server.stop();
    }
  });

/**
 * Starts src/server/main.ts in its own process on a free port with a data folder of its own (a copy of the
 * seeded demo's, or seeded on this first start when env changes the seeding) and waits until /api/v1/health
 * answers 200.
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  // STATIC_DIR (passed through to the server) lets a build elsewhere than dist/client be tested.
  const staticDir = env.STATIC_DIR ?? process.env.STATIC_DIR ?? path.join(ROOT, 'dist/client');
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error(`Run npm run build:client before the browser tests (no index.html in ${staticDir})`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaigns-e2e-'));
  const template = SEEDING_SETTINGS.some((key) => key in env) ? undefined : await demoDataFolder();
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  const server = await spawnServer({ DATA_DIR: dataDir, SEED_DEMO: 'true', ...env });
  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const stop = async () => {
    await server.stop();
    removeData();
  };
  try {
    await waitHealthy(server, START_TIMEOUT_MS);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: server.url, stop, output: server.output };
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

/** What a describe block's browser tests drive: its app server and its Chromium. */
export interface BrowserSuite {
  server: AppServer;
  browser: Browser;
}

/**
 * Starts an app server (a fresh one by default; `sharedAppServer` where a file's blocks may share one) and Chromium
 * before the describe block's first test, and closes both after its last. Call it at the top of the block and read
 * `suite.server` and `suite.browser` in hooks and tests: they are set once its beforeAll has run, which is before
 * any beforeAll the block registers after the call.
 *
 * A failed test runs once more at once (browserTestSetup.ts) on the data its first attempt left. With
 * `freshServerOnRetry`, the block's first test, on a server of its own, runs again on a new server (a fresh copy of
 * the demo's): a journey that imports an edition would otherwise find it imported by its first attempt. Only for a
 * block whose hooks write nothing to the server: what a beforeAll wrote would not be on the new one.
 */
export function serverAndBrowser(start: () => Promise<AppServer> = startAppServer, { freshServerOnRetry = false } = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([start(), launchBrowser()]);
  }, 120_000);
  const restartsOnRetry = freshServerOnRetry && start === startAppServer;
  let testsStarted = 0;
  let lastStarted: string | undefined;
  beforeEach(async () => {
    const name = expect.getState().currentTestName;
    const retry = name === lastStarted;
    lastStarted = name;
    if (!retry) testsStarted += 1;
    else if (restartsOnRetry && testsStarted === 1) {
      await suite.server.stop();
      suite.server = await start();
    }
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  }, 30_000);
  return suite;
}
