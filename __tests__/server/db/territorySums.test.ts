import fc from 'fast-check';
import { openTestPglite, tableRows, testBackends, IMPORT_MIGRATIONS } from '../../helpers/db.js';
import { answerEverything, consistencyDifferences, submissionRecords } from '../../helpers/concurrency.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { MIGRATIONS } from '../../../src/server/db/migrations/index.js';
import { loadReferenceData } from '../../../src/server/db/reference/load.js';
import { ensureEdition } from '../../../src/server/db/seed/demo.js';
import { seededRandom } from '../../../src/server/db/seed/random.js';
import { storeCampaignScores, loadScoringQuestionnaire } from '../../../src/server/reports/storedScores.js';
import { scopeFigures } from '../../../src/server/reports/figures.js';
import type { FigureScope } from '../../../src/server/db/repositories/resultQueries.js';
import { removeFromTerritoryScores, storeSubmission } from '../../../src/server/db/repositories/territoryScores.js';
import { readAnswerIds } from '../../../src/server/db/repositories/scores.js';
import { scoreCampaign } from '../../../src/server/reports/scoring.js';
import type { Db } from '../../../src/server/db/client.js';

const backends = await testBackends();

/** The territorial sums, one entry per group: 'edition territory id scope category' -> [participants, percentage sum, value sum]. */
type SumsByGroup = Map<string, [number, number, number]>;

async function sumsByGroup(db: Db): Promise<SumsByGroup> {
  const rows = await db.query<{ key: string; participants: number; percentage_sum: number; value_sum: number }>(
    "SELECT concat_ws(' ', edition_id, territory, territory_id, scope, category_id) AS key, participants, percentage_sum, value_sum FROM territory_scores",
  );
  return new Map(rows.map((r) => [r.key, [r.participants, r.percentage_sum, r.value_sum]]));
}

/**
 * What version 11's per-group upsert made of `sums` when a campaign's scores were added (delta 1) or taken off
 * (-1) in its four territories: the same double additions, group by group, and a reopening's emptied groups gone.
 */
async function shiftedAsVersion11(db: Db, sums: SumsByGroup, campaignId: number, delta: 1 | -1): Promise<SumsByGroup> {
  const scores = await db.query<{ territories: string[]; scope: string; category_id: number; percentage: number; value: number }>(
    `SELECT ARRAY[concat_ws(' ', c.edition_id, 'province', en.province_id), concat_ws(' ', c.edition_id, 'autonomousCommunity', pr.community_id),
                  concat_ws(' ', c.edition_id, 'country', 'ES'), concat_ws(' ', c.edition_id, 'sizeBand', en.size_band)] AS territories,
            cs.scope, cs.category_id, cs.percentage, cs.value
       FROM campaign_scores cs JOIN campaigns c ON c.id = cs.campaign_id JOIN entities en ON en.id = c.entity_id JOIN provinces pr ON pr.id = en.province_id
      WHERE cs.campaign_id = $1`,
    [campaignId],
  );
  const shifted: SumsByGroup = new Map(sums);
  for (const { territories, scope, category_id: category, percentage, value } of scores) {
    for (const territory of territories) {
      const key = `${territory} ${scope} ${category}`;
      const old = shifted.get(key);
      const next: [number, number, number] = old
        ? [old[0] + delta, old[1] + delta * percentage, old[2] + delta * value]
        : [delta, delta * percentage, delta * value];
      if (delta < 0 && next[0] === 0) shifted.delete(key);
      else shifted.set(key, next);
    }
  }
  return shifted;
}

/**
 * A campaign's figures as comparable JSON, with the territories they are of. The campaign's territories are read
 * here, not with the app's place statement: that one follows the newest schema (the review status of migration 19)
 * and these figures are read on version 11 too.
 */
async function figuresOf(db: Db, campaignId: number): Promise<string> {
  const [scope] = await db.query<FigureScope>(
    `SELECT c.id AS "campaignId", c.edition_id AS "editionId", en.province_id AS "provinceId", p.community_id AS "communityId", en.size_band AS "sizeBand"
       FROM campaigns c JOIN entities en ON en.id = c.entity_id JOIN provinces p ON p.id = en.province_id
      WHERE c.id = $1`,
    [campaignId],
  );
  return JSON.stringify({ scope, figures: [...(await scopeFigures(db, scope, 1)).figures.entries()] });
}

