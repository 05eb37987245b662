import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPostgres, wrapPglite, type Db } from '../../src/server/db/client.js';
import { prepareDatabase } from '../../src/server/bootstrap.js';

/** A fresh in-memory PGlite copied from the run's migrated template (with the Spanish geography). */
export async function openTestPglite(): Promise<Db> {
  const file = process.env.CAMPAIGNS_TEMPLATE_DB;
  if (!file) throw new Error('CAMPAIGNS_TEMPLATE_DB is not set: run the tests through jest (globalSetup).');
  const data = await fs.readFile(file);
  const lite = await PGlite.create({ loadDataDir: new Blob([data]) });
  return wrapPglite(lite);
}

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** True when the local PostgreSQL server answers; otherwise PostgreSQL tests are skipped with a note. */
export async function postgresAvailable(): Promise<boolean> {
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

/** An in-memory PGlite with nothing in it, not even the migrations (upgrade tests). */
export async function openEmptyPglite(): Promise<Db> {
  return wrapPglite(await PGlite.create());
}

/**
 * A throw-away PostgreSQL database for one test file, migrated and loaded unless prepared is false (then empty);
 * dropped by the returned db's close.
 */
export async function openTestPostgres({ prepared = true }: { prepared?: boolean } = {}): Promise<Db> {
  const name = `campaigns_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), 5);
  if (prepared) await prepareDatabase(db, { seedDemo: false });
  return {
    ...db,
    async close() {
      await db.close();
      const dropper = new pg.Client({ connectionString: ADMIN_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A backend of database tests: open gives a migrated database with the Spanish geography, openEmpty an empty one. */
export interface TestBackend {
  name: 'pglite' | 'postgres';
  open: () => Promise<Db>;
  openEmpty: () => Promise<Db>;
}

/** The backends a database test runs on: PGlite always, PostgreSQL when reachable. */
export async function testBackends(): Promise<TestBackend[]> {
  const backends: TestBackend[] = [{ name: 'pglite', open: openTestPglite, openEmpty: openEmptyPglite }];
  if (await postgresAvailable()) backends.push({ name: 'postgres', open: () => openTestPostgres(), openEmpty: () => openTestPostgres({ prepared: false }) });
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
