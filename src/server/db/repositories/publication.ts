import { namedStatement, type Queryable } from '../client.js';
import type { EntityPublication } from '../../../shared/api/publication.js';
import type { MeansFrom } from '../../../shared/constants.js';
import { COUNTED_IN_MEANS_SQL } from './territoryScores.js';

/**
 * What the public calls read of final editions (migration 025), every figure as it was frozen when the edition
 * became final (migration 022): the territorial sums, the registered entities, each campaign's place
 * (final_places) and MIN_GROUP_SIZE. An entity's own figures are read only while it publishes them.
 */

/** The version of everything the public answers show (renewed by migration 025's triggers). */
const PUBLICATION_VERSION = namedStatement('publication_version', 'SELECT version::text AS version FROM publication_version');

export async function readPublicationVersion(q: Queryable): Promise<string> {
  const [row] = await q.query<{ version: string }>(PUBLICATION_VERSION, []);
  return row.version;
}

/** An entity's choice to publish its figures (undefined when there is no such entity). */
export async function findEntityPublication(q: Queryable, entityId: number): Promise<EntityPublication | undefined> {
  const [row] = await q.query<{ publishes_results: boolean; publication_changed_at: Date | null; publication_changed_by: string | null }>(
    'SELECT publishes_results, publication_changed_at, publication_changed_by FROM entities WHERE id = $1',
    [entityId],
  );
  return row && publicationOf(entityId, row);
}

/** Sets an entity's choice, by that user now; answers the choice as stored (undefined when there is no such entity). */
export async function writeEntityPublication(q: Queryable, entityId: number, publish: boolean, by: string): Promise<EntityPublication | undefined> {
  const [row] = await q.query<{ publishes_results: boolean; publication_changed_at: Date; publication_changed_by: string }>(
    `UPDATE entities SET publishes_results = $2, publication_changed_at = now(), publication_changed_by = $3 WHERE id = $1
     RETURNING publishes_results, publication_changed_at, publication_changed_by`,
    [entityId, publish, by],
  );
  return row && publicationOf(entityId, row);
}

const publicationOf = (
  entityId: number,
  r: { publishes_results: boolean; publication_changed_at: Date | null; publication_changed_by: string | null },
): EntityPublication => ({
  entityId,
  publish: r.publishes_results,
  changedAt: r.publication_changed_at && new Date(r.publication_changed_at).toISOString(),
  changedBy: r.publication_changed_by,
});

/** A final edition: its id, year, when it became final, MIN_GROUP_SIZE then and which campaigns its means count. */
export interface FinalEditionRow {
  id: number;
  year: number;
  finalPublishedAt: string;
  minGroupSize: number;
  meansFrom: MeansFrom;
}

/** The country's participants and registered entities of each final edition (no row before the first sending). */
const FINAL_EDITIONS_SQL = `
  SELECT ed.id, ed.campaign_number AS year, ed.final_published_at AS "finalPublishedAt", ed.final_min_group_size AS "minGroupSize",
         ed.means_from AS "meansFrom", coalesce(ts.participants, 0)::int AS participants, coalesce(te.registered, 0)::int AS registered
    FROM editions ed
    LEFT JOIN territory_scores ts ON ts.edition_id = ed.id AND ts.territory = 'country' AND ts.territory_id = 'ES' AND ts.scope = 'total' AND ts.category_id = 0
    LEFT JOIN edition_territory_entities te ON te.edition_id = ed.id AND te.territory = 'country' AND te.territory_id = 'ES'
   WHERE ed.final_published_at IS NOT NULL`;

type FinalEditionWithCounts = FinalEditionRow & { participants: number; registered: number };

const iso = (r: FinalEditionWithCounts): FinalEditionWithCounts => ({ ...r, finalPublishedAt: new Date(r.finalPublishedAt).toISOString() });

/** Every final edition, newest first, with the country's participants and registered entities. */
export async function listFinalEditions(q: Queryable): Promise<FinalEditionWithCounts[]> {
  return (await q.query<FinalEditionWithCounts>(`${FINAL_EDITIONS_SQL} ORDER BY ed.campaign_number DESC`, [])).map(iso);
}

