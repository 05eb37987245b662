import { rowsWithout, tablesOf, testBackends, writeOldEdition, writeOldSentCampaigns, writeSumsOfSentCampaigns } from '../../helpers/db.js';
import type { Db } from '../../../src/server/db/client.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { MIGRATIONS } from '../../../src/server/db/migrations/index.js';
import { rebuildTerritoryScores } from '../../../src/server/db/repositories/territoryScores.js';
import { checkTerritorialFigures } from '../../../src/server/reports/consistency.js';

const backends = await testBackends();

/**
 * A version-19 database as the previous release wrote it: an edition of one question, three entities of one
 * province with sent campaigns (one validated, one awaiting review, one back for corrections), their scores and
 * the territorial sums of all three.
 */
async function writeVersion19(db: Db): Promise<void> {
  const { edition, categories, indicator } = await writeOldEdition(db, 19, 2026);
  const [{ id: question }] = await db.query<{ id: number }>(
    "INSERT INTO subindicators (indicator_id, code, text, type, position) VALUES ($1, 'S1', '¿Tiene plan?', 'single', 0) RETURNING id",
    [indicator],
  );
  await db.query("INSERT INTO responses (subindicator_id, code, text, value, position) VALUES ($1, 'R1', 'Sí', 4, 0), ($1, 'R2', 'No', 0, 1)", [question]);
  await writeOldSentCampaigns(db, { edition, categories }, [
    { entity: 'Mancomunidad del Norte', answer: 'R1', value: 4, review: 'validated' },
    { entity: 'Mancomunidad del Sur', answer: 'R2', value: 0, review: 'pending' },
    { entity: 'Mancomunidad del Este', answer: 'R1', value: 4, review: 'changesRequested' },
  ]);
  await writeSumsOfSentCampaigns(db);
}

/**
 * Upgrades the version-19 database (writeVersion19) from version `from` to version `to`, and expects every row of
 * every table to be kept, but for the columns `added` names per table (the upgrade's new ones).
 */
async function expectUpgradeKeepsRows(db: Db, from: number, to: number, added: Record<string, string[]> = {}): Promise<void> {
  await writeVersion19(db);
  await migrate(
    db,
    MIGRATIONS.filter((m) => m.version <= from),
  );
  const tables = await tablesOf(db);
  const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await rowsWithout(db, t, [])] as const)));
  await migrate(
    db,
    MIGRATIONS.filter((m) => m.version <= to),
  );
  for (const table of tables) {
    if (table !== 'schema_migrations') expect([table, await rowsWithout(db, table, added[table] ?? [])]).toEqual([table, before[table]]);
  }
}

