import fc from 'fast-check';
import { emptyPglite, openTestPglite } from '../../helpers/db.js';
import { namedStatement, type Db } from '../../../src/server/db/client.js';
import { queryOnPglite, sqlLiteral } from '../../../src/server/db/pgliteStatements.js';
import { pgliteTransaction } from '../../../src/server/db/pgliteGuard.js';
import type { PgliteSession } from '../../../src/server/db/pgliteStatements.js';
import { DatabaseUnavailableError } from '../../../src/server/db/faults.js';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Named statements on PGlite are PREPAREd once and EXECUTEd with their arguments written as literals
 * (pgliteStatements.ts), inside transactions as well as outside: the values must arrive exactly as the
 * parameterised text would pass them, and an argument that cannot be a literal must still run (as text).
 */
describe('named statements on PGlite', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestPglite();
    await db.exec('CREATE TABLE scratch (n integer PRIMARY KEY, label text)');
  });
  afterAll(() => db.close());

  const prepared = async () => (await db.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')).map((r) => r.name);

  it('prepares a statement first run inside a transaction, and keeps it after that transaction rolls back', async () => {
    const insert = namedStatement('scratch_insert', 'INSERT INTO scratch (n, label) VALUES ($1, $2) RETURNING n, label');
    await expect(
      db.transaction(async (tx) => {
        expect(await tx.query(insert, [1, "it's"])).toEqual([{ n: 1, label: "it's" }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await prepared()).toContain('scratch_insert');
    expect(await db.query('SELECT * FROM scratch')).toEqual([]);
    // The kept statement runs in the next transaction, and that one commits.
    await db.transaction((tx) => tx.query(insert, [2, 'kept']));
    expect(await db.query('SELECT n, label FROM scratch')).toEqual([{ n: 2, label: 'kept' }]);
  });

  it('passes arrays of numbers and strings as array literals, exactly as the text with parameters would', async () => {
    const echo = namedStatement(
      'scratch_echo_arrays',
      'SELECT $1::float8[] AS floats, $2::int[] AS ints, $3::text[] AS texts, $4::float8 AS one, $5::boolean AS yes',
    );
    const text = echo.text;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 8 }),
        fc.array(fc.integer(), { maxLength: 8 }),
        fc.array(
          fc.string().filter((s) => !/["\\\0]/.test(s)),
          { maxLength: 8 },
        ),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        async (floats, ints, texts, one, yes) => {
          const params = [floats, ints, texts, one, yes];
          const [named] = await db.transaction((tx) => tx.query(echo, params));
          const [plain] = await db.query(text, params);
          expect(named).toEqual(plain);
          // -0 reads back as 0 either way: PostgreSQL's text for -0 is "-0", JavaScript's is "0".
          expect(named).toEqual({ floats: floats.map((f) => f + 0), ints, texts, one: one + 0, yes });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('runs the text when an argument cannot be a literal (a string with a backslash, an array element with a double quote, an object)', async () => {
    const echo = namedStatement('scratch_echo_text', 'SELECT $1::text AS a, $2::text[] AS b, $3::jsonb AS c');
    const params = ['back\\slash', ['say "hi"', 'a,b', '{x}', 'NULL', ''], { k: 'v' }];
    expect(params.map((p, i) => sqlLiteral(p, ['text', 'text[]', 'jsonb'][i]))).toEqual([undefined, undefined, undefined]);
    expect(await db.transaction((tx) => tx.query(echo, params))).toEqual([{ a: 'back\\slash', b: ['say "hi"', 'a,b', '{x}', 'NULL', ''], c: { k: 'v' } }]);
  });

  it("leaves to the parameterised text a value whose kind does not match its parameter's type", async () => {
    // A number for a date, an array for json, a number for text: PGlite converts these by the parameter's type.
    const mixed = namedStatement('scratch_echo_mixed', 'SELECT $1::date AS d, $2::jsonb AS j, $3::text AS t, $4::boolean AS b');
    const params = [Date.UTC(2024, 0, 31), [1, 'a'], 12.5, true];
    expect(params.map((p, i) => sqlLiteral(p, ['date', 'jsonb', 'text', 'boolean'][i]))).toEqual([undefined, undefined, undefined, "'true'"]);
    // A string for a boolean or bytea is converted by PGlite's rules, not the type's input ('tr' is true to PostgreSQL).
    expect([sqlLiteral('tr', 'boolean'), sqlLiteral('ab', 'bytea'), sqlLiteral(['t'], 'boolean[]')]).toEqual([undefined, undefined, undefined]);
    const [plain] = await db.query(mixed.text, params);
    expect(await db.transaction((tx) => tx.query(mixed, params))).toEqual([plain]);
    expect(await db.query(mixed, params)).toEqual([plain]);
  });

  it('prepares a statement once when its first calls come together inside a transaction', async () => {
    const insert = namedStatement('scratch_insert_together', 'INSERT INTO scratch (n, label) VALUES ($1, $2) RETURNING n');
    const inserted = await db.transaction((tx) => Promise.all([10, 11, 12].map((n) => tx.query<{ n: number }>(insert, [n, 'together']))));
    expect(inserted.flat().map((r) => r.n)).toEqual([10, 11, 12]);
    expect((await prepared()).filter((name) => name === 'scratch_insert_together')).toHaveLength(1);
  });

  it('keeps commas, braces, spaces, quotes and the word NULL inside array elements as text', async () => {
    const echo = namedStatement('scratch_echo_elements', 'SELECT $1::text[] AS texts');
    const texts = ['a,b', '{x}', ' spaced ', "it's", 'NULL', '', 'ñandú'];
    expect(sqlLiteral(texts, 'text[]')).toBeDefined();
    expect(await db.transaction((tx) => tx.query(echo, [texts]))).toEqual([{ texts }]);
    expect(await db.query(echo, [[null, 'x']])).toEqual([{ texts: [null, 'x'] }]);
  });
});

/**
 * A transaction's BEGIN goes to PGlite with its first statement (pgliteTransaction): every statement of the
 * transaction, however it is sent and in whatever order its promises settle, must run inside it, and a first
 * statement that fails must leave the session out of any transaction.
 */
describe('PGlite transactions opened with their first statement', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestPglite();
    await db.exec('CREATE TABLE scratch (n integer PRIMARY KEY)');
  });
  afterAll(() => db.close());

  const insertNamed = namedStatement('scratch_insert_n', 'INSERT INTO scratch (n) VALUES ($1)');
  const divide = namedStatement('scratch_divide', 'SELECT 10 / $1::int AS q');
  const rows = async () => (await db.query<{ n: number }>('SELECT n FROM scratch ORDER BY n')).map((r) => r.n);

  it('undoes, on rollback, statements called together: named (prepared or not), text with parameters and exec', async () => {
    await db.query(insertNamed, [100]); // now prepared on the session
    await db.exec('DELETE FROM scratch');
    const attempt = (first: 'prepared' | 'unprepared' | 'text' | 'exec') =>
      db.transaction(async (tx) => {
        const calls = {
          prepared: () => tx.query(insertNamed, [1]),
          unprepared: () => tx.query(namedStatement(`scratch_insert_${Date.now()}_${first}`, 'INSERT INTO scratch (n) VALUES ($1)'), [2]),
          text: () => tx.query('INSERT INTO scratch (n) VALUES ($1)', [3]),
          exec: () => tx.exec('INSERT INTO scratch (n) VALUES (4)'),
        };
        const others = Object.entries(calls)
          .filter(([kind]) => kind !== first)
          .map(([, call]) => call);
        await Promise.all([calls[first](), ...others.map((call) => call())]);
        expect(await tx.query('SELECT count(*)::int AS n FROM scratch')).toEqual([{ n: 4 }]);
        throw new Error('roll back');
      });
    for (const first of ['prepared', 'unprepared', 'text', 'exec'] as const) {
      await expect(attempt(first)).rejects.toThrow('roll back');
      expect(await rows()).toEqual([]);
    }
    await db.transaction(async (tx) => {
      await tx.query(insertNamed, [5]);
      await tx.query('INSERT INTO scratch (n) VALUES ($1)', [6]);
    });
    expect(await rows()).toEqual([5, 6]);
  });

  it('leaves no transaction open when the first statement fails, sent with BEGIN or after it', async () => {
    await db.query(divide, [2]); // prepared: the failing call below goes as BEGIN; EXECUTE
    for (const statement of [divide, 'SELECT 10 / $1::int AS q']) {
      await expect(db.transaction((tx) => tx.query(statement, [0]))).rejects.toThrow(/division by zero/);
      // Outside any transaction (an aborted one would refuse this read), and a write then stays.
      expect(await db.query<{ txid: string | null }>('SELECT txid_current_if_assigned()::text AS txid')).toEqual([{ txid: null }]);
      await db.query('INSERT INTO scratch (n) VALUES ($1)', [typeof statement === 'string' ? 8 : 7]);
    }
    expect(await db.transaction((tx) => tx.query(divide, [5]))).toEqual([{ q: 2 }]);
    expect(await rows()).toEqual([5, 6, 7, 8]);
  });

  it('runs a transaction without statements and answers its result', async () => {
    expect(await db.transaction(async () => 'nothing to do')).toBe('nothing to do');
    expect(await db.transaction((tx) => tx.query(divide, [1]))).toEqual([{ q: 10 }]);
  });
});

/**
 * A session whose calls go to a real PGlite, but for the ones refuse() picks, refused as the guard refuses a call
 * on a dead instance or a folder short of room (DatabaseUnavailableError, before PGlite sees it).
 */
describe('PGlite statements when the guard refuses a call', () => {
  let lite: PGlite;
  beforeAll(async () => {
    lite = await emptyPglite();
    await lite.exec('CREATE TABLE scratch (n integer PRIMARY KEY)');
  });
  afterAll(() => lite.close());

  const sessionRefusing = (refuse: (sql: string) => boolean): PgliteSession => {
    const refused = (sql: string) => (refuse(sql) ? Promise.reject(new DatabaseUnavailableError('refused')) : undefined);
    return {
      query: async (sql, params) => refused(sql) ?? ((await lite.query(sql, params)).rows as never),
      exec: (sql) => refused(sql) ?? lite.exec(sql),
      end: (sql) => lite.exec(sql),
      prepared: new Map(),
    };
  };

  it("runs none of a transaction's statements, not even those called together with the first, when its BEGIN is refused", async () => {
    const session = sessionRefusing((sql) => sql.startsWith('BEGIN'));
    const insert = namedStatement('scratch_insert_refused', 'INSERT INTO scratch (n) VALUES ($1)');
    await expect(
      pgliteTransaction(session, (tx) =>
        Promise.all([tx.query('INSERT INTO scratch (n) VALUES ($1)', [1]), tx.query(insert, [2]), tx.exec('INSERT INTO scratch (n) VALUES (3)')]),
      ),
    ).rejects.toThrow('refused');
    expect((await lite.query('SELECT n FROM scratch')).rows).toEqual([]);
  });

  it('uses a statement PREPAREd by a call refused before its types were read (the session keeps it)', async () => {
    let refuseTypes = true;
    const session = sessionRefusing((sql) => refuseTypes && sql.includes('pg_prepared_statements'));
    const count = namedStatement('scratch_count_once', 'SELECT count(*)::int AS n FROM scratch WHERE n > $1');
    await expect(queryOnPglite(session, count, [0])).rejects.toThrow('refused');
    refuseTypes = false;
    for (let i = 0; i < 2; i++) expect(await queryOnPglite(session, count, [0])).toEqual([{ n: 0 }]);
    expect((await lite.query("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = 'scratch_count_once'")).rows).toEqual([{ n: 1 }]);
  });
});
