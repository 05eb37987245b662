import { openDb } from '../../../src/server/db/client.js';
import { postgresAvailable, testPostgresUrl } from '../../helpers/db.js';

const reachable = await postgresAvailable();

(reachable ? describe : describe.skip)('the PostgreSQL connection pool', () => {
  it('opens at most the configured number of connections (DATABASE_POOL_SIZE), however many calls wait', async () => {
    const db = await openDb({ databaseUrl: testPostgresUrl('postgres'), databasePoolSize: 2, dataDir: '/nonexistent' });
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)')));
      expect(new Set(answers.map(([row]) => row.pid)).size).toBe(2);
    } finally {
      await db.close();
    }
  });
});
