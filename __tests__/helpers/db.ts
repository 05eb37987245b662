import fs from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres, wrapPglite, type Db, type Queryable } from '../../src/server/db/client.js';
import { prepareDatabase } from '../../src/server/bootstrap.js';
import { seedDemo } from '../../src/server/db/seed/demo.js';
import { madeOncePerRun, madeThisRun } from './oncePerRun.js';
import { TEST_SHARED_BUFFERS_MB } from './serverProcess.js';
import { pgliteStartParams } from '../../src/server/db/dataDir.js';
import { migrate } from '../../src/server/db/migrate.js';
import { MIGRATIONS } from '../../src/server/db/migrations/index.js';
import { loadReferenceData } from '../../src/server/db/reference/load.js';
import { TERRITORIES_OF_ENTITY } from '../../src/server/db/repositories/territoryScores.js';

/** A fresh in-memory PGlite copied from the run's migrated template (with the Spanish geography). */
export async function openTestPglite(): Promise<Db> {
  return openPgliteDump(templateDump());
}

/** The run's migrated template (globalSetup.mjs). */
function templateDump(): string {
  const file = process.env.CAMPAIGNS_TEMPLATE_DB;
  if (!file) throw new Error('CAMPAIGNS_TEMPLATE_DB is not set: run the tests through jest (globalSetup).');
  return file;
}

async function openPgliteDump(file: string): Promise<Db> {
  return wrapPglite(await loadPglite(file));
}

/**
 * Test databases live in memory and die with their file, so they write no more WAL than recovery needs: no page
 * images after a checkpoint and the minimal level (about 7% off the API tests; queries behave the same). Their page
 * cache is the tests' (TEST_SHARED_BUFFERS_MB).
 */
const TEST_PGLITE_PARAMS = [
  ...pgliteStartParams(TEST_SHARED_BUFFERS_MB),
  ...['-c', 'full_page_writes=off', '-c', 'wal_level=minimal', '-c', 'max_wal_senders=0'],
];

async function loadPglite(file: string): Promise<PGlite> {
  return PGlite.create({ loadDataDir: await dumpBlob(file), startParams: TEST_PGLITE_PARAMS });
}

/**
 * A dump as the Blob PGlite loads: one backed by the file, which PGlite reads whole in a fraction of the time a
 * `new Blob([buffer])` takes to give its bytes back (about 0.5 s of a copy's 1.5 s).
 */
export function dumpBlob(file: string): Promise<Blob> {
  return openAsBlob(file);
}

/**
 * A fresh in-memory PGlite with the demo data, as openTestPglite and seedDemo give it: copied from a dump made
 * once per run (seeding costs seconds a file).
 */
export async function openDemoPglite(): Promise<Db> {
  const dump = await demoDump();
  if (!dump) {
    const db = await openTestPglite();
    await seedDemo(db);
    return db;
  }
  return openPgliteDump(dump);
}

/** The demo database's data-folder tarball, made once per run; undefined outside jest. */
async function demoDump(): Promise<string | undefined> {
  const dir = await madeOncePerRun('pglite-demo', async (into) => {
    const lite = await loadPglite(templateDump());
    await seedDemo(wrapPglite(lite));
    const dump = await lite.dumpDataDir('none');
    await lite.close();
    await fs.writeFile(path.join(into, 'demo.tar'), Buffer.from(await dump.arrayBuffer()));
  });
  return dir && path.join(dir, 'demo.tar');
}

/** The demo database in dataDir/pgdata, as the server keeps it on disk (DATA_DIR): on disk, the server's settings. */
export async function demoPgliteIn(dataDir: string): Promise<Db> {
  const dump = await demoDump();
  if (!dump) throw new Error('demoPgliteIn runs under jest (globalSetup)');
  await fs.mkdir(dataDir, { recursive: true });
  const lite = await PGlite.create(path.join(dataDir, 'pgdata'), { loadDataDir: await dumpBlob(dump), startParams: pgliteStartParams(TEST_SHARED_BUFFERS_MB) });
  await lite.close();
  return openPglite(dataDir, {}, TEST_SHARED_BUFFERS_MB);
}

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** Every row of a table or view (those matching `where`) as sorted JSON lines, floats exactly as PostgreSQL writes them: to compare before and after an upgrade. */
/** A Queryable that asks `db` and keeps every result it answered, as the database client returned it (and as the caller left it). */
export function recordingResults(db: Queryable): { queryable: Queryable; results: Record<string, unknown>[][] } {
  const results: Record<string, unknown>[][] = [];
  const queryable: Queryable = {
    async query<T>(...args: Parameters<Queryable['query']>) {
      const result = await db.query<T>(...args);
      results.push(result as Record<string, unknown>[]);
      return result;
    },
  };
  return { queryable, results };
}

