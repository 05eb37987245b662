import { openTestPglite, postgresAvailable, testPostgresUrl } from '../../helpers/db.js';
import { openPostgres, type Db } from '../../../src/server/db/client.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Three transactions at once, each holding its connection 100 ms (waiting in JavaScript: PGlite runs on this
 * thread, a pg_sleep would stop the clock that reads the use); the use read while they run, and after.
 */
async function threeAtOnce(db: Db) {
  const before = db.use();
  const calls = [1, 2, 3].map(() => db.transaction(async (tx) => (await tx.query('SELECT 1'), await sleep(100))));
  await sleep(30);
  const during = db.use();
  await Promise.all(calls);
  return { before, during, after: db.use() };
}

describe("the database's use, as the metrics read it", () => {
  it('PGlite: one connection that calls take in turn, the others waiting; the waits add up', async () => {
    const db = await openTestPglite();
    try {
      const { before, during, after } = await threeAtOnce(db);
      await db.query('SELECT 1');
      expect(db.use().acquired).toBe(after.acquired + 1);
      expect(before).toMatchObject({ connections: 1, idle: 1, waiting: 0 });
      expect(during).toMatchObject({ connections: 1, idle: 0, waiting: 2 });
      expect(after).toMatchObject({ connections: 1, idle: 1, waiting: 0, acquired: before.acquired + 3 });
      // The second waited one call, the third two: about 0.3 s in all.
      expect(after.waitSeconds - before.waitSeconds).toBeGreaterThan(0.25);
    } finally {
      await db.close();
    }
  });

  it('PostgreSQL: a pool of one connection, the calls queued for it; the waits add up', async () => {
    if (!(await postgresAvailable())) return;
    const db = openPostgres(testPostgresUrl('postgres'), 1);
    try {
      const { before, during, after } = await threeAtOnce(db);
      expect(before).toMatchObject({ connections: 0, idle: 0, waiting: 0, acquired: 0, waitSeconds: 0 });
      expect(during).toMatchObject({ connections: 1, idle: 0, waiting: 2 });
      expect(after).toMatchObject({ connections: 1, idle: 1, waiting: 0, acquired: 3 });
      expect(after.waitSeconds).toBeGreaterThan(0.25);
      // Single statements take their connection the same way.
      await db.query('SELECT 1');
      expect(db.use().acquired).toBe(4);
    } finally {
      await db.close();
    }
  });
});