describe.each(backends)(
  "an edition's means' rule, objections and final results, the review queue's versions, publication, seals and the team (migrations 20 to 29) on $name",
  ({ openEmpty }) => {
    it('upgrades a version-19 database in place: every row kept, every edition taking its means from sent campaigns, every sum as it was', async () => {
      const db = await openEmpty();
      try {
        await writeVersion19(db);
        const tables = await tablesOf(db);
        const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await rowsWithout(db, t, [])] as const)));
        expect(before.territory_sums).toHaveLength(4);

        await migrate(
          db,
          MIGRATIONS.filter((m) => m.version <= 20),
        );

        for (const table of tables) {
          if (table === 'schema_migrations') continue;
          // editions gains its rule; every other table is as it was.
          expect([table, await rowsWithout(db, table, table === 'editions' ? ['means_from'] : [])]).toEqual([table, before[table]]);
        }
        expect(await db.query('SELECT means_from FROM editions')).toEqual([{ means_from: 'sent' }]);
        // The sums stored are those today's rule gives: the three sent campaigns, validated or not (read by today's
        // code, on today's schema).
        await migrate(db, MIGRATIONS);
        expect((await checkTerritorialFigures(db)).differences).toEqual([]);
        await db.transaction((tx) => rebuildTerritoryScores(tx));
        expect(await rowsWithout(db, 'territory_sums', [])).toEqual(before.territory_sums);
        expect(await rowsWithout(db, 'territory_score_counts', [])).toEqual(before.territory_score_counts);
      } finally {
        await db.close();
      }
    });

    it('upgrades a version-20 database in place: every row kept, no edition published, no objection', async () => {
      const db = await openEmpty();
      try {
        await writeVersion19(db);
        await migrate(
          db,
          MIGRATIONS.filter((m) => m.version <= 20),
        );
        const tables = await tablesOf(db);
        const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await rowsWithout(db, t, [])] as const)));

        await migrate(
          db,
          MIGRATIONS.filter((m) => m.version <= 21),
        );

        for (const table of tables) {
          if (table === 'schema_migrations') continue;
          const added = table === 'editions' ? ['provisional_published_at', 'objections_until'] : [];
          expect([table, await rowsWithout(db, table, added)]).toEqual([table, before[table]]);
        }
        expect(await db.query('SELECT provisional_published_at, objections_until FROM editions')).toEqual([
          { provisional_published_at: null, objections_until: null },
        ]);
        expect(await db.query('SELECT count(*)::int AS n FROM objections')).toEqual([{ n: 0 }]);
      } finally {
        await db.close();
      }
    });

    it('upgrades a version-21 database in place: every row and figure kept, no edition final, campaigns still sent and reviewed', async () => {
      const db = await openEmpty();
      try {
        await writeVersion19(db);
        await migrate(
          db,
          MIGRATIONS.filter((m) => m.version <= 21),
        );
        const tables = await tablesOf(db);
        const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await rowsWithout(db, t, [])] as const)));

        await migrate(
          db,
          MIGRATIONS.filter((m) => m.version <= 22),
        );

        for (const table of tables) {
          if (table === 'schema_migrations') continue;
          const added = table === 'editions' ? ['final_published_at', 'final_min_group_size'] : [];
          expect([table, await rowsWithout(db, table, added)]).toEqual([table, before[table]]);
        }
        expect(await db.query('SELECT final_published_at, final_min_group_size FROM editions')).toEqual([
          { final_published_at: null, final_min_group_size: null },
        ]);
        expect(await db.query('SELECT count(*)::int AS n FROM final_places')).toEqual([{ n: 0 }]);
        // An edition not final divides by today's registered entities, and its campaigns still change.
        expect(await db.query('SELECT territory, territory_id, registered FROM edition_territory_entities ORDER BY territory, territory_id')).toEqual(
          await db.query('SELECT territory, territory_id, registered FROM territory_entities ORDER BY territory, territory_id'),
        );
        await db.query("UPDATE campaigns SET review_status = 'validated' WHERE review_status = 'pending'");
        await db.transaction((tx) => rebuildTerritoryScores(tx));
        expect(await rowsWithout(db, 'territory_sums', [])).toEqual(before.territory_sums);
        expect((await checkTerritorialFigures(db)).differences).toEqual([]);
      } finally {
        await db.close();
      }
    });

    it("upgrades a version-23 database in place: every row kept, and each edition's review queue versioned from its first change", async () => {
      const db = await openEmpty();
      try {
        await expectUpgradeKeepsRows(db, 23, 24);
        const versions = () => db.query<{ edition_id: number; version: string }>('SELECT edition_id, version::text FROM edition_review_versions');
        expect(await versions()).toEqual([]);
        // A change the queue does not show leaves it unversioned; a decision versions it, and each one renews it.
        await db.query("UPDATE campaigns SET review_message = 'Sin cambios en la cola' WHERE review_status = 'changesRequested'");
        expect(await versions()).toEqual([]);
        await db.query("UPDATE campaigns SET review_status = 'validated' WHERE review_status = 'pending'");
        const [first] = await versions();
        expect(first.edition_id).toBe((await db.query<{ id: number }>('SELECT id FROM editions'))[0].id);
        await db.query("UPDATE campaigns SET review_status = 'pending' WHERE review_status = 'changesRequested'");
        const [second] = await versions();
        expect(second.version).not.toBe(first.version);
      } finally {
        await db.close();
      }
    });

    it('upgrades a version-24 database in place: every row kept, no entity publishing its figures, one publication version', async () => {
      const db = await openEmpty();
      try {
        await expectUpgradeKeepsRows(db, 24, 25, { entities: ['publishes_results', 'publication_changed_at', 'publication_changed_by'] });
        expect(await db.query('SELECT DISTINCT publishes_results, publication_changed_at, publication_changed_by FROM entities')).toEqual([
          { publishes_results: false, publication_changed_at: null, publication_changed_by: null },
        ]);
        const version = async () => (await db.query<{ v: string }>('SELECT version::text AS v FROM publication_version'))[0].v;
        const first = await version();
        await db.query("UPDATE entities SET publishes_results = true WHERE name = 'Mancomunidad del Norte'");
        expect(await version()).not.toBe(first);
      } finally {
        await db.close();
      }
    });

    it('upgrades a version-25 database in place: every row kept, no seal and no threshold yet', async () => {
      const db = await openEmpty();
      try {
        await expectUpgradeKeepsRows(db, 25, 26);
        expect(await db.query('SELECT (SELECT count(*)::int FROM seals) AS seals, (SELECT count(*)::int FROM seal_thresholds) AS thresholds')).toEqual([
          { seals: 0, thresholds: 0 },
        ]);
      } finally {
        await db.close();
      }
    });

    it("upgrades a version-26 database through the team's migrations (27 to 29): every row kept, nothing assigned, no history", async () => {
      const db = await openEmpty();
      try {
        await expectUpgradeKeepsRows(db, 26, 29, { user_entities: ['role'] });
        for (const table of ['campaign_assignments', 'campaign_policy_assignments', 'answer_history', 'campaign_receipts', 'assignee_reminders'])
          expect([table, await db.query(`SELECT count(*)::int AS n FROM ${table}`)]).toEqual([table, [{ n: 0 }]]);
      } finally {
        await db.close();
      }
    });
  },
);