export async function tableRows(db: Db, table: string, where = 'true'): Promise<string[]> {
  const rows = await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${table} t WHERE ${where}`);
  return rows.map((r) => r.row).sort();
}

/** Every row of a table as sorted JSON lines without the given columns (those an upgrade adds): to compare before and after it. */
export async function rowsWithout(db: Db, table: string, columns: string | string[]): Promise<string[]> {
  const without = [columns]
    .flat()
    .map((c) => ` - '${c}'`)
    .join('');
  const rows = await db.query<{ row: string }>(`SELECT (to_jsonb(t)${without})::text AS row FROM ${table} t`);
  return rows.map((r) => r.row).sort();
}

/** True when the local PostgreSQL server answers; otherwise PostgreSQL tests are skipped with a note. */
export async function postgresAvailable(): Promise<boolean> {
  // `npm run test:fast` runs on PGlite only.
  if (process.env.TEST_DATABASES === 'pglite') return false;
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    console.warn(`PostgreSQL is not reachable at ${ADMIN_URL}: PostgreSQL tests are skipped.`);
    return false;
  }
}

/** The address of a database of the test PostgreSQL server (for a second pool, as a second app instance has). */
export function testPostgresUrl(database: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * An in-memory PGlite with nothing in it, not even the migrations (upgrade tests): a copy of the empty cluster
 * globalSetup dumped (initdb costs some 4 s, a copy about 1), or a fresh one outside jest.
 */
export async function openEmptyPglite(): Promise<Db> {
  return wrapPglite(await emptyPglite());
}

/** The same empty cluster as the PGlite itself, for tests of the layer that wraps it. */
export async function emptyPglite(): Promise<PGlite> {
  const dump = process.env.CAMPAIGNS_EMPTY_DB;
  return dump ? loadPglite(dump) : PGlite.create();
}

/** Runs one statement on the test server's maintenance database (CREATE and DROP DATABASE). */
async function onServer(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A throw-away PostgreSQL database for one test file, migrated and loaded unless prepared is false (then empty),
 * or a copy of the template database named; dropped by the returned db's close. A migrated one is a copy of the
 * run's migrated template (migrating costs seconds a database, a copy a fraction of one), or migrated here outside jest.
 */
export async function openTestPostgres({ prepared = true, template }: { prepared?: boolean; template?: string } = {}): Promise<Db> {
  const copied = template ?? (prepared ? await postgresTemplate('migrated') : undefined);
  const name = `campaigns_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await onServer(copied ? `CREATE DATABASE ${name} TEMPLATE ${copied}` : `CREATE DATABASE ${name}`);
  const db = openPostgres(testPostgresUrl(name), 5);
  if (prepared && !copied) await prepareDatabase(db, { seedDemo: false });
  return {
    ...db,
    async close() {
      await db.close();
      await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** The databases the test files of a run copy, each made once per run (oncePerRun.ts): migrated, and with the demo data. */
const POSTGRES_TEMPLATES = { migrated: 'postgres-migrated', demo: 'postgres-demo' } as const;
type PostgresTemplate = keyof typeof POSTGRES_TEMPLATES;
/** The file naming a template database in its once-per-run folder. */
const DATABASE_NAME_FILE = 'database';

/**
 * The name of the run's template database of that kind, prepared (migrated, and seeded for 'demo') on first use;
 * undefined outside jest or when making it failed elsewhere. CREATE DATABASE ... TEMPLATE copies its files.
 */
async function postgresTemplate(kind: PostgresTemplate): Promise<string | undefined> {
  const dir = await madeOncePerRun(POSTGRES_TEMPLATES[kind], async (into) => {
    const name = `campaigns_${kind}_${Date.now()}_${randomBytes(3).toString('hex')}`;
    await fs.writeFile(path.join(into, DATABASE_NAME_FILE), name);
    await onServer(`CREATE DATABASE ${name}`);
    const db = openPostgres(testPostgresUrl(name), 5);
    try {
      await prepareDatabase(db, { seedDemo: kind === 'demo' });
    } finally {
      await db.close();
    }
  });
  return dir && fs.readFile(path.join(dir, DATABASE_NAME_FILE), 'utf8');
}

/** A throw-away PostgreSQL database with the demo data, as openTestPostgres and seedDemo give it: a copy of the run's demo template. */
export async function openDemoPostgres(): Promise<Db> {
  const template = await postgresTemplate('demo');
  if (!template) {
    const db = await openTestPostgres();
    await seedDemo(db);
    return db;
  }
  return openTestPostgres({ template });
}

/** Drops the run's PostgreSQL template databases that were made (globalTeardown.mjs). */
export async function dropPostgresTemplates(): Promise<void> {
  for (const made of Object.values(POSTGRES_TEMPLATES)) {
    const dir = madeThisRun(made);
    if (dir) await onServer(`DROP DATABASE IF EXISTS ${await fs.readFile(path.join(dir, DATABASE_NAME_FILE), 'utf8')} WITH (FORCE)`);
  }
}

/**
 * A backend of database tests: open gives a migrated database with the Spanish geography, openDemo one with the
 * demo data too, openEmpty an empty one.
 */
export interface TestBackend {
  name: 'pglite' | 'postgres';
  open: () => Promise<Db>;
  openDemo: () => Promise<Db>;
  openEmpty: () => Promise<Db>;
}

/** The backends a database test runs on: PGlite always, PostgreSQL when reachable. */
export async function testBackends(): Promise<TestBackend[]> {
  const backends: TestBackend[] = [{ name: 'pglite', open: openTestPglite, openDemo: openDemoPglite, openEmpty: openEmptyPglite }];
  if (await postgresAvailable()) {
    backends.push({ name: 'postgres', open: () => openTestPostgres(), openDemo: openDemoPostgres, openEmpty: () => openTestPostgres({ prepared: false }) });
  }
  return backends;
}

/** The database, noting the name (or text) of every statement run through it. */
export function recording(db: Db, seen: string[]): Db {
  return {
    ...db,
    query: (sql, params) => {
      seen.push(typeof sql === 'string' ? sql : sql.name);
      return db.query(sql, params);
    },
  };
}

/**
 * The database, noting the statements (names or texts) of every transaction run through it, one list per transaction,
 * and beside it in `urgent` whether that transaction asked to go first (TransactionOptions).
 */
export function recordingTransactions(db: Db, transactions: string[][], urgent: boolean[] = []): Db {
  return {
    ...db,
    transaction: (fn, options) =>
      db.transaction((tx) => {
        const seen: string[] = [];
        transactions.push(seen);
        urgent.push(options?.urgent === true);
        return fn({
          ...tx,
          query: (sql, params) => {
            seen.push(typeof sql === 'string' ? sql : sql.name);
            return tx.query(sql, params);
          },
        });
      }, options),
  };
}

/**
 * Waits until a server started on recording(db, seen) has run the activity log's retention, a second after its
 * start (routes/logRetention.ts): a test that counts a call's statements counts them after it, so that the
 * retention's DELETEs, which a loaded machine may run at any time before, do not land among them.
 */
export async function retentionRan(seen: readonly string[]): Promise<void> {
  for (const end = Date.now() + 30_000; !seen.some((sql) => sql.includes('DELETE FROM audit_log'));) {
    if (Date.now() > end) throw new Error("the activity log's retention did not run within 30 s of the start");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The migrations whose columns and tables today's import and scoring read or write (the responses' 'exclusive', 14;
 * the questions' evidence rules, 17; the answers' notes, 18, empty in an older database; the texts' translations, 34):
 * an upgrade test that builds an older database with today's code applies these too. Each adds columns or tables of
 * its own that no sum or figure of an older database depends on.
 */
export const IMPORT_MIGRATIONS: readonly string[] = ['exclusive_responses', 'evidence_rules', 'answer_evidence', 'edition_translations'];

/**
 * An older database's questionnaire skeleton, written by plain SQL as its version would have (the import follows the
 * newest schema): the migrations up to `version`, the Spanish geography, an edition of `year` with one axis, policy
 * and measure and one indicator in them. Upgrade tests add its questions, entities and campaigns.
 */
export async function writeOldEdition(db: Db, version: number, year: number): Promise<{ edition: number; categories: { id: number }[]; indicator: number }> {
  await migrate(
    db,
    MIGRATIONS.filter((m) => m.version <= version),
  );
  await db.transaction((tx) => loadReferenceData(tx));
  const [{ id: edition }] = await db.query<{ id: number }>(
    "INSERT INTO editions (campaign_number, title) VALUES ($1::int, 'Campaña ' || $1::text) RETURNING id",
    [year],
  );
  const categories = await db.query<{ id: number }>(
    "INSERT INTO categories (type, code, text) VALUES ('axis', 'E1', 'Eje'), ('policy', 'E1.P1', 'Política'), ('measure', 'E1.P1.M1', 'Medida') RETURNING id",
  );
  const [{ id: indicator }] = await db.query<{ id: number }>(
    "INSERT INTO indicators (edition_id, code, text, axis_id, policy_id, measure_id, position) VALUES ($1, 'I1', 'Indicador', $2, $3, $4, 0) RETURNING id",
    [edition, ...categories.map((c) => c.id)],
  );
  return { edition, categories, indicator };
}

/**
 * The territorial sums and rank counts of every sent campaign, as the releases of migrations 12 to 19 rebuilt them
 * (every sent campaign counted): a test writing an older database cannot call today's rebuild, which reads columns
 * of later migrations (an edition's means' rule, migration 20).
 */
export async function writeSumsOfSentCampaigns(db: Db): Promise<void> {
  const scoresInTerritories = `FROM campaign_scores cs JOIN campaigns c ON c.id = cs.campaign_id JOIN entities en ON en.id = c.entity_id
    ${TERRITORIES_OF_ENTITY} WHERE c.status = 'sent'`;
  await db.query(
    `INSERT INTO territory_sums (edition_id, territory, territory_id, scopes, category_ids, participants, percentage_sums, value_sums)
     SELECT edition_id, territory, territory_id, array_agg(scope ORDER BY scope, category_id), array_agg(category_id ORDER BY scope, category_id),
            array_agg(n ORDER BY scope, category_id), array_agg(p ORDER BY scope, category_id), array_agg(v ORDER BY scope, category_id)
       FROM (SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, count(*)::int AS n, sum(cs.percentage) AS p, sum(cs.value) AS v
             ${scoresInTerritories}
              GROUP BY c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id) AS groups
      GROUP BY edition_id, territory, territory_id`,
  );
  await db.query(
    `INSERT INTO territory_score_counts (edition_id, territory, territory_id, scope, category_id, shown_percentage, participants)
     SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, shown_percentage(cs.percentage), count(*)
     ${scoresInTerritories} AND cs.scope IN ('total', 'axis')
      GROUP BY c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, shown_percentage(cs.percentage)`,
  );
}

/** Every table of the public schema, by name (an upgrade test compares each one's rows before and after). */
export async function tablesOf(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1");
  return rows.map((r) => r.name);
}

/**
 * Sent campaigns of new entities of one province in an older database's edition (writeOldEdition): each answering
 * every question with the responses of that code, scored `value` of 4 in the whole questionnaire and each of the
 * edition's categories; `review` sets its review status where the version has one (migration 19). The territorial
 * sums are the caller's to write (writeSumsOfSentCampaigns).
 */
export async function writeOldSentCampaigns(
  db: Db,
  { edition, categories }: { edition: number; categories: { id: number }[] },
  campaigns: readonly { entity: string; answer: string; value: number; review?: string }[],
): Promise<void> {
  for (const { entity: name, answer, value, review } of campaigns) {
    const [{ id: entity }] = await db.query<{ id: number }>(
      "INSERT INTO entities (name, name_key, population, province_id) VALUES ($1, lower($1), 5000, '46') RETURNING id",
      [name],
    );
    const [{ id: campaign }] = await db.query<{ id: number }>(
      "INSERT INTO campaigns (entity_id, edition_id, status, start_date, end_date) VALUES ($1, $2, 'sent', now(), now()) RETURNING id",
      [entity, edition],
    );
    if (review) await db.query('UPDATE campaigns SET review_status = $2 WHERE id = $1', [campaign, review]);
    await db.query(
      'INSERT INTO answers (campaign_id, subindicator_id, response_ids) SELECT $1, r.subindicator_id, ARRAY[r.id] FROM responses r WHERE r.code = $2',
      [campaign, answer],
    );
    for (const [scope, category] of [['total', 0], ...categories.map((c, i) => [['axis', 'policy', 'measure'][i], c.id] as const)] as const) {
      await db.query('INSERT INTO campaign_scores (campaign_id, scope, category_id, value, max_value, percentage) VALUES ($1, $2, $3, $4, 4, $5)', [
        campaign,
        scope,
        category,
        value,
        value / 4,
      ]);
    }
  }
}
