import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { dumpBlob, openTestPostgres, postgresAvailable, testPostgresUrl } from '../../helpers/db.js';
import { seedDemo } from '../../../src/server/db/seed/demo.js';
import { wrapPglite, type Db } from '../../../src/server/db/client.js';
import { runServerProgram } from '../../helpers/serverProcess.js';

/** Runs npm run check:consistency's program with the given database settings. */
const check = (env: Record<string, string>) => runServerProgram('src/server/cli/checkConsistency.ts', [], env);

/** A database the program can open by its settings, with the demo data; `reopen` gives a connection to change it. */
interface Target {
  env: Record<string, string>;
  reopen(): Promise<Db>;
  done(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'check-consistency-'));
  const template = await dumpBlob(process.env.CAMPAIGNS_TEMPLATE_DB as string);
  const db = wrapPglite(await PGlite.create(path.join(dir, 'pgdata'), { loadDataDir: template }));
  await seedDemo(db);
  await db.close();
  // PGlite's folder is for one process at a time: each change is made and closed before the program runs.
  return {
    env: { DATA_DIR: dir },
    reopen: async () => wrapPglite(await PGlite.create(path.join(dir, 'pgdata'))),
    done: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

async function postgresTarget(): Promise<Target> {
  const db = await openTestPostgres();
  await seedDemo(db);
  const [{ name }] = await db.query<{ name: string }>('SELECT current_database() AS name');
  return { env: { DATABASE_URL: testPostgresUrl(name) }, reopen: async () => ({ ...db, close: async () => undefined }), done: () => db.close() };
}

const targets = [{ name: 'pglite', open: pgliteTarget }, ...((await postgresAvailable()) ? [{ name: 'postgres', open: postgresTarget }] : [])];

describe.each(targets)('npm run check:consistency on $name', ({ open }) => {
  let target: Target;
  beforeAll(async () => {
    target = await open();
  });
  afterAll(() => target.done());

  it('prints a one-line ok and exits 0 when every figure equals its recomputation', async () => {
    const run = await check(target.env);
    expect(run.stdout).toMatch(/^ok: \d+ territorial sums, \d+ entity counts and \d+ rank counts equal their recomputation/);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(run.code).toBe(0);
  });

  it('prints every difference with its edition, territory, group and both values, and exits 1', async () => {
    const db = await target.reopen();
    // The global group's participants in one province (one row per territory, the groups as arrays: migration 012).
    await db.query(
      `UPDATE territory_sums SET participants[array_position(scopes, 'total')] = participants[array_position(scopes, 'total')] + 1
        WHERE territory = 'province' AND territory_id = '46'`,
    );
    await db.query("UPDATE territory_entities SET registered = registered - 1 WHERE territory = 'country'");
    await db.query(
      `UPDATE territory_score_counts SET participants = participants + 1
        WHERE (edition_id, territory, territory_id, scope, category_id, shown_percentage) =
              (SELECT edition_id, territory, territory_id, scope, category_id, shown_percentage FROM territory_score_counts
                WHERE territory = 'sizeBand' AND scope = 'total' AND edition_id = (SELECT id FROM editions WHERE campaign_number = 2026)
                ORDER BY territory_id, shown_percentage LIMIT 1)`,
    );
    await db.close();
    const run = await check(target.env);
    expect(run.stdout.trim().split('\n')).toEqual([
      'edition 2024, province 46, total 0: participants stored 3, recomputed 2',
      'edition 2025, province 46, total 0: participants stored 4, recomputed 3',
      'edition 2026, province 46, total 0: participants stored 3, recomputed 2',
      'entities registered, country ES: registered stored 35, recomputed 36',
      expect.stringMatching(/^edition 2026, sizeBand \d+, total 0, shown \d+\.\d %: ranked stored (\d+), recomputed \d+$/),
      expect.stringMatching(/^5 differences in \d+ territorial sums, \d+ entity counts and \d+ rank counts$/),
    ]);
    expect(run.code).toBe(1);
  });
});

it('npm run check:consistency exits 1 with the reason when the database cannot be read', async () => {
  const run = await check({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/none' });
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(/ECONNREFUSED/);
});