/** The final edition of that year (undefined when there is none or it is not final). */
export async function findFinalEdition(q: Queryable, year: number): Promise<FinalEditionWithCounts | undefined> {
  const [row] = await q.query<FinalEditionWithCounts>(`${FINAL_EDITIONS_SQL} AND ed.campaign_number = $1`, [year]);
  return row && iso(row);
}

/** A territory's global-score sums in an edition and its registered entities (0 where none). */
export interface TerritorySumsRow {
  territory: 'province' | 'autonomousCommunity' | 'country';
  id: string;
  name: string;
  /** A province's community; null for the others. */
  communityId: string | null;
  participants: number;
  percentageSum: number;
  registered: number;
}

/** Every province, community and the country with the edition's sums of the global score and registered entities. */
export async function readTerritorySums(q: Queryable, editionId: number): Promise<TerritorySumsRow[]> {
  return q.query<TerritorySumsRow>(
    `SELECT t.territory, t.id, t.name, t.community_id AS "communityId",
            coalesce(ts.participants, 0)::int AS participants, coalesce(ts.percentage_sum, 0)::float8 AS "percentageSum",
            coalesce(te.registered, 0)::int AS registered
       FROM (SELECT 'province' AS territory, p.id, p.name, p.community_id FROM provinces p
             UNION ALL SELECT 'autonomousCommunity', ac.id, ac.name, NULL FROM autonomous_communities ac
             UNION ALL SELECT 'country', 'ES', 'España', NULL) t
       LEFT JOIN territory_scores ts ON ts.edition_id = $1 AND ts.territory = t.territory AND ts.territory_id = t.id AND ts.scope = 'total' AND ts.category_id = 0
       LEFT JOIN edition_territory_entities te ON te.edition_id = $1 AND te.territory = t.territory AND te.territory_id = t.id
      ORDER BY t.territory, t.id`,
    [editionId],
  );
}

/** The axes with participants in the edition across Spain, with their codes and names, by code. */
export async function readEditionAxes(
  q: Queryable,
  editionId: number,
): Promise<{ id: number; code: string; name: string; participants: number; percentageSum: number }[]> {
  return q.query(
    `SELECT cat.id, cat.code, cat.text AS name, ts.participants, ts.percentage_sum::float8 AS "percentageSum"
       FROM territory_scores ts JOIN categories cat ON cat.id = ts.category_id
      WHERE ts.edition_id = $1 AND ts.territory = 'country' AND ts.territory_id = 'ES' AND ts.scope = 'axis'
      ORDER BY cat.code, cat.id`,
    [editionId],
  );
}

/**
 * Participants showing a higher global percentage than each shown percentage, in Spain (the rank counts of
 * migration 006): `above` for the shown percentage `shown` (tenths of a percent).
 */
const COUNTRY_ABOVE_SQL = `
  SELECT h.shown_percentage AS shown,
         coalesce(sum(h.participants) OVER (ORDER BY h.shown_percentage DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::int AS above
    FROM territory_score_counts h
   WHERE h.edition_id = $1 AND h.territory = 'country' AND h.territory_id = 'ES' AND h.scope = 'total' AND h.category_id = 0`;

/** A publishing entity's campaign with its frozen place, global percentage and participants above it in Spain. */
export interface PublishedCampaignRow {
  campaignId: number;
  entityId: number;
  entity: string;
  provinceId: string;
  province: string;
  communityId: string;
  community: string;
  sizeBand: number;
  sizeBandMax: number | null;
  percentage: number;
  above: number;
}

