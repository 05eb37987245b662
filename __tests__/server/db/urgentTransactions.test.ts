import { openTestPglite, postgresAvailable, recordingTransactions, testBackends, testPostgresUrl } from '../../helpers/db.js';
import { call, startTestServer } from '../../helpers/server.js';
import { signInDemoAccounts } from '../../helpers/auth.js';
import { answeredCampaignOfNewEntity } from '../../helpers/concurrency.js';
import { openPostgres, type Db, type TransactionOptions, type Tx } from '../../../src/server/db/client.js';

/**
 * Urgent transactions (a submission) are served before the ordinary calls waiting for the database, on PGlite's one
 * session as on a PostgreSQL pool (db/gate.ts), and a submission asks for it while a save does not. A transaction
 * may also ask that its statements run with the plans made once (genericPlans): a submission does, for itself alone.
 */

const backends = await testBackends();

/**
 * Holds the database's only connection with a transaction, queues transactions behind it in the order given, lets it
 * go, and answers the order in which the queued ones got the database (each notes its name as it starts).
 */
async function servedOrder(db: Db, queued: { name: string; urgent: boolean }[]): Promise<string[]> {
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  let holding!: () => void;
  const holds = new Promise<void>((resolve) => (holding = resolve));
  const holder = db.transaction(async (tx) => {
    await tx.query('SELECT 1');
    holding();
    await held;
  });
  await holds;
  const served: string[] = [];
  const calls = queued.map(({ name, urgent }) =>
    db.transaction(
      async (tx) => {
        served.push(name);
        await tx.query('SELECT 1');
      },
      { urgent },
    ),
  );
  expect(db.use().waiting).toBe(queued.length);
  letGo();
  await Promise.all([holder, ...calls]);
  return served;
}

/** run on a fresh test PGlite, closed afterwards. */
async function onPglite(run: (db: Db) => Promise<void>): Promise<void> {
  const db = await openTestPglite();
  try {
    await run(db);
  } finally {
    await db.close();
  }
}

/** run on a PostgreSQL pool of one connection (nothing when the server is not reachable), closed afterwards. */
async function onPostgresPoolOfOne(run: (db: Db) => Promise<void>): Promise<void> {
  if (!(await postgresAvailable())) return;
  const db = openPostgres(testPostgresUrl('postgres'), 1);
  try {
    await run(db);
  } finally {
    await db.close();
  }
}

const QUEUED = [
  { name: 'save 1', urgent: false },
  { name: 'save 2', urgent: false },
  { name: 'submit 1', urgent: true },
  { name: 'read', urgent: false },
  { name: 'submit 2', urgent: true },
];
const SERVED = ['submit 1', 'submit 2', 'save 1', 'save 2', 'read'];

describe('urgent transactions go first among the calls waiting for the database', () => {
  it("PGlite: the session's next turn goes to the urgent transactions waiting, then to the others, each in the order they came", () =>
    onPglite(async (db) => {
      expect(await servedOrder(db, QUEUED)).toEqual(SERVED);
      expect(db.use()).toMatchObject({ idle: 1, waiting: 0 });
    }));

  it("PostgreSQL: a pool's freed connection goes to the urgent transactions waiting, then to the others, each in the order they came", () =>
    onPostgresPoolOfOne(async (db) => {
      expect(await servedOrder(db, QUEUED)).toEqual(SERVED);
      expect(db.use()).toMatchObject({ connections: 1, idle: 1, waiting: 0 });
    }));
});

