import { openTestPglite } from '../../../helpers/db.js';
import { seedScale } from '../../../../src/server/db/seed/scale.js';
import type { Db } from '../../../../src/server/db/client.js';

describe('scale data set', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestPglite();
  });
  afterAll(() => db.close());

  it('groups every municipality of the chosen provinces into entities with two sent, scored campaigns each', async () => {
    const { entities, campaigns } = await seedScale(db, { provinces: ['01', '51', '52'] });
    const [counts] = await db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM municipalities WHERE province_id IN ('01', '51', '52')) AS municipalities,
              (SELECT count(*)::int FROM entity_municipalities) AS members,
              (SELECT count(*)::int FROM campaigns WHERE status = 'sent') AS sent,
              (SELECT count(DISTINCT campaign_id)::int FROM campaign_scores) AS scored,
              (SELECT count(*)::int FROM answers) AS answers`,
    );
    expect(counts.members).toBe(counts.municipalities);
    expect(entities).toBe(Math.ceil((counts.municipalities - 2) / 3) + 2);
    expect([counts.sent, counts.scored]).toEqual([campaigns, campaigns]);
    expect(counts.answers).toBe(entities * (132 + 129));
    await expect(seedScale(db, { provinces: ['01'] })).rejects.toThrow('already loaded');
  });
});