/** The campaigns of edition $1 counted in its figures whose entity publishes them (and meet `where`), with their frozen place. */
const publishedCampaignsSql = (where: string) => `
  WITH k AS (${COUNTRY_ABOVE_SQL})
  SELECT c.id AS "campaignId", en.id AS "entityId", en.name AS entity, fp.province_id AS "provinceId", p.name AS province,
         fp.community_id AS "communityId", ac.name AS community, fp.size_band AS "sizeBand", fp.size_band_max AS "sizeBandMax",
         cs.percentage::float8 AS percentage, coalesce(k.above, 0)::int AS above
    FROM campaigns c
    JOIN editions ed ON ed.id = c.edition_id
    JOIN entities en ON en.id = c.entity_id AND en.publishes_results
    JOIN final_places fp ON fp.campaign_id = c.id
    JOIN provinces p ON p.id = fp.province_id
    JOIN autonomous_communities ac ON ac.id = fp.community_id
    JOIN campaign_scores cs ON cs.campaign_id = c.id AND cs.scope = 'total' AND cs.category_id = 0
    LEFT JOIN k ON k.shown = shown_percentage(cs.percentage)
   WHERE c.edition_id = $1 AND ${COUNTED_IN_MEANS_SQL} ${where}`;

/** Every publishing entity's campaign counted in the final edition, best first (ties by name, then id). */
export async function readPublishedCampaigns(q: Queryable, editionId: number): Promise<PublishedCampaignRow[]> {
  return q.query<PublishedCampaignRow>(`${publishedCampaignsSql('')} ORDER BY above, en.name, en.id`, [editionId]);
}

/** The entity's campaign counted in the final edition, while the entity publishes its figures (undefined otherwise). */
export async function findPublishedCampaign(q: Queryable, editionId: number, entityId: number): Promise<PublishedCampaignRow | undefined> {
  const [row] = await q.query<PublishedCampaignRow>(publishedCampaignsSql('AND en.id = $2'), [editionId, entityId]);
  return row;
}

/** A campaign's axis percentages, by code. */
export async function readAxisScores(q: Queryable, campaignId: number): Promise<{ id: number; code: string; name: string; percentage: number }[]> {
  return q.query(
    `SELECT cat.id, cat.code, cat.text AS name, cs.percentage::float8 AS percentage
       FROM campaign_scores cs JOIN categories cat ON cat.id = cs.category_id
      WHERE cs.campaign_id = $1 AND cs.scope = 'axis'
      ORDER BY cat.code, cat.id`,
    [campaignId],
  );
}

/** A territory the frozen figures are of: a province, a community, Spain or a size band. */
type FigureTerritory = 'province' | 'autonomousCommunity' | 'country' | 'sizeBand';

/** One group's sums (the global score: scope total, category 0; or an axis) in one of a place's territories. */
export interface GroupSumsRow {
  territory: FigureTerritory;
  scope: 'total' | 'axis';
  categoryId: number;
  participants: number;
  percentageSum: number;
}

/** The edition's sums of the global score and of every axis in a place's four territories. */
export async function readPlaceSums(
  q: Queryable,
  editionId: number,
  place: { provinceId: string; communityId: string; sizeBand: number },
): Promise<GroupSumsRow[]> {
  return q.query<GroupSumsRow>(
    `SELECT ts.territory, ts.scope, ts.category_id AS "categoryId", ts.participants, ts.percentage_sum::float8 AS "percentageSum"
       FROM territory_scores ts
       JOIN (VALUES ('province', $2::text), ('autonomousCommunity', $3::text), ('country', 'ES'), ('sizeBand', $4::text)) AS t(territory, id)
         ON ts.territory = t.territory AND ts.territory_id = t.id
      WHERE ts.edition_id = $1 AND ts.scope IN ('total', 'axis')`,
    [editionId, place.provinceId, place.communityId, String(place.sizeBand)],
  );
}

/** The entity's global percentage in every final edition where its campaign counted, oldest first. */
export async function readFinalTrend(q: Queryable, entityId: number): Promise<{ year: number; percentage: number }[]> {
  return q.query(
    `SELECT ed.campaign_number AS year, cs.percentage::float8 AS percentage
       FROM campaigns c
       JOIN editions ed ON ed.id = c.edition_id AND ed.final_published_at IS NOT NULL
       JOIN campaign_scores cs ON cs.campaign_id = c.id AND cs.scope = 'total' AND cs.category_id = 0
      WHERE c.entity_id = $1 AND ${COUNTED_IN_MEANS_SQL}
      ORDER BY ed.campaign_number`,
    [entityId],
  );
}

/** A group a figure is of: the whole questionnaire (scope total, category 0), an axis or a policy. */
interface Group {
  scope: 'total' | 'axis' | 'policy';
  categoryId: number;
}

