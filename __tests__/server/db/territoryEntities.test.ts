import { testBackends } from '../../helpers/db.js';
import type { Db } from '../../../src/server/db/client.js';

const backends = await testBackends();

/** Entities per territory counted from the entities table (bands by the default SIZE_BANDS), as "territory:id" -> n. */
async function counted(db: Db): Promise<Record<string, number>> {
  const rows = await db.query<{ key: string; n: number }>(
    `SELECT 'country:ES' AS key, count(*)::int AS n FROM entities
     UNION ALL SELECT 'province:' || province_id, count(*)::int FROM entities GROUP BY province_id
     UNION ALL SELECT 'autonomousCommunity:' || p.community_id, count(*)::int FROM entities e JOIN provinces p ON p.id = e.province_id GROUP BY p.community_id
     UNION ALL SELECT 'sizeBand:' || CASE WHEN population > 100000 THEN 100001 WHEN population > 50000 THEN 50001 WHEN population > 20000 THEN 20001
                                          WHEN population > 5000 THEN 5001 ELSE 1 END, count(*)::int FROM entities GROUP BY 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.n]));
}

/** The counts the triggers keep, leaving out territories whose entities have all gone. */
async function kept(db: Db): Promise<Record<string, number>> {
  const rows = await db.query<{ key: string; n: number }>(
    "SELECT territory || ':' || territory_id AS key, registered AS n FROM territory_entities WHERE registered <> 0",
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.n]));
}

describe.each(backends)('entities registered per territory on $name', ({ openDemo }) => {
  let db: Db;
  beforeAll(async () => {
    db = await openDemo();
  });
  afterAll(() => db.close());

  it('match a count of the entities after inserts, moves, renames and removals', async () => {
    expect(await kept(db)).toEqual(await counted(db));
    await db.query(
      `INSERT INTO entities (name, name_key, population, province_id)
       VALUES ('Nueva uno', 'nueva uno', 10, '01'), ('Nueva dos', 'nueva dos', 10, '28'), ('Nueva tres', 'nueva tres', 10, '28')`,
    );
    expect(await kept(db)).toEqual(await counted(db));
    await db.query("UPDATE entities SET province_id = '08' WHERE name = 'Nueva dos'");
    await db.query('UPDATE entities SET population = population + 1');
    expect(await kept(db)).toEqual(await counted(db));
    await db.transaction(async (tx) => {
      await tx.query("DELETE FROM entities WHERE name LIKE 'Nueva %'");
      await tx.query('DELETE FROM entities WHERE id = (SELECT min(id) FROM entities)');
    });
    expect(await kept(db)).toEqual(await counted(db));
  });
});
