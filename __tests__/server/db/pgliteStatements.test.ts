import fc from 'fast-check';
import { openTestPglite } from '../../helpers/db.js';
import { namedStatement, type Db } from '../../../src/server/db/client.js';
import { sqlLiteral } from '../../../src/server/db/pgliteStatements.js';

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
    const echo = namedStatement('scratch_echo_arrays', 'SELECT $1::float8[] AS floats, $2::int[] AS ints, $3::text[] AS texts, $4::float8 AS one, $5::boolean AS yes');
    const text = echo.text;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 8 }),
        fc.array(fc.integer(), { maxLength: 8 }),
        fc.array(fc.string().filter((s) => !/["\\\0]/.test(s)), { maxLength: 8 }),
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
    expect(params.map(sqlLiteral)).toEqual([undefined, undefined, undefined]);
    expect(await db.transaction((tx) => tx.query(echo, params))).toEqual([{ a: 'back\\slash', b: ['say "hi"', 'a,b', '{x}', 'NULL', ''], c: { k: 'v' } }]);
    expect(await prepared()).not.toContain('scratch_echo_text');
  });

  it('keeps commas, braces, spaces, quotes and the word NULL inside array elements as text', async () => {
    const echo = namedStatement('scratch_echo_elements', 'SELECT $1::text[] AS texts');
    const texts = ['a,b', '{x}', ' spaced ', "it's", 'NULL', '', 'ñandú'];
    expect(sqlLiteral(texts)).toBeDefined();
    expect(await db.transaction((tx) => tx.query(echo, [texts]))).toEqual([{ texts }]);
    expect(await db.query(echo, [[null, 'x']])).toEqual([{ texts: [null, 'x'] }]);
  });
});