/** A group with its code and name (both '' for the whole questionnaire). */
export interface GroupRow extends Group {
  code: string;
  name: string;
}

/** The groups with figures in the edition across Spain: the global score, then its axes and policies by code. */
export async function readEditionGroups(q: Queryable, editionId: number): Promise<GroupRow[]> {
  return q.query<GroupRow>(
    `SELECT ts.scope, ts.category_id AS "categoryId", coalesce(cat.code, '') AS code, coalesce(cat.text, '') AS name
       FROM territory_scores ts LEFT JOIN categories cat ON cat.id = ts.category_id
      WHERE ts.edition_id = $1 AND ts.territory = 'country' AND ts.territory_id = 'ES' AND ts.scope IN ('total', 'axis', 'policy')
      ORDER BY CASE ts.scope WHEN 'total' THEN 0 WHEN 'axis' THEN 1 ELSE 2 END, cat.code, ts.category_id`,
    [editionId],
  );
}

/** One group's sums in one territory of the edition (every province, community, size band and Spain with participants). */
export interface TerritoryGroupSumsRow extends Group {
  territory: FigureTerritory;
  id: string;
  name: string;
  participants: number;
  percentageSum: number;
}

/** The edition's sums of every group in every territory with participants, named (a size band by its smallest population). */
export async function readTerritoryGroupSums(q: Queryable, editionId: number): Promise<TerritoryGroupSumsRow[]> {
  return q.query<TerritoryGroupSumsRow>(
    `SELECT ts.territory, ts.territory_id AS id,
            CASE ts.territory WHEN 'province' THEN p.name WHEN 'autonomousCommunity' THEN ac.name WHEN 'country' THEN 'España' ELSE ts.territory_id END AS name,
            ts.scope, ts.category_id AS "categoryId", ts.participants, ts.percentage_sum::float8 AS "percentageSum"
       FROM territory_scores ts
       LEFT JOIN provinces p ON ts.territory = 'province' AND p.id = ts.territory_id
       LEFT JOIN autonomous_communities ac ON ts.territory = 'autonomousCommunity' AND ac.id = ts.territory_id
      WHERE ts.edition_id = $1 AND ts.scope IN ('total', 'axis', 'policy') AND ts.participants > 0
      ORDER BY CASE ts.territory WHEN 'country' THEN 0 WHEN 'autonomousCommunity' THEN 1 WHEN 'province' THEN 2 ELSE 3 END, ts.territory_id`,
    [editionId],
  );
}

/** The size bands of the edition's campaigns as frozen: smallest and largest population (null: no upper bound). */
export async function readFinalSizeBands(q: Queryable, editionId: number): Promise<{ min: number; max: number | null }[]> {
  return q.query('SELECT DISTINCT size_band AS min, size_band_max AS max FROM final_places WHERE edition_id = $1 ORDER BY size_band', [editionId]);
}

/** Every group's percentage of each publishing entity's campaign counted in the final edition. */
export async function readPublishedScores(
  q: Queryable,
  editionId: number,
): Promise<{ campaignId: number; scope: GroupRow['scope']; categoryId: number; percentage: number }[]> {
  return q.query(
    `SELECT cs.campaign_id AS "campaignId", cs.scope, cs.category_id AS "categoryId", cs.percentage::float8 AS percentage
       FROM campaign_scores cs
       JOIN campaigns c ON c.id = cs.campaign_id
       JOIN editions ed ON ed.id = c.edition_id
       JOIN entities en ON en.id = c.entity_id AND en.publishes_results
      WHERE c.edition_id = $1 AND ${COUNTED_IN_MEANS_SQL} AND cs.scope IN ('total', 'axis', 'policy')`,
    [editionId],
  );
}

/** A seal threshold: up to maxPopulation inhabitants (null: no upper bound), the global percentage to reach. */
export interface SealThreshold {
  maxPopulation: number | null;
  minPercentage: number;
}

/**
 * The seal threshold of campaign `c`'s entity `en` in its edition: the band with the smallest upper bound that holds its
 * population now (a LATERAL subquery, as `t`).
 */
