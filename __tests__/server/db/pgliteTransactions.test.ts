import { openTestPglite } from '../../helpers/db.js';
import { namedStatement, type Db } from '../../../src/server/db/client.js';

/**
 * PGlite is one PostgreSQL session in the process: a statement run while another caller's transaction is open
 * would run inside that transaction (seeing its uncommitted rows, and undone by its rollback). PGlite 0.5
 * queues public query() and exec() behind its transaction mutex, and wrapPglite uses only those (and tx.*
 * inside a transaction); these tests keep it so across upgrades.
 */
describe("PGlite runs other callers' statements between transactions, never inside one", () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestPglite();
    await db.exec('CREATE TABLE scratch (n integer PRIMARY KEY)');
  });
  afterAll(() => db.close());

  it('queues a plain read, a plain write and a named statement behind an open transaction that then rolls back', async () => {
    const events: string[] = [];
    let queued: Promise<unknown[]> | undefined;
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO scratch VALUES (1)');
        queued = Promise.all([
          db.query<{ n: number }>('SELECT count(*)::int AS n FROM scratch').then((rows) => (events.push('read'), rows[0].n)),
          db.query('INSERT INTO scratch VALUES (2)').then(() => events.push('write')),
          db.query(namedStatement('scratch_max', 'SELECT max(n) AS n FROM scratch')).then((rows) => (events.push('named'), (rows[0] as { n: number }).n)),
        ]);
        // Give the queued calls every chance to run now, as they would if nothing held them.
        for (let i = 0; i < 5; i++) await tx.query('SELECT pg_sleep(0.01)');
        events.push('transaction done');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const [read, , named] = await (queued as Promise<unknown[]>);
    expect(events).toEqual(['transaction done', 'read', 'write', 'named']);
    // The read saw neither the rolled-back row nor (yet) its own caller's write; the write was not undone.
    expect(read).toBe(0);
    expect(named).toBe(2);
    expect(await db.query('SELECT n FROM scratch ORDER BY n')).toEqual([{ n: 2 }]);
  });

  it('runs two transactions one after the other, never interleaved', async () => {
    const events: string[] = [];
    const one = (name: string) =>
      db.transaction(async (tx) => {
        events.push(`${name} begins`);
        await tx.query('SELECT pg_sleep(0.01)');
        events.push(`${name} ends`);
      });
    await Promise.all([one('a'), one('b')]);
    expect(events).toEqual(['a begins', 'a ends', 'b begins', 'b ends']);
  });
});
