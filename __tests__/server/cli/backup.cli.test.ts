import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { demoPgliteIn, dumpBlob, openDemoPostgres, tableRows, testBackends, testPostgresUrl } from '../../helpers/db.js';
import { call, startTestServer, TEST_JWT_SECRET, type TestServer } from '../../helpers/server.js';
import { createTestUser, signInDemoAccounts } from '../../helpers/auth.js';
import { campaignOfNewEntity } from '../../helpers/concurrency.js';
import { freePort, runServerProgram } from '../../helpers/serverProcess.js';
import { openPglite, openPostgres, wrapPglite, type Db } from '../../../src/server/db/client.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { MIGRATIONS } from '../../../src/server/db/migrations/index.js';
import { CURRENT_SCHEMA_VERSION } from '../../../src/server/db/backup.js';
import type { CampaignDetail, Subindicator } from '../../../src/shared/api/campaigns.js';

const backends = await testBackends();

const backup = (file: string, env: Record<string, string>) => runServerProgram('src/server/cli/backup.ts', [file], env);
const restore = (file: string, env: Record<string, string>) => runServerProgram('src/server/cli/restore.ts', [file], env);

/** A whole PNG of one pixel: evidence the server stores as a file. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** One database on disk or on the PostgreSQL server, with a server on it, that can be wiped and opened again. */
interface Stage {
  db: Db;
  server: TestServer;
  /** The commands' settings: the same database, secret and address as the server's. */
  env: Record<string, string>;
  /** Stops the server and leaves no database behind. */
  wipe(): Promise<void>;
  /** The restored database behind a new server. */
  reopen(): Promise<void>;
  done(): Promise<void>;
}

