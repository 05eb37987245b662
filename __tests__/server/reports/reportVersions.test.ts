import { testBackends } from '../../helpers/db.js';
import { submissionRecords } from '../../helpers/concurrency.js';
import { rebuildTerritoryScores, storeSubmission } from '../../../src/server/db/repositories/territoryScores.js';
import type { Db, Queryable } from '../../../src/server/db/client.js';

const backends = await testBackends();

/** Every edition's figures version ('initial' without a row) and the registered entities' version. */
async function versions(q: Queryable): Promise<{ editions: Record<number, string>; registered: string }> {
  const editions = await q.query<{ id: number; version: string }>(
    "SELECT e.id, coalesce(v.version::text, 'initial') AS version FROM editions e LEFT JOIN edition_figures_versions v ON v.edition_id = e.id ORDER BY e.id",
  );
  const [{ version: registered }] = await q.query<{ version: string }>('SELECT version::text FROM registered_entities_version');
  return { editions: Object.fromEntries(editions.map((e) => [e.id, e.version])), registered };
}

/** Runs fn in a transaction that is rolled back; returns what fn returned. */
async function rolledBack<T>(db: Db, fn: (q: Queryable) => Promise<T>): Promise<T> {
  let out: T | undefined;
  await expect(
    db.transaction(async (tx) => {
      out = await fn(tx);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  return out as T;
}

describe.each(backends)('report versions (migration 004) on $name', ({ openDemo }) => {
  let db: Db;
  let edition: { current: number; earlier: number };

  beforeAll(async () => {
    db = await openDemo();
    const rows = await db.query<{ id: number }>('SELECT id FROM editions ORDER BY campaign_number');
    // The current edition and the one before it (the demo has an earlier one still, 2024).
    edition = { earlier: rows.at(-2)!.id, current: rows.at(-1)!.id };
  });
  afterAll(() => db.close());

  it('gives an edition a new figures version with every write of its territorial sums, and no other', async () => {
    const before = await versions(db);
    // The demo seed rebuilt the sums of both editions.
    expect(Object.values(before.editions)).not.toContain('initial');
    const [{ id: draft }] = await db.query<{ id: number }>("SELECT id FROM campaigns WHERE edition_id = $1 AND status <> 'sent' ORDER BY id LIMIT 1", [
      edition.current,
    ]);
    await storeSubmission(db, draft, [{ scope: 'total', categoryId: 0, value: 1, max: 2, percentage: 0.5 }], ...(await submissionRecords(db, draft)));
    const added = await versions(db);
    expect(added.editions[edition.current]).not.toBe(before.editions[edition.current]);
    expect(added).toEqual({ ...before, editions: { ...before.editions, [edition.current]: added.editions[edition.current] } });

    await db.query("UPDATE territory_sums SET participants = participants WHERE edition_id = $1 AND territory = 'country'", [edition.earlier]);
    const updated = await versions(db);
    expect(updated.editions[edition.earlier]).not.toBe(added.editions[edition.earlier]);
    expect(updated.editions[edition.current]).toBe(added.editions[edition.current]);

    await db.transaction((tx) => rebuildTerritoryScores(tx));
    const rebuilt = await versions(db);
    for (const id of [edition.earlier, edition.current]) expect(rebuilt.editions[id]).not.toBe(updated.editions[id]);
    expect(rebuilt.registered).toBe(before.registered);
  });

  it('leaves every version as it was when the writing transaction rolls back, and renews all on a truncation', async () => {
    const before = await versions(db);
    const inside = await rolledBack(db, async (tx) => {
      await tx.query('TRUNCATE territory_sums');
      await tx.query('TRUNCATE entities CASCADE');
      return versions(tx);
    });
    for (const id of [edition.earlier, edition.current]) expect(inside.editions[id]).not.toBe(before.editions[id]);
    expect(inside.registered).not.toBe(before.registered);
    expect(await versions(db)).toEqual(before);
  });

  it('gives the registered entities a new version when an entity is added, moved or removed, not when it is renamed', async () => {
    const v0 = await versions(db);
    const [{ id }] = await db.query<{ id: number }>(
      "INSERT INTO entities (name, name_key, population, province_id) VALUES ('Versión', 'version', 5, '01') RETURNING id",
    );
    const v1 = await versions(db);
    expect(v1.registered).not.toBe(v0.registered);
    expect(v1.editions).toEqual(v0.editions);
    await db.query("UPDATE entities SET name = 'Versión bis', population = 6 WHERE id = $1", [id]);
    expect(await versions(db)).toEqual(v1);
    await db.query("UPDATE entities SET province_id = '28' WHERE id = $1", [id]);
    const v2 = await versions(db);
    expect(v2.registered).not.toBe(v1.registered);
    await db.query('DELETE FROM entities WHERE id = $1', [id]);
    const v3 = await versions(db);
    expect(v3.registered).not.toBe(v2.registered);
    expect(v3.editions).toEqual(v0.editions);
  });
});