const BAND_THRESHOLD_SQL = `(SELECT st.min_percentage, st.max_population FROM seal_thresholds st
   WHERE st.edition_id = c.edition_id AND (st.max_population IS NULL OR st.max_population >= en.population)
   ORDER BY st.max_population NULLS LAST LIMIT 1)`;

/** An edition's seal thresholds, by population (the band with no upper bound last). */
export async function readSealThresholds(q: Queryable, editionId: number): Promise<SealThreshold[]> {
  return q.query<SealThreshold>(
    `SELECT max_population AS "maxPopulation", min_percentage::float8 AS "minPercentage"
       FROM seal_thresholds WHERE edition_id = $1 ORDER BY max_population NULLS LAST`,
    [editionId],
  );
}

/** A campaign's seal as its entity sees it: its band's threshold (the one it was granted under, if granted), its percentage, its seal. */
export interface CampaignSealRow {
  entityId: number;
  year: number;
  final: boolean;
  percentage: number | null;
  maxPopulation: number | null;
  minPercentage: number | null;
  /** Tenths of a percent the shown percentage lacks to the shown threshold (0 when it reaches it), null without both. */
  lackingTenths: number | null;
  code: string | null;
}

/** The campaign's seal (undefined for no such campaign); the threshold chosen as grantSeals chooses it. */
export async function readCampaignSeal(q: Queryable, campaignId: number): Promise<CampaignSealRow | undefined> {
  const [row] = await q.query<CampaignSealRow>(
    `SELECT c.entity_id AS "entityId", ed.campaign_number AS year, ed.final_published_at IS NOT NULL AS final,
            CASE WHEN c.status = 'sent' THEN cs.percentage::float8 END AS percentage,
            CASE WHEN s.code IS NULL THEN t.max_population ELSE s.max_population END AS "maxPopulation",
            COALESCE(s.min_percentage, t.min_percentage)::float8 AS "minPercentage",
            CASE WHEN c.status = 'sent' THEN greatest(0, shown_percentage(COALESCE(s.min_percentage, t.min_percentage)) - shown_percentage(cs.percentage)) END AS "lackingTenths",
            s.code
       FROM campaigns c
       JOIN editions ed ON ed.id = c.edition_id
       JOIN entities en ON en.id = c.entity_id
       LEFT JOIN campaign_scores cs ON cs.campaign_id = c.id AND cs.scope = 'total' AND cs.category_id = 0
       LEFT JOIN LATERAL ${BAND_THRESHOLD_SQL} t ON true
       LEFT JOIN seals s ON s.campaign_id = c.id
      WHERE c.id = $1`,
    [campaignId],
  );
  return row;
}

/** Replaces an edition's seal thresholds. */
export async function writeSealThresholds(q: Queryable, editionId: number, thresholds: readonly SealThreshold[]): Promise<void> {
  await q.query('DELETE FROM seal_thresholds WHERE edition_id = $1', [editionId]);
  for (const t of thresholds) {
    await q.query('INSERT INTO seal_thresholds (edition_id, max_population, min_percentage) VALUES ($1, $2, $3)', [
      editionId,
      t.maxPopulation,
      t.minPercentage,
    ]);
  }
}

/**
 * Grants the seals of an edition becoming final, in its transaction: every validated campaign whose shown global
 * percentage (tenths of a percent, as reports show it) reaches the threshold of its entity's population now (the
 * band with the smallest upper bound that holds it) gets one, under a random code. Answers how many.
 */
export async function grantSeals(q: Queryable, editionId: number): Promise<number> {
  const rows = await q.query<{ code: string }>(
    `INSERT INTO seals (code, campaign_id, edition_id, entity_id, percentage, min_percentage, max_population, population)
     SELECT translate(gen_random_uuid()::text, '-', ''), c.id, c.edition_id, en.id, cs.percentage, t.min_percentage, t.max_population, en.population
       FROM campaigns c
       JOIN entities en ON en.id = c.entity_id
       JOIN campaign_scores cs ON cs.campaign_id = c.id AND cs.scope = 'total' AND cs.category_id = 0
       JOIN LATERAL ${BAND_THRESHOLD_SQL} t ON true
      WHERE c.edition_id = $1 AND c.status = 'sent' AND c.review_status = 'validated'
        AND shown_percentage(cs.percentage) >= shown_percentage(t.min_percentage)
     RETURNING code`,
    [editionId],
  );
  return rows.length;
}