describe.each(backends)('a submission is urgent, a save is not, on $name', ({ openDemo }) => {
  it('sends the submission as an urgent transaction and the save as an ordinary one', async () => {
    const db = await openDemo();
    /** The transactions run through the server: the names of each one's statements, and whether it was urgent. */
    const transactions: string[][] = [];
    const urgent: boolean[] = [];
    const server = await startTestServer(recordingTransactions(db, transactions, urgent));
    try {
      const { admin } = await signInDemoAccounts(server);
      const campaign = await answeredCampaignOfNewEntity(server, db, admin, { email: 'prisa@envios.es', password: 'clave-prisa-1' }, 'Prisa', 3);
      const [answer] = await db.query<{ question: number; answer: number[] }>(
        'SELECT subindicator_id AS question, response_ids AS answer FROM answers WHERE campaign_id = $1 ORDER BY 1 LIMIT 1',
        [campaign.id],
      );
      const secure = (path: string, body: unknown) => call(server, 'POST', `/api/secure/v1/${path}`, { token: campaign.memberToken, body });

      const urgentOnes = () => transactions.filter((_, i) => urgent[i]);

      [transactions.length, urgent.length] = [0, 0];
      expect((await secure('campaigns/saveAnswer', { id: campaign.id, question: answer.question, answer: answer.answer })).status).toBe(200);
      expect(transactions.length).toBeGreaterThan(0);
      expect(urgentOnes()).toEqual([]);

      [transactions.length, urgent.length] = [0, 0];
      expect((await secure('campaigns/submit', { id: campaign.id })).status).toBe(200);
      expect(urgentOnes().map((statements) => statements.at(-1))).toEqual(['store_submission']);
    } finally {
      await server.close();
      await db.close();
    }
  });
});

/** The plan cache mode a transaction with these options runs in, and then one without on the same connection, after it committed or failed. */
async function planModes(db: Db, options: TransactionOptions, fail: boolean): Promise<string[]> {
  const mode = async (tx: Tx) => (await tx.query<{ mode: string }>("SELECT current_setting('plan_cache_mode') AS mode"))[0].mode;
  const modes: string[] = [];
  await db
    .transaction(async (tx) => {
      modes.push(await mode(tx));
      if (fail) await tx.query('SELECT 1 / 0');
    }, options)
    .catch((err: Error) => expect(err.message).toMatch(/division by zero/));
  modes.push(await db.transaction(mode));
  return modes;
}

describe('transactions whose statements run with the plans made once', () => {
  const check = async (db: Db) => {
    expect(await planModes(db, { genericPlans: true }, false)).toEqual(['force_generic_plan', 'auto']);
    expect(await planModes(db, { genericPlans: true, urgent: true }, true)).toEqual(['force_generic_plan', 'auto']);
    expect(await planModes(db, {}, false)).toEqual(['auto', 'auto']);
  };

  it('PGlite: sets the mode for that transaction alone, whether it commits or fails', () => onPglite(check));

  it('PostgreSQL: sets the mode for that transaction alone, whether it commits or fails, on a pool of one connection', () => onPostgresPoolOfOne(check));
});

describe.each(backends)("a submission's writes are planned once per connection on $name", ({ openDemo }) => {
  it('runs store_submission with its generic plan, never one planned for the campaign at hand', async () => {
    const db = await openDemo();
    /** After each submission's statements, before its COMMIT and on its connection: how its writes were planned so far. */
    const plans: { generic: number; custom: number }[] = [];
    const observed: Db = {
      ...db,
      transaction: (fn, options) =>
        db.transaction(async (tx) => {
          const result = await fn(tx);
          const [row] = await tx.query<{ generic: number; custom: number }>(
            "SELECT generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements WHERE name = 'store_submission'",
          );
          if (row) plans.push({ generic: Number(row.generic), custom: Number(row.custom) });
          return result;
        }, options),
    };
    const server = await startTestServer(observed);
    try {
      const { admin } = await signInDemoAccounts(server);
      const campaign = await answeredCampaignOfNewEntity(server, db, admin, { email: 'plan@envios.es', password: 'clave-plan-1' }, 'Plan', 3);
      expect((await call(server, 'POST', '/api/secure/v1/campaigns/submit', { token: campaign.memberToken, body: { id: campaign.id } })).status).toBe(200);
      expect(plans.at(-1)).toEqual({ generic: expect.any(Number), custom: 0 });
      expect(plans.at(-1)!.generic).toBeGreaterThan(0);
    } finally {
      await server.close();
      await db.close();
    }
  });
});
