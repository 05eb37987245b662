import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, serverProgram } from '../helpers/serverProcess.js';
import { openDb, openPglite, type Db } from '../../src/server/db/client.js';
import { prepareDatabase } from '../../src/server/bootstrap.js';
import { migrate } from '../../src/server/db/migrate.js';
import { MIGRATIONS } from '../../src/server/db/migrations/index.js';

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    counts[table] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
  }
  return counts;
}

const sharedBuffers = async (db: Db) => (await db.query<{ shared_buffers: string }>('SHOW shared_buffers'))[0].shared_buffers;

describe('database lifecycle', () => {
  // A first start's whole work, on disk: a new cluster, every migration and the demo data (some 20 s on a quiet day,
  // over 60 s on a loaded one): two minutes.
  it('migrates an empty database once, and a restart on the same data folder, with another page cache, keeps every row', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'campaigns-data-'));
    let db = await openPglite(dir);
    const first = await prepareDatabase(db, { seedDemo: true });
    expect(first).toEqual({ migrations: MIGRATIONS.map((m) => m.version), demoSeeded: true });
    expect(await migrate(db)).toEqual([]);
    const before = await rowCounts(db);
    expect(before).toMatchObject({ users: 3, provinces: 52 });
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['audit_log', 'share_links', 'campaign_scores', 'refresh_tokens', 'authorization_codes']));
    expect(await sharedBuffers(db)).toBe('128MB');
    await db.close();

    // PGLITE_SHARED_BUFFERS_MB, as the configuration passes it.
    db = await openDb({ dataDir: dir, databasePoolSize: 1, pgliteSharedBuffersMb: 16 });
    try {
      expect(await sharedBuffers(db)).toBe('16MB');
      expect(await prepareDatabase(db, { seedDemo: true })).toEqual({ migrations: [], demoSeeded: false });
      expect(await rowCounts(db)).toEqual(before);
    } finally {
      await db.close();
    }
  }, 120_000);
});

async function startMain(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string; url: string }> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, await serverProgram('src/server/main.ts'), {
    env: { ...process.env, NODE_OPTIONS: '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { child, output: () => output, url };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('server process', () => {
  it('starts with the demo data, logs JSON with request ids, and shuts down cleanly on SIGTERM and SIGINT', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'campaigns-main-'));
    const first = await startMain({ DATA_DIR: dataDir });
    const health = await (await fetch(`${first.url}/api/v1/health`)).json();
    expect(health).toEqual({ response: { status: 'ok', database: 'pglite', mail: false } });
    const page = await fetch(`${first.url}/auth/login`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const exit = exited(first.child);
    first.child.kill('SIGTERM');
    expect(await exit).toBe(0);
    const lines = first
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    expect(lines.some((l) => l.reqId && l.req?.url === '/api/v1/health')).toBe(true);
    expect(lines.some((l) => l.msg === 'shutting down' && l.signal === 'SIGTERM')).toBe(true);

    expect(lines.some((l) => l.level === 40)).toBe(false);

    // The data folder survives: the second start finds the demo accounts and does not seed again. Announced at
    // an address other machines reach, it refuses their password and says so at start.
    const second = await startMain({ DATA_DIR: dataDir, PUBLIC_URL: 'https://campanas.example.org' });
    expect((await fetch(`${second.url}/api/v1/health`)).status).toBe(200);
    const exit2 = exited(second.child);
    second.child.kill('SIGINT');
    expect(await exit2).toBe(0);
    const warnings = second
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
      .filter((l) => l.level === 40);
    expect(warnings.map((l) => l.msg)).toEqual([expect.stringMatching(/\(admin@demo\.es, fec@demo\.es, usuario@demo\.es\) but it is refused/)]);
    const db = await openPglite(dataDir);
    try {
      expect((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email LIKE '%@demo.es'"))[0].n).toBe(3);
    } finally {
      await db.close();
    }
    // Two starts of the real process, each opening PGlite and the first seeding the demo: about 20 s on an idle
    // 2-core machine, over 60 s when other suites load it.
  }, 180_000);

  it('refuses to start with a bad configuration and says which value is wrong', async () => {
    const child = spawn(process.execPath, await serverProgram('src/server/main.ts'), {
      env: { ...process.env, NODE_OPTIONS: '', PORT: 'abc', DATA_DIR: os.tmpdir() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (d) => (stderr += d));
    expect(await exited(child)).toBe(1);
    expect(stderr).toContain('PORT must be an integer between 0 and 65535 (got "abc")');
  });
});