/**
 * A sent campaign's scores added to its four territories' sums and rank counts as version 11 did it (one row
 * per group, upserted campaign by campaign), written out here because the app's code follows the newest schema.
 */
async function addAsVersion11(db: Db, campaignId: number): Promise<void> {
  const territories = `FROM campaign_scores cs JOIN campaigns c ON c.id = cs.campaign_id JOIN entities en ON en.id = c.entity_id
    JOIN provinces pr ON pr.id = en.province_id
    CROSS JOIN LATERAL (VALUES ('province', en.province_id), ('autonomousCommunity', pr.community_id), ('country', 'ES'),
                               ('sizeBand', en.size_band::text)) AS t(territory, territory_id)
    WHERE cs.campaign_id = $1`;
  await db.query(
    `INSERT INTO territory_scores (edition_id, territory, territory_id, scope, category_id, participants, percentage_sum, value_sum)
     SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, 1, cs.percentage, cs.value ${territories}
     ON CONFLICT (edition_id, territory, territory_id, scope, category_id) DO UPDATE
        SET participants = territory_scores.participants + 1, percentage_sum = territory_scores.percentage_sum + EXCLUDED.percentage_sum,
            value_sum = territory_scores.value_sum + EXCLUDED.value_sum`,
    [campaignId],
  );
  await db.query(
    `INSERT INTO territory_score_counts (edition_id, territory, territory_id, scope, category_id, shown_percentage, participants)
     SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, shown_percentage(cs.percentage), 1 ${territories}
       AND cs.scope IN ('total', 'axis')
     ON CONFLICT (edition_id, territory, territory_id, scope, category_id, shown_percentage) DO UPDATE
        SET participants = territory_score_counts.participants + 1`,
    [campaignId],
  );
}