async function pgliteStage(): Promise<Stage> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'backup-pglite-'));
  const stage: Stage = {
    db: await demoPgliteIn(dir),
    server: undefined as unknown as TestServer,
    env: {},
    async wipe() {
      await stage.server.close();
      await stage.db.close();
      await fs.rm(path.join(dir, 'pgdata'), { recursive: true, force: true });
    },
    async reopen() {
      stage.db = await openPglite(dir);
      stage.server = await startTestServer(stage.db, { DATA_DIR: dir });
    },
    async done() {
      await stage.server.close();
      await stage.db.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
  stage.server = await startTestServer(stage.db, { DATA_DIR: dir });
  const port = new URL(stage.server.url).port;
  stage.env = { DATA_DIR: dir, PORT: port, PUBLIC_URL: stage.server.ctx.config.publicUrl, JWT_SECRET: TEST_JWT_SECRET };
  return stage;
}

async function postgresStage(): Promise<Stage> {
  const original = await openDemoPostgres();
  const [{ name }] = await original.query<{ name: string }>('SELECT current_database() AS name');
  const url = testPostgresUrl(name);
  let restored: Db | undefined;
  const stage: Stage = {
    db: original,
    server: await startTestServer(original),
    env: { DATABASE_URL: url, JWT_SECRET: TEST_JWT_SECRET },
    async wipe() {
      await stage.server.close();
      await original.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    },
    async reopen() {
      // A new pool: the old one's connections prepared statements against the tables that were dropped.
      restored = openPostgres(url, 4);
      stage.db = restored;
      stage.server = await startTestServer(restored);
    },
    async done() {
      await stage.server.close();
      await restored?.close();
      await original.close();
    },
  };
  return stage;
}

describe.each(backends)('npm run backup and npm run restore on $name', ({ name }) => {
  let stage: Stage;
  let admin: string;
  let member: string;
  let draft: number;
  let questions: Subindicator[];
  const file = path.join(os.tmpdir(), `campaigns-${name}-${process.pid}.backup`);

  const get = async (path: string, token = admin) => {
    const res = await fetch(`${stage.server.url}/api/secure/v1/${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, text: await res.text() };
  };
  const post = (path: string, body: unknown, token: string) => call(stage.server, 'POST', `/api/secure/v1/campaigns/${path}`, { token, body });

  /** Every sent campaign's result and comparison, as the server sends them. */
  async function reports(): Promise<string[]> {
    const sent = await stage.db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'sent' ORDER BY id");
    const bodies: string[] = [];
    for (const { id } of sent) {
      for (const call of [`campaigns/result?id=${id}`, `campaigns/comparison?id=${id}`]) {
        const { status, text } = await get(call);
        bodies.push(`${call} ${status} ${text}`);
      }
    }
    return bodies;
  }

  async function evidenceFile(): Promise<Buffer> {
    const [{ id }] = await stage.db.query<{ id: number }>("SELECT id FROM evidence WHERE campaign_id = $1 AND kind = 'file'", [draft]);
    const res = await fetch(`${stage.server.url}/api/secure/v1/campaigns/evidence/file?id=${draft}&evidenceId=${id}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  beforeAll(async () => {
    stage = name === 'postgres' ? await postgresStage() : await pgliteStage();
    ({ admin } = await signInDemoAccounts(stage.server));
    await createTestUser(stage.db, 'copia@seguridad.es', 'clave-copia-1');
    ({ id: draft, memberToken: member } = await campaignOfNewEntity(
      stage.server,
      stage.db,
      admin,
      { email: 'copia@seguridad.es', password: 'clave-copia-1' },
      'Copias',
    ));
    questions = (
      (await call(stage.server, 'GET', `/api/secure/v1/campaigns/get?id=${draft}`, { token: admin })).body.response as CampaignDetail
    ).indicators.flatMap((i) => i.subindicators);
    // Evidence (a file, kept in the database) and a reviewer's mark on a sent campaign awaiting review.
    const form = new FormData();
    form.append('id', String(draft));
    form.append('question', String(questions[0].id));
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'acta.png');
    const upload = await fetch(`${stage.server.url}/api/secure/v1/campaigns/evidence/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const { fec } = await signInDemoAccounts(stage.server);
    const [awaiting] = await stage.db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'sent' AND review_status = 'pending' ORDER BY id LIMIT 1");
    const reviewed = (await call(stage.server, 'GET', `/api/secure/v1/campaigns/get?id=${awaiting.id}`, { token: admin })).body.response as CampaignDetail;
    const mark = await post('review/mark', { id: awaiting.id, question: reviewed.indicators[0].subindicators[0].id, verdict: 'ok' }, fec);
    expect(mark.status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await stage?.done();
    await fs.rm(file, { force: true });
  });

  it('copies the database while it serves answers, and a wiped database comes back with every report byte for byte', async () => {
    const before = await reports();
    const evidence = await evidenceFile();
    expect(evidence.equals(PNG)).toBe(true);
    const marks = await tableRows(stage.db, 'review_marks');
    expect(marks.length).toBeGreaterThan(0);

    // A member answers question after question while the copy is taken; each answer acknowledged before the command
    // started must be in the copy.
    let backingUp = true;
    const acknowledged: number[] = [];
    let ackedBeforeStart = -1;
    const statuses = new Set<number>();
    let firstAcknowledged = () => {};
    const oneAcknowledged = new Promise<void>((resolve) => (firstAcknowledged = resolve));
    const load = (async () => {
      for (let i = 1; backingUp && i < questions.length; i++) {
        const q = questions[i];
        const best = q.responses.filter((r) => !r.obsolete).reduce((a, r) => (r.value > a.value ? r : a));
        const res = await post('saveAnswer', { id: draft, question: q.id, answer: [best.id] }, member);
        statuses.add(res.status);
        if (res.status === 200) {
          acknowledged.push(q.id);
          firstAcknowledged();
        }
        statuses.add((await get(`campaigns/result?id=${draft}`, member)).status);
      }
    })();
    // The copy starts once an answer is acknowledged (however slow the machine), while the member goes on answering.
    await Promise.race([oneAcknowledged, load]);
    ackedBeforeStart = acknowledged.length;
    const made = await backup(file, stage.env);
    backingUp = false;
    await load;
    expect([made.code, made.stderr]).toEqual([0, '']);
    expect(made.stdout).toMatch(new RegExp(`written to ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
    // The embedded database is copied by the server that holds it, PostgreSQL by pg_dump.
    expect(made.stdout).toContain(name === 'pglite' ? 'taken by the server at' : 'Backup of PostgreSQL');
    expect(ackedBeforeStart).toBeGreaterThan(0);
    // The draft's own result is refused (409, not sent); nothing failed.
    expect([...statuses].every((s) => s < 500)).toBe(true);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await reports()).toEqual(before);

    // A PGlite folder cannot be restored under the server that holds it.
    if (name === 'pglite') {
      const refused = await restore(file, stage.env);
      expect([refused.code, refused.stderr]).toEqual([1, expect.stringContaining('stop it before restoring')]);
    }

    await stage.wipe();
    const restored = await restore(file, stage.env);
    expect([restored.code, restored.stderr]).toEqual([0, '']);
    expect(restored.stdout).toContain(`database schema ${CURRENT_SCHEMA_VERSION}`);
    await stage.reopen();
    ({ admin } = await signInDemoAccounts(stage.server));
    expect(await reports()).toEqual(before);
    expect((await evidenceFile()).equals(PNG)).toBe(true);
    expect(await tableRows(stage.db, 'review_marks')).toEqual(marks);
    const answered = new Set((await stage.db.query<{ q: number }>('SELECT subindicator_id AS q FROM answers WHERE campaign_id = $1', [draft])).map((r) => r.q));
    for (const q of acknowledged.slice(0, ackedBeforeStart)) expect([q, answered.has(q)]).toEqual([q, true]);
  }, 240_000);
});

describe('what npm run restore refuses, and the backups of an older version', () => {
  let dir: string;
  const env = async () => ({ DATA_DIR: dir, PORT: String(await freePort()), JWT_SECRET: TEST_JWT_SECRET });

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'backup-versions-'));
  });
  afterEach(async () => fs.rm(dir, { recursive: true, force: true }));

  /** An embedded database in dir at the schema of the migrations up to `version`. */
  async function databaseAt(version: number): Promise<void> {
    const empty = process.env.CAMPAIGNS_EMPTY_DB as string;
    const lite = await PGlite.create(path.join(dir, 'pgdata'), { loadDataDir: await dumpBlob(empty) });
    const db = wrapPglite(lite);
    await migrate(
      db,
      MIGRATIONS.filter((m) => m.version <= version),
    );
    await db.close();
  }

  const schemaOf = async () => {
    const db = await openPglite(dir);
    try {
      const [{ version }] = await db.query<{ version: number }>('SELECT max(version) AS version FROM schema_migrations');
      return version;
    } finally {
      await db.close();
    }
  };

  it('brings a backup of an older version up to date, and refuses one of a newer version or of the other database', async () => {
    const older = CURRENT_SCHEMA_VERSION - 1;
    await databaseAt(older);
    // No JWT_SECRET: the server's secret is the one generated in the data folder, which the backup carries.
    const { JWT_SECRET: _secret, ...settings } = await env();
    const file = path.join(dir, 'older.backup');
    const made = await backup(file, settings);
    expect([made.code, made.stdout]).toEqual([0, expect.stringContaining('(no server running)')]);
    const secretFile = path.join(dir, 'jwt-secret');
    const backedUpSecret = await fs.readFile(secretFile, 'utf8');
    await fs.writeFile(secretFile, 'a-secret-generated-after-the-backup-was-taken');

    const restored = await restore(file, settings);
    expect([restored.code, restored.stdout]).toEqual([0, expect.stringContaining(`database schema ${older}, brought up to schema ${CURRENT_SCHEMA_VERSION}`)]);
    const [, kept] = /The database it replaced is kept in (\S+pgdata\.before-restore-\S+)\./.exec(restored.stdout) ?? [];
    expect(kept).toBeDefined();
    expect(await schemaOf()).toBe(CURRENT_SCHEMA_VERSION);
    // The backup's secret is back (sessions and shared links of then work), the one it replaced kept beside the old folder.
    expect(await fs.readFile(secretFile, 'utf8')).toBe(backedUpSecret);
    expect(await fs.readFile(`${kept}.jwt-secret`, 'utf8')).toBe('a-secret-generated-after-the-backup-was-taken');

    // The same file claiming a newer schema: refused, and the database is left as it is.
    const bytes = await fs.readFile(file);
    const end = bytes.indexOf(0x0a);
    const manifest = JSON.parse(bytes.subarray(0, end).toString());
    const newer = path.join(dir, 'newer.backup');
    await fs.writeFile(newer, Buffer.concat([Buffer.from(JSON.stringify({ ...manifest, schemaVersion: CURRENT_SCHEMA_VERSION + 1 })), bytes.subarray(end)]));
    const folders = await fs.readdir(dir);
    const refused = await restore(newer, settings);
    expect([refused.code, refused.stderr.trim()]).toEqual([
      1,
      `This backup was written by a newer version of the application (database schema ${CURRENT_SCHEMA_VERSION + 1}; this version knows up to ${CURRENT_SCHEMA_VERSION}): upgrade the application, then restore it`,
    ]);
    expect(await fs.readdir(dir)).toEqual(folders);
    expect(await schemaOf()).toBe(CURRENT_SCHEMA_VERSION);

    // Not a backup at all, a missing file, no file named.
    await fs.writeFile(path.join(dir, 'notes.txt'), 'Copia de seguridad del lunes\n');
    for (const [args, message] of [
      [[path.join(dir, 'notes.txt')], 'is not a backup of this application'],
      [[path.join(dir, 'missing.backup')], 'Cannot read'],
      [[], 'Usage: npm run restore -- <file>'],
    ] as const) {
      const res = await runServerProgram('src/server/cli/restore.ts', [...args], settings);
      expect([res.code, res.stderr]).toEqual([1, expect.stringContaining(message)]);
    }

    if (backends.some((b) => b.name === 'postgres')) {
      const target = await openDemoPostgres();
      try {
        const [{ name }] = await target.query<{ name: string }>('SELECT current_database() AS name');
        const other = await restore(file, { DATABASE_URL: testPostgresUrl(name), JWT_SECRET: TEST_JWT_SECRET });
        expect([other.code, other.stderr]).toEqual([
          1,
          expect.stringContaining('This backup is of the embedded database (PGlite) and the configured database is PostgreSQL'),
        ]);
        // A PostgreSQL backup cut short, or with a damaged copy behind a good manifest: refused, nothing changed.
        const pgEnv = { DATABASE_URL: testPostgresUrl(name), JWT_SECRET: TEST_JWT_SECRET };
        const good = path.join(dir, 'postgres.backup');
        expect((await backup(good, pgEnv)).code).toBe(0);
        const whole = await fs.readFile(good);
        const head = whole.subarray(0, whole.indexOf(0x0a) + 1);
        const contents = async () =>
          (
            await target.query<{ n: number }>(
              "SELECT (SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public') + (SELECT count(*) FROM campaigns) AS n",
            )
          )[0].n;
        const before = await contents();
        for (const [label, bytes] of [
          ['cut', whole.subarray(0, Math.floor(whole.length / 2))],
          ['damaged', Buffer.concat([head, Buffer.from('no es una copia de PostgreSQL')])],
        ] as const) {
          const broken = path.join(dir, `${label}.backup`);
          await fs.writeFile(broken, bytes);
          const res = await restore(broken, pgEnv);
          expect([label, res.code, res.stderr]).toEqual([label, 1, expect.stringContaining('cannot be restored, nothing was changed')]);
          expect(await contents()).toBe(before);
        }
      } finally {
        await target.close();
      }
    }
  }, 180_000);

  it('refuses a backup request without an operation token of this server', async () => {
    const db = await demoPgliteIn(dir);
    const server = await startTestServer(db, { DATA_DIR: dir });
    try {
      // An administrator's access token is a token of this server, but not an operation's.
      const access = await server.ctx.signer.signAccess({ userId: 1, familyId: 'backup-test', clientId: 'campaigns-web' }, 60);
      const share = await server.ctx.signer.signShare({ shareId: 'backup-test', campaignId: 1 }, 60);
      for (const authorization of [`Bearer ${access}`, `Bearer ${share}`, 'Bearer ', undefined]) {
        const refused = await server.app.inject({ method: 'POST', url: '/operations/backup', headers: authorization ? { authorization } : {} });
        expect([refused.statusCode, refused.json().error.type]).toEqual([401, 'INVALID_TOKEN']);
      }
      const operation = await server.ctx.signer.signOperation('backup');
      // From another machine, or through a proxy on this one: refused whatever the token.
      for (const [remoteAddress, headers] of [
        ['203.0.113.7', {}],
        ['127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }],
      ] as const) {
        const far = await server.app.inject({
          method: 'POST',
          url: '/operations/backup',
          remoteAddress,
          headers: { ...headers, authorization: `Bearer ${operation}` },
        });
        expect([far.statusCode, far.json().error.type]).toEqual([403, 'FORBIDDEN']);
      }
      const good = await server.app.inject({ method: 'POST', url: '/operations/backup', headers: { authorization: `bearer ${operation}` } });
      expect(good.statusCode).toBe(200);
      // Each operation token is good once.
      const again = await server.app.inject({ method: 'POST', url: '/operations/backup', headers: { authorization: `Bearer ${operation}` } });
      expect(again.statusCode).toBe(401);
      expect(JSON.parse(good.rawPayload.subarray(0, good.rawPayload.indexOf(0x0a)).toString())).toMatchObject({
        database: 'pglite',
        schemaVersion: CURRENT_SCHEMA_VERSION,
      });
    } finally {
      await server.close();
      await db.close();
    }
  });
});
