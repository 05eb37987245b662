import { testBackends } from '../../helpers/db.js';
import type { Db, NamedStatement, Queryable } from '../../../src/server/db/client.js';
import { findCampaignPlace } from '../../../src/server/db/repositories/resultQueries.js';
import { findComparisonPlace } from '../../../src/server/db/repositories/comparisonQueries.js';
import { findTrendPlace } from '../../../src/server/db/repositories/trendQueries.js';

const backends = await testBackends();

/** A node of EXPLAIN (ANALYZE, FORMAT JSON)'s plan. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Loops': number;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** Every node of the plan the database ran for the one statement `read` makes, as EXPLAIN ANALYZE shows it. */
async function ranPlan(db: Db, read: (q: Queryable) => Promise<unknown>): Promise<PlanNode[]> {
  let plan: PlanNode | undefined;
  const explaining: Queryable = {
    query: async <T>(sql: string | NamedStatement, params?: unknown[]): Promise<T[]> => {
      const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${typeof sql === 'string' ? sql : sql.text}`,
        params,
      );
      const explained = row['QUERY PLAN'];
      [{ Plan: plan }] = typeof explained === 'string' ? (JSON.parse(explained) as [{ Plan: PlanNode }]) : explained;
      return [];
    },
  };
  await read(explaining);
  if (!plan) throw new Error('the read ran no statement');
  return nodesOf(plan);
}

/*
 * A kept report's only statement is its place's (with the session check): what it costs the database is most of
 * what a kept read costs, so it must reach each row by key whatever the planner knows of the tables: nothing (a
 * PGlite database is never analyzed, a PostgreSQL one until autovacuum has run) or their statistics. With
 * statistics, a planner had joined every community to the campaign before its province, and the provinces by hash;
 * without, it had read every sent campaign's index entry to find an entity's (docs/benchmarks.md, "The place
 * statement and the planner's statistics"; migration 035).
 */
describe.each(backends)('the report place statements on $name', ({ openDemo }) => {
  let db: Db;
  let campaign: number;
  let editions: number;

  beforeAll(async () => {
    db = await openDemo();
    // The newest edition's: a comparison has a previous campaign, a trend two.
    [{ id: campaign }] = await db.query<{ id: number }>(
      "SELECT c.id FROM campaigns c JOIN editions e ON e.id = c.edition_id WHERE c.status = 'sent' ORDER BY e.campaign_number DESC, c.id LIMIT 1",
    );
    [{ n: editions }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM editions');
  });

  afterAll(() => db.close());

  const reads: [string, (q: Queryable) => Promise<unknown>][] = [
    ['result', (q) => findCampaignPlace(q, campaign)],
    ['comparison', (q) => findComparisonPlace(q, campaign)],
    ['trend', (q) => findTrendPlace(q, campaign)],
  ];

  // A kept place is used while the place version holds (reports/placeMemo.ts): every table a place statement reads
  // must renew it when written (migration 036), or a kept place would outlive a change to it.
  it.each(reads)("the %s's place reads only tables whose writes renew the place version", async (_kind, read) => {
    const tablesRead = new Set((await ranPlan(db, read)).flatMap((n) => (n['Relation Name'] ? [n['Relation Name']] : [])));
    // Each trigger by name, enabled (O), and whether it is deferred to commit (t or f).
    const renewing = await db.query<{ table: string; events: string }>(
      `SELECT c.relname::text AS table,
              string_agg(concat_ws(' ', t.tgname::text, t.tgenabled::text, t.tgdeferrable AND t.tginitdeferred), ', ' ORDER BY t.tgname) AS events
         FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE p.proname = 'place_changed' GROUP BY c.relname`,
    );
    const renewed = new Map(renewing.map((r) => [r.table, r.events]));
    expect(tablesRead.size).toBeGreaterThan(5);
    // The version itself is read with the place.
    tablesRead.delete('place_version');
    for (const table of tablesRead) {
      // Its rows written (a deferred row trigger), and the table truncated.
      expect([table, renewed.get(table)]).toEqual([table, `${table}_place_changed O t, ${table}_place_truncated O f`]);
    }
  });

  for (const analyzed of [false, true]) {
    describe(analyzed ? 'after ANALYZE' : 'never analyzed', () => {
      beforeAll(async () => {
        if (analyzed) await db.query('ANALYZE');
      });

      it.each(reads)("the %s's place reads its province and community once each and no other entity's campaigns", async (_kind, read) => {
        const nodes = await ranPlan(db, read);
        for (const table of ['provinces', 'autonomous_communities']) {
          expect(nodes.filter((n) => n['Relation Name'] === table).map((n) => [n['Actual Loops'], n['Actual Rows']])).toEqual([[1, 1]]);
        }
        // An entity has one campaign an edition: no scan of campaigns (or of one of its indexes) yields more per loop.
        const campaignScans = nodes.filter((n) => n['Relation Name'] === 'campaigns' || n['Index Name']?.startsWith('campaigns'));
        expect(campaignScans.length).toBeGreaterThan(0);
        for (const scan of campaignScans) expect(scan['Actual Rows']).toBeLessThanOrEqual(editions);
      });

      // The four territories' versions of an edition are read in one scan (resultQueries.ts entityTerritoryVersionsSql):
      // the result reads its edition's, the comparison the previous campaign's too, the trend every edition's besides
      // (its version names each of the entity's campaigns with its parts).
      it.each(reads)("the %s's place reads each edition's territory versions in one scan", async (kind, read) => {
        const nodes = await ranPlan(db, read);
        const scans = nodes.filter((n) => n['Relation Name'] === 'territory_versions');
        const loops = scans.reduce((sum, n) => sum + n['Actual Loops'], 0);
        expect(loops).toBe({ result: 1, comparison: 2, trend: 1 + editions }[kind]);
      });
    });
  }
});