describe.each(backends)('territorial sums as one row per territory on $name', ({ openEmpty }) => {
  it('upgrades a version-11 database in place: every sum, version and figure kept; later submissions and reopenings stay exact', async () => {
    const db = await openEmpty();
    try {
      // Version 11, but for the columns the import of the demo editions below writes (IMPORT_MIGRATIONS), which no sum reads.
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 11 || IMPORT_MIGRATIONS.includes(m.name)),
      );
      await db.transaction((tx) => loadReferenceData(tx));
      const editions = [await ensureEdition(db, 2025), await ensureEdition(db, 2026)];
      const random = seededRandom(12);
      const places: [string, number][] = [
        ['46', 800],
        ['46', 12000],
        ['03', 4999],
        ['12', 75000],
        ['08', 640000],
        ['28', 100001],
        ['28', 20001],
      ];
      const sent: number[] = [];
      const drafts: number[] = [];
      for (const [i, [province, population]] of places.entries()) {
        const [{ id: entityId }] = await db.query<{ id: number }>(
          'INSERT INTO entities (name, name_key, population, province_id) VALUES ($1, $1, $2, $3) RETURNING id',
          [`entidad ${i}`, population, province],
        );
        for (const editionId of editions) {
          const [{ id }] = await db.query<{ id: number }>("INSERT INTO campaigns (entity_id, edition_id, status) VALUES ($1, $2, 'draft') RETURNING id", [
            entityId,
            editionId,
          ]);
          await answerEverything(db, id, random);
          if (i === places.length - 1 && editionId === editions[1]) {
            drafts.push(id); // answered, not sent: submitted after the upgrade
            continue;
          }
          await db.query("UPDATE campaigns SET status = 'sent', end_date = now() WHERE id = $1", [id]);
          await storeCampaignScores(db, id);
          await addAsVersion11(db, id);
          sent.push(id);
        }
      }
      // Version 11's versions, as its triggers left them (the sums written campaign by campaign renewed them).
      const tables = [
        'territory_scores',
        'territory_score_counts',
        'territory_versions',
        'edition_figures_versions',
        'campaign_score_versions',
        'campaign_scores',
      ];
      const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await tableRows(db, t)] as const)));
      expect(before.territory_scores.length).toBeGreaterThan(500);
      // Today's readers take the registered entities through migration 22's view: on version 11 it is, for editions
      // not final (all of them), territory_entities itself; made for this read and dropped before the upgrade.
      await db.query(
        `CREATE VIEW edition_territory_entities AS
           SELECT ed.id AS edition_id, te.territory, te.territory_id, te.registered FROM editions ed CROSS JOIN territory_entities te`,
      );
      const figuresBefore = await Promise.all(sent.map((id) => figuresOf(db, id)));
      await db.query('DROP VIEW edition_territory_entities');

      expect(await migrate(db)).toEqual(MIGRATIONS.filter((m) => m.version > 11 && !IMPORT_MIGRATIONS.includes(m.name)).map((m) => m.version));

      // The same rows, value for value (the view), the same versions (nothing a report is built from changed) and
      // the same figures for every sent campaign.
      for (const table of tables) expect(await tableRows(db, table)).toEqual(before[table]);
      expect(await Promise.all(sent.map((id) => figuresOf(db, id)))).toEqual(figuresBefore);
      const [{ rows, territories }] = await db.query<{ rows: number; territories: number }>(
        `SELECT (SELECT count(*)::int FROM territory_sums) AS rows,
                (SELECT count(*)::int FROM (SELECT DISTINCT edition_id, territory, territory_id FROM territory_scores) k) AS territories`,
      );
      expect(rows).toBe(territories);
      expect(await consistencyDifferences(db)).toEqual([]);

      // A submission on the upgraded database adds to the four territories of its entity and renews their
      // versions and its edition's; a reopening takes it off again.
      const [draft] = drafts;
      const versions = () =>
        db.query<{ key: string; version: string }>(
          "SELECT edition_id || ' ' || territory || ' ' || territory_id AS key, version::text FROM territory_versions ORDER BY 1",
        );
      const versionsBefore = await versions();
      const sumsBefore = await sumsByGroup(db);
      const questionnaire = await loadScoringQuestionnaire(db, draft);
      await db.transaction(async (tx) => {
        await storeSubmission(tx, draft, scoreCampaign(questionnaire, (await readAnswerIds(tx, draft)).answers), ...(await submissionRecords(tx, draft)));
      });
      // Every sum exactly as version 11's upsert would have left it (not merely close: the same additions).
      const added = await shiftedAsVersion11(db, sumsBefore, draft, 1);
      expect(await sumsByGroup(db)).toEqual(added);
      const renewed = (await versions()).filter((v) => !versionsBefore.some((b) => b.key === v.key && b.version === v.version)).map((v) => v.key);
      const [{ province, community, band }] = await db.query<{ province: string; community: string; band: string }>(
        `SELECT en.province_id AS province, pr.community_id AS community, en.size_band::text AS band
           FROM campaigns c JOIN entities en ON en.id = c.entity_id JOIN provinces pr ON pr.id = en.province_id WHERE c.id = $1`,
        [draft],
      );
      expect(renewed.sort()).toEqual(
        [
          `${editions[1]} autonomousCommunity ${community}`,
          `${editions[1]} country ES`,
          `${editions[1]} province ${province}`,
          `${editions[1]} sizeBand ${band}`,
        ].sort(),
      );
      expect(await consistencyDifferences(db)).toEqual([]);

      // Taken off again: the province and band, where it was the only participant of the edition, have no row left.
      const expectedAfterRemoval = await shiftedAsVersion11(db, added, draft, -1);
      await db.transaction(async (tx) => {
        await removeFromTerritoryScores(tx, draft);
        await tx.query('DELETE FROM campaign_scores WHERE campaign_id = $1', [draft]);
        await tx.query("UPDATE campaigns SET status = 'draft' WHERE id = $1", [draft]);
      });
      expect(await consistencyDifferences(db)).toEqual([]);
      expect(await sumsByGroup(db)).toEqual(expectedAfterRemoval);
      const left = await db.query<{ territory: string }>(
        "SELECT territory FROM territory_sums WHERE edition_id = $1 AND ((territory = 'province' AND territory_id = $2) OR (territory = 'sizeBand' AND territory_id = $3))",
        [editions[1], province, band],
      );
      expect(left).toEqual([{ territory: 'province' }]); // province 28 keeps its other entity; band 20001 had only this one
    } finally {
      await db.close();
    }
  });
});

