import { randomUUID } from 'node:crypto';
import { testBackends } from '../../helpers/db.js';
import type { Db } from '../../../src/server/db/client.js';
import { findPlaceVersion } from '../../../src/server/db/repositories/resultQueries.js';

const backends = await testBackends();

/*
 * The place version (migration 036): what a kept place is checked against (reports/placeMemo.ts). It must change
 * with every committed write to a table a place statement reads (placeStatement.test.ts lists them against the
 * statements), become visible with that write and not before, and stay as it is when nothing of those tables changes.
 */
describe.each(backends)('the place version on $name', ({ openDemo }) => {
  let db: Db;
  let entityId: number;

  beforeAll(async () => {
    db = await openDemo();
    [{ id: entityId }] = await db.query<{ id: number }>('SELECT id FROM entities ORDER BY id LIMIT 1');
  });
  afterAll(() => db.close());

  const rename = (tx: Pick<Db, 'query'>, suffix: string) => tx.query('UPDATE entities SET name = name || $2 WHERE id = $1', [entityId, suffix]);

  it('is renewed when a transaction that wrote a place table commits, and not before', async () => {
    const before = await findPlaceVersion(db);
    let inside = '';
    await db.transaction(async (tx) => {
      await rename(tx, ' I');
      await tx.query('UPDATE editions SET means_from = means_from WHERE id = (SELECT min(id) FROM editions)');
      // Renewed at commit (a deferred trigger), so not even the writing transaction sees it yet.
      inside = await findPlaceVersion(tx);
    });
    const after = await findPlaceVersion(db);
    expect(inside).toBe(before);
    expect(after).not.toBe(before);
    // Each write of its own commits a new one.
    await rename(db, ' II');
    const second = await findPlaceVersion(db);
    expect(second).not.toBe(after);
    // Whatever the session's setting says: only the transaction that renewed it skips renewing it again.
    await db.transaction(async (tx) => {
      await tx.query("SELECT set_config('place_version.renewed_by', 'yes', false)");
      await rename(tx, ' III');
    });
    expect(await findPlaceVersion(db)).not.toBe(second);
  });

  it('is kept by a transaction rolled back and by writes to no place table', async () => {
    const before = await findPlaceVersion(db);
    await expect(
      db.transaction(async (tx) => {
        await rename(tx, ' IV');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A share link is read by no place statement.
    await db.query("INSERT INTO share_links (id, campaign_id, expires_at) SELECT $1, min(id), now() + interval '1 day' FROM campaigns", [randomUUID()]);
    expect(await findPlaceVersion(db)).toBe(before);
  });

  it('is renewed by a TRUNCATE, which row triggers do not see', async () => {
    const before = await findPlaceVersion(db);
    await db.query('TRUNCATE final_places');
    expect(await findPlaceVersion(db)).not.toBe(before);
  });
});
