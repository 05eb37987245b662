import { openTestPglite } from '../../../helpers/db.js';
import { seedDemo } from '../../../../src/server/db/seed/demo.js';
import { call, startTestServer } from '../../../helpers/server.js';
import { signIn } from '../../../helpers/auth.js';
import type { Db } from '../../../../src/server/db/client.js';

describe('demo data', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestPglite();
    expect(await seedDemo(db)).toBe(true);
  });
  afterAll(() => db.close());

  it('has 30+ entities over several provinces and communities', async () => {
    const [row] = await db.query<Record<string, number>>(
      `SELECT count(*)::int AS entities, count(DISTINCT e.province_id)::int AS provinces, count(DISTINCT p.community_id)::int AS communities
         FROM entities e JOIN provinces p ON p.id = e.province_id`,
    );
    expect(row.entities).toBeGreaterThanOrEqual(30);
    expect(row.provinces).toBeGreaterThanOrEqual(8);
    expect(row.communities).toBeGreaterThanOrEqual(6);
    const spanning = await db.query(
      `SELECT em.entity_id FROM entity_municipalities em JOIN municipalities m ON m.id = em.municipality_id
        GROUP BY em.entity_id HAVING count(DISTINCT m.province_id) > 1`,
    );
    expect(spanning).toEqual([]);
  });

  it("has the earliest edition's review over (every sent campaign validated, objections closed) and the later ones' awaiting it", async () => {
    const rows = await db.query<{ edition: number; review: string; validated: boolean; n: number }>(
      `SELECT e.campaign_number AS edition, c.review_status AS review, c.validated_at > c.end_date AS validated, count(*)::int AS n
         FROM campaigns c JOIN editions e ON e.id = c.edition_id WHERE c.status = 'sent' GROUP BY 1, 2, 3 ORDER BY 1, 2`,
    );
    expect(rows.map(({ n: _n, ...r }) => r)).toEqual([
      { edition: 2024, review: 'validated', validated: true },
      { edition: 2025, review: 'pending', validated: null },
      { edition: 2026, review: 'pending', validated: null },
    ]);
    const editions = await db.query<{ year: number; until: string | null }>(
      'SELECT campaign_number AS year, objections_until::text AS until FROM editions ORDER BY campaign_number',
    );
    expect(editions).toEqual([
      { year: 2024, until: '2025-01-31' },
      { year: 2025, until: null },
      { year: 2026, until: null },
    ]);
  });

  it('has campaigns in every status in the current edition and the previous one sent for most entities', async () => {
    const rows = await db.query<{ edition: number; status: string; n: number }>(
      `SELECT e.campaign_number AS edition, c.status, count(*)::int AS n FROM campaigns c JOIN editions e ON e.id = c.edition_id
        GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    const current = rows.filter((r) => r.edition === 2026).map((r) => r.status);
    expect(current).toEqual(['created', 'draft', 'sent']);
    const [{ entities }] = await db.query<{ entities: number }>('SELECT count(*)::int AS entities FROM entities');
    const previousSent = rows.find((r) => r.edition === 2025 && r.status === 'sent')?.n ?? 0;
    expect(previousSent / entities).toBeGreaterThan(0.75);
  });

  it('answers every question of a sent campaign, some of a draft, none of a created one, and scores the sent ones', async () => {
    const rows = await db.query<{ status: string; answered: number; total: number; scored: number }>(
      `SELECT c.status,
              (SELECT count(*)::int FROM answers a WHERE a.campaign_id = c.id) AS answered,
              (SELECT count(*)::int FROM subindicators s JOIN indicators i ON i.id = s.indicator_id WHERE i.edition_id = c.edition_id) AS total,
              (SELECT count(*)::int FROM campaign_scores cs WHERE cs.campaign_id = c.id) AS scored
         FROM campaigns c`,
    );
    for (const r of rows) {
      if (r.status === 'sent') expect([r.answered, r.scored > 0]).toEqual([r.total, true]);
      if (r.status === 'draft') expect(r.answered).toBeGreaterThan(0);
      if (r.status === 'draft') expect(r.answered).toBeLessThan(r.total);
      if (r.status === 'created') expect([r.answered, r.scored]).toEqual([0, 0]);
    }
    const answersOnObsolete = await db.query('SELECT 1 FROM answers a JOIN responses r ON r.id = ANY(a.response_ids) WHERE r.obsolete');
    expect(answersOnObsolete).toEqual([]);
  });

  it('creates the three demo accounts, which log in; the user belongs to two entities with one open campaign', async () => {
    const server = await startTestServer(db);
    try {
      const roles: Record<string, string> = {};
      for (const email of ['admin@demo.es', 'fec@demo.es', 'usuario@demo.es']) {
        const tokens = await signIn(server, email, 'demo1234');
        const me = await call(server, 'GET', '/api/secure/v1/auth/me', { token: tokens.access_token });
        roles[email] = me.body.response.user.role;
        if (email === 'usuario@demo.es') expect(me.body.response.user.entities).toHaveLength(2);
      }
      expect(roles).toEqual({ 'admin@demo.es': 'ADMIN', 'fec@demo.es': 'FEC', 'usuario@demo.es': 'USER' });
      const open = await db.query(
        `SELECT c.id FROM campaigns c JOIN user_entities ue ON ue.entity_id = c.entity_id JOIN users u ON u.id = ue.user_id
          WHERE u.email = 'usuario@demo.es' AND c.status IN ('created', 'draft')`,
      );
      expect(open).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('does nothing a second time', async () => {
    expect(await seedDemo(db)).toBe(false);
  });
});