/** A seal as anyone may verify it. */
export interface SealRow {
  code: string;
  entityId: number;
  entity: string;
  /** Whether the entity publishes its figures: only then has it a public profile to link to. */
  publishes: boolean;
  year: number;
  percentage: number;
  minPercentage: number;
  maxPopulation: number | null;
  grantedAt: string;
}

const SEAL_SQL = `SELECT s.code, s.entity_id AS "entityId", en.name AS entity, en.publishes_results AS publishes, ed.campaign_number AS year, s.percentage::float8 AS percentage,
         s.min_percentage::float8 AS "minPercentage", s.max_population AS "maxPopulation", s.granted_at AS "grantedAt"
    FROM seals s JOIN entities en ON en.id = s.entity_id JOIN editions ed ON ed.id = s.edition_id`;

/** The seal of that code (undefined when there is none). */
export async function findSeal(q: Queryable, code: string): Promise<SealRow | undefined> {
  const [row] = await q.query<SealRow>(`${SEAL_SQL} WHERE s.code = $1`, [code]);
  return row && { ...row, grantedAt: new Date(row.grantedAt).toISOString() };
}

/** The seal of a campaign (undefined when it holds none). */
export async function findSealOfCampaign(q: Queryable, campaignId: number): Promise<SealRow | undefined> {
  const [row] = await q.query<SealRow>(`${SEAL_SQL} WHERE s.campaign_id = $1`, [campaignId]);
  return row && { ...row, grantedAt: new Date(row.grantedAt).toISOString() };
}

/** One cell of a final edition's figures: a territory and group, its participants and, of them, the publishing entities. */
export interface DisclosureRow extends Group {
  territory: FigureTerritory;
  id: string;
  participants: number;
  publishers: number;
}

/**
 * Every cell of a final edition with participants: those of its frozen sums, and how many of them are campaigns of
 * publishing entities (by their frozen place); the rest, removed entities' included, count as not publishing.
 */
export async function readDisclosureRows(q: Queryable, editionId: number): Promise<DisclosureRow[]> {
  return q.query<DisclosureRow>(
    `WITH published AS (
       SELECT t.territory, t.id, cs.scope, cs.category_id, count(*)::int AS publishers
         FROM final_places fp
         JOIN campaigns c ON c.id = fp.campaign_id
         JOIN editions ed ON ed.id = c.edition_id
         JOIN entities en ON en.id = c.entity_id AND en.publishes_results
         JOIN campaign_scores cs ON cs.campaign_id = c.id AND cs.scope IN ('total', 'axis', 'policy')
        CROSS JOIN LATERAL (VALUES ('province', fp.province_id), ('autonomousCommunity', fp.community_id), ('country', 'ES'),
                                   ('sizeBand', fp.size_band::text)) AS t(territory, id)
        WHERE fp.edition_id = $1 AND ${COUNTED_IN_MEANS_SQL}
        GROUP BY t.territory, t.id, cs.scope, cs.category_id)
     SELECT ts.territory, ts.territory_id AS id, ts.scope, ts.category_id AS "categoryId", ts.participants,
            least(coalesce(p.publishers, 0), ts.participants)::int AS publishers
       FROM territory_scores ts
       LEFT JOIN published p ON p.territory = ts.territory AND p.id = ts.territory_id AND p.scope = ts.scope AND p.category_id = ts.category_id
      WHERE ts.edition_id = $1 AND ts.scope IN ('total', 'axis', 'policy') AND ts.participants > 0`,
    [editionId],
  );
}

/** Each province's community: the partitions of communities into provinces. */
export async function readProvinceCommunities(q: Queryable): Promise<{ provinceId: string; communityId: string }[]> {
  return q.query('SELECT id AS "provinceId", community_id AS "communityId" FROM provinces ORDER BY id');
}