/** One group's figures as the function adds them: [scope, category, participants, percentage sum, value sum]. */
type Group = [string, number, number, number, number];

const SCOPES = ['axis', 'indicator', 'measure', 'policy', 'subindicator', 'total'];

/** What adding `added` to `stored` must give, group by group in JavaScript's doubles (the same IEEE additions). */
function addedInModel(stored: Group[], added: Group[]): Group[] {
  const byKey = new Map(stored.map((g) => [`${g[0]}:${g[1]}`, [...g] as Group]));
  for (const [scope, category, n, p, v] of added) {
    const old = byKey.get(`${scope}:${category}`);
    byKey.set(`${scope}:${category}`, old ? [scope, category, old[2] + n, old[3] + p, old[4] + v] : [scope, category, n, p, v]);
  }
  return [...byKey.values()].filter((g) => g[2] !== 0).sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] < b[0] ? -1 : 1));
}

const columns = (groups: Group[]) => [0, 1, 2, 3, 4].map((i) => groups.map((g) => g[i]));

describe('add_territory_sums (migration 012)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestPglite();
  });
  afterAll(() => db.close());

  async function added(stored: Group[], groups: Group[]): Promise<Group[]> {
    const [row] = await db.query<{ s: string[]; c: number[]; n: number[]; p: number[]; v: number[] }>(
      `SELECT new_scopes AS s, new_category_ids AS c, new_participants AS n, new_percentage_sums AS p, new_value_sums AS v
         FROM add_territory_sums($1::text[], $2::int[], $3::int[], $4::float8[], $5::float8[], $6::text[], $7::int[], $8::int[], $9::float8[], $10::float8[])`,
      [...columns(stored), ...columns(groups)],
    );
    return row.s.map((scope, i) => [scope, row.c[i], row.n[i], row.p[i], row.v[i]]);
  }

  // Groups of a territory: distinct (scope, category) keys, sorted as stored, with any figures.
  const group = fc.tuple(fc.constantFrom(...SCOPES), fc.integer({ min: 0, max: 40 }));
  // No -0: a parameter reaches the database as text, and JavaScript writes -0 as '0'.
  const sum = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map((x) => x + 0);
  const figures = (participants: fc.Arbitrary<number>) => fc.tuple(participants, sum, sum);
  const groups = (participants: fc.Arbitrary<number>) =>
    fc.uniqueArray(fc.tuple(group, figures(participants)), { selector: ([key]) => key.join(':'), maxLength: 30 }).map((list) =>
      addedInModel(
        [],
        list.map(([[s, c], [n, p, v]]) => [s, c, n, p, v]),
      ),
    );

  it('adds group by group, keeps the groups in order, and drops the ones left with no participant', async () => {
    await fc.assert(
      fc.asyncProperty(groups(fc.integer({ min: 1, max: 500 })), groups(fc.integer({ min: -3, max: 3 })), async (stored, more) => {
        expect(await added(stored, more)).toEqual(addedInModel(stored, more));
      }),
      { numRuns: 150 },
    );
  });

  it('adds element by element when both sides have the same groups, as every submission of one questionnaire does', async () => {
    await fc.assert(
      fc.asyncProperty(groups(fc.integer({ min: 1, max: 500 })), fc.constantFrom(1, -1), sum, async (stored, delta, x) => {
        const more: Group[] = stored.map(([s, c], i) => [s, c, delta, delta * x * i + 0, delta * x + 0]);
        expect(await added(stored, more)).toEqual(addedInModel(stored, more));
      }),
      { numRuns: 100 },
    );
  });

  it('takes a last participant off to an empty row, and adds to an empty row', async () => {
    const one: Group[] = [
      ['axis', 1, 1, 0.25, 3],
      ['total', 0, 1, 0.5, 6],
    ];
    const off = one.map(([s, c, , p, v]): Group => [s, c, -1, -p, -v]);
    expect(await added(one, off)).toEqual([]);
    expect(await added([], one)).toEqual(one);
  });
});
