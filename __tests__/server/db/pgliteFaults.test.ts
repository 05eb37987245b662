import fs from 'node:fs/promises';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../../../src/server/db/client.js';
import { DatabaseStartError } from '../../../src/server/db/faults.js';
import { canMount, mountReadOnly, mountTmpfs, type TestMount } from '../../helpers/mounts.js';
import { ROOT, spawnServer } from '../../helpers/serverProcess.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, loginBody, pkcePair, signIn } from '../../helpers/auth.js';

/**
 * The embedded database on a data folder that is read-only or full: the start stops with a message naming the
 * folder and the cause, and a running server answers 503 UNAVAILABLE (never hangs, never 500) while its folder
 * is short of room, and works again once there is room, without a restart.
 */

const describeWithMounts = canMount() ? describe : describe.skip;
const NO_STACK = /\n\s+at /;

/** The run's migrated template (globalSetup) written into dir/pgdata, as a data folder PGlite opens. */
async function templateInto(dir: string): Promise<void> {
  const data = await fs.readFile(process.env.CAMPAIGNS_TEMPLATE_DB as string);
  const lite = await PGlite.create({ dataDir: path.join(dir, 'pgdata'), loadDataDir: new Blob([data]) });
  await lite.close();
}

/** What a failed start printed, and its exit code. */
async function failedStart(dataDir: string): Promise<{ code: number | null; output: string }> {
  const server = await spawnServer({ DATA_DIR: dataDir, STATIC_DIR: '/nonexistent' });
  await server.ended;
  return { code: server.child.exitCode, output: server.output() };
}

describeWithMounts('database faults on PGlite', () => {
  const mounts: TestMount[] = [];
  const mount = (m: TestMount) => (mounts.push(m), m);
  afterAll(() => {
    for (const m of mounts) m.remove();
  });

  it('does not start on a read-only data folder, and says which folder and why', async () => {
    const readOnly = mount(mountReadOnly());
    const { code, output } = await failedStart(readOnly.dir);
    expect(code).toBe(1);
    expect(output).toContain(`Cannot start: the data folder ${readOnly.dir} is on a read-only file system (EROFS).`);
    expect(output).not.toMatch(NO_STACK);
  });

  it('does not start on a full data folder, or one short of room, and says which folder and why', async () => {
    const small = mount(mountTmpfs(16));
    const { code, output } = await failedStart(small.dir);
    expect(code).toBe(1);
    expect(output).toMatch(
      new RegExp(`Cannot start: the data folder ${small.dir} is out of space \\(ENOSPC\\): 1[56] MB free, the embedded database needs at least 64 MB\\.`),
    );
    expect(output).not.toMatch(NO_STACK);
    small.fill();
    const full = openPglite(small.dir);
    await expect(full).rejects.toThrow(DatabaseStartError);
    await expect(full).rejects.toThrow(`Cannot start: the data folder ${small.dir} is full (ENOSPC).`);
  });

  describe('a running server', () => {
    let disk: TestMount;
    let server: TestServer;
    const failedLogin = () => call(server, 'POST', '/api/v1/auth/login', { body: loginBody(server, 'ana@ayto.es', 'no-es-esta', pkcePair().challenge) });

    beforeAll(async () => {
      disk = mount(mountTmpfs(160));
      await templateInto(disk.dir);
    });

    it('answers 503 UNAVAILABLE while its folder is short of room, and works again once there is room', async () => {
      const db = await openPglite(disk.dir);
      server = await startTestServer(db);
      try {
        await createTestUser(db, 'ana@ayto.es', 'clave-de-ana-1', 'ADMIN');
        disk.fill(8 * 1024 * 1024);
        const health = await call(server, 'GET', '/api/v1/health');
        expect([health.status, health.body.error?.type, health.headers.get('retry-after')]).toEqual([503, 'UNAVAILABLE', '10']);
        const login = await failedLogin();
        expect([login.status, login.body.error?.type]).toEqual([503, 'UNAVAILABLE']);
        expect(JSON.stringify(login.body)).not.toMatch(/ENOSPC|pgdata|campaigns-mount/);
        disk.unfill();
        expect((await call(server, 'GET', '/api/v1/health')).status).toBe(200);
        expect((await signIn(server, 'ana@ayto.es', 'clave-de-ana-1')).access_token).toBeTruthy();
      } finally {
        disk.unfill();
        await server.close();
        await db.close();
      }
    });

    it('answers 503 when PGlite itself runs out of space, even after a PANIC, and opens the folder again once there is room', async () => {
      // Without the reserve the writes reach PGlite on a disk with no room at all; a PGlite that goes wrong may
      // block its process, so this runs in one of its own, killed if it takes too long.
      const child = spawn(process.execPath, ['--import', 'tsx', '__tests__/helpers/pgliteOutOfSpace.ts', disk.dir], {
        cwd: ROOT,
        env: { ...process.env, NODE_OPTIONS: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      // Hundreds of failed logins fill the disk, each hashing a password: about 20 s on an idle 2-core machine,
      // over 45 s when other suites load it. A PGlite that blocks would never end: killed after 150 s.
      const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
      const code = await new Promise((resolve) => child.once('exit', resolve));
      clearTimeout(timer);
      if (code !== 0) throw new Error(`pgliteOutOfSpace.ts ended with ${String(code)}:\n${output}`);
      const seen = JSON.parse(output.trim().split('\n').pop() as string);
      expect(seen).toMatchObject({
        // A real ENOSPC from PGlite (53100) answers 503 UNAVAILABLE, and the instance carries on.
        login: { status: 503, type: 'UNAVAILABLE' },
        aliveAfterError: true,
        // The PANIC, then every call refused at once instead of hanging the process.
        fatal: { unavailable: true },
        afterFatal: { refused: true, unavailable: true },
        healthWhileDead: 503,
        // Once there is room the folder is opened again, with what was committed.
        healthAfterRoom: 200,
        churn: expect.any(Number),
        loginAfterRoom: 401,
      });
    }, 180_000);
  });
});
