import { testBackends, testPostgresUrl } from '../helpers/db.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';
import { signIn } from '../helpers/auth.js';
import { consistencyDifferences } from '../helpers/concurrency.js';
import { prepareStorm, runStorm, type StormSetup } from '../helpers/storm.js';
import { seededRandom } from '../../src/server/db/seed/random.js';
import { openPostgres, type Db } from '../../src/server/db/client.js';

const backends = await testBackends();

/** Storms per database (CONCURRENCY_RUNS=20 for a longer run), each of OPERATIONS calls, PARALLEL at a time. */
const RUNS = Number(process.env.CONCURRENCY_RUNS ?? 1);
const OPERATIONS = Number(process.env.CONCURRENCY_OPERATIONS ?? 160);
const PARALLEL = 8;
/** New entities of one province with answered campaigns before each storm: many submissions in one province. */
const CROWD = 6;
/** Time allowed per storm, generous for a loaded machine (a storm takes some 5-15 s here). */
const TIMEOUT = 90_000 * RUNS;
/** Results read during a storm that are then compared with freshly built ones. */
const REPORTS_COMPARED = 12;

/**
 * Runs the storms against the instances, then checks: no call answered an unexpected status (never a 5xx),
 * the territorial sums and entity counts equal their recomputation, and each instance serves, for every
 * result read during the storm, the body a server without a report cache builds now (nothing stale kept).
 */
async function stormAndCheck(db: Db, servers: TestServer[], label: string): Promise<void> {
  const token = (await signIn(servers[0], 'admin@demo.es', 'demo1234')).access_token;
  const uncached = await startTestServer(db, {}, undefined, { reportCacheBytes: 0 });
  try {
    for (let run = 0; run < RUNS; run++) {
      // A new seed each run (printed); CONCURRENCY_SEED replays one, as far as the interleaving allows.
      const seed = Number(process.env.CONCURRENCY_SEED ?? (Date.now() + run) % 1e9);
      const setup: StormSetup = { db, servers, token, random: seededRandom(seed) };
      const pools = await prepareStorm(setup, CROWD);
      const report = await runStorm(setup, pools, OPERATIONS, PARALLEL);
      const differences = await consistencyDifferences(db);
      console.log(`${label}, run ${run + 1} of ${RUNS} (seed ${seed}): ${JSON.stringify(report.counts)}; ${differences.length} differences`);
      expect(report.unexpected).toEqual([]);
      expect(differences).toEqual([]);
      for (const id of [...pools.read].slice(0, REPORTS_COMPARED)) {
        const fresh = await call(uncached, 'GET', `/api/secure/v1/campaigns/result?id=${id}`, { token });
        for (const server of servers) {
          const kept = await call(server, 'GET', `/api/secure/v1/campaigns/result?id=${id}`, { token });
          // Compared without the envelope's request id, which differs per call.
          expect({ id, status: kept.status, response: kept.body.response }).toEqual({ id, status: fresh.status, response: fresh.body.response });
        }
      }
    }
  } finally {
    await uncached.close();
  }
}

describe.each(backends)('storms of mixed calls on $name', ({ name, openDemo }) => {
  let db: Db;
  let second: Db | undefined;
  const servers: TestServer[] = [];
  beforeAll(async () => {
    db = await openDemo();
    servers.push(await startTestServer(db));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await second?.close();
    await db.close();
  });

  it(
    'answer no call with a 5xx and leave every territorial figure equal to its recomputation',
    async () => {
      await stormAndCheck(db, servers, name);
    },
    TIMEOUT,
  );

  // PGlite lives in one process: a second instance on its data is not possible.
  if (name === 'postgres')
    it(
      'do the same with two app instances on one database, neither serving a stale report',
      async () => {
        const [{ current }] = await db.query<{ current: string }>('SELECT current_database() AS current');
        // The second instance has its own connection pool and its own caches, as a second process would.
        second = openPostgres(testPostgresUrl(current), 5);
        servers.push(await startTestServer(second));
        await stormAndCheck(db, servers, 'two instances on postgres');
      },
      TIMEOUT,
    );
});
