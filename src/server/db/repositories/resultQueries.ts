import { namedStatement, type Queryable } from '../client.js';
import { CAMPAIGN_ANSWERS_COLUMNS, CATALOGUE_VERSION_SQL, campaignAnswersOf, type CampaignAnswers, type CampaignAnswersRow } from './questionnaires.js';
import type { Territory } from '../../reports/territories.js';
import type { AccessClaims } from '../../services/auth/tokenKinds.js';
import type { CurrentUser } from '../../../shared/api/auth.js';
import type { ReviewStatus } from '../../../shared/api/campaigns.js';
import type { MeansFrom } from '../../../shared/constants.js';
import { REVIEW_STATUS_SQL, VALIDATED_AT_SQL } from './campaignQueries.js';
import { readSessionUserAnd, sessionUserAnd } from './sessions.js';

/** A campaign with the territory its figures are compared against. */
export interface CampaignPlace {
  campaignId: number;
  entityId: number;
  entityName: string;
  editionId: number;
  campaignNumber: number;
  status: string;
  provinceId: string;
  provinceName: string;
  communityId: string;
  communityName: string;
  /** The entity's population band by its smallest population (migration 006), and its largest (null: no upper bound). */
  sizeBand: number;
  sizeBandMax: number | null;
  /** The catalogue version the edition's cached questionnaire is checked against (QuestionnaireCache). */
  catalogueVersion: string;
  /**
   * What its reports depend on besides the campaign and this place, as one opaque text read in the same
   * statement: its edition's figures version, the registered entities' version (migration 004) and the
   * catalogue version. Equal texts mean equal territorial figures and questionnaire texts.
   */
  reportVersion: string;
  /** The campaign's stored scores' version (migration 011): renewed at each submission. */
  scoresVersion: string;
  /**
   * Its edition's versions of the entity's province, community, country and size band (migration 011,
   * territory_versions), in that order (TERRITORIES), space separated.
   */
  territoryVersions: string;
  /** The registered entities' version (migration 004). */
  registeredVersion: string;
  /**
   * The version of every table a place statement reads (migration 036), read in the same statement: a place kept
   * with it is the place as long as it holds (reports/placeMemo.ts).
   */
  placeVersion: string;
  /** Where its review stands ('none' unless sent), and when it was validated: reports say whether they are provisional. */
  reviewStatus: ReviewStatus;
  validatedAt: Date | null;
  /** Which campaigns its edition's means are made from (migration 020). */
  meansFrom: MeansFrom;
  /**
   * When its edition's results were published as final (migration 022), null while provisional; then its place is
   * the one frozen at publication (final_places) and its means withhold by the MIN_GROUP_SIZE of that moment.
   */
  finalPublishedAt: Date | null;
  finalMinGroupSize: number | null;
  /** Its latest signed submission's receipt (migration 027), printed on its reports; null before one. */
  receiptCode: string | null;
  receiptSha256: string | null;
}

/**
 * The place of a campaign as its reports show it (names, territories, size band, where its review stands), in the
 * order every report version lists it: a cached report is renewed when any of these changes (reportBodies.ts,
 * reportParts.ts).
 */
export const shownPlace = (place: CampaignPlace) => [
  place.entityName,
  place.provinceId,
  place.provinceName,
  place.communityId,
  place.communityName,
  place.sizeBand,
  place.sizeBandMax,
  place.reviewStatus,
  place.validatedAt?.toISOString() ?? null,
  place.meansFrom,
  place.finalPublishedAt?.toISOString() ?? null,
  place.finalMinGroupSize,
  place.receiptCode,
  place.receiptSha256,
];

/**
 * Whether the campaign counts in its edition's means and ranks (territoryScores.ts COUNTED_IN_MEANS_SQL): one that
 * does not (sent, awaiting validation where means come from validated campaigns) is ranked among those that do.
 */
export const countedInMeans = (place: CampaignPlace): boolean => place.status === 'sent' && (place.meansFrom === 'sent' || place.reviewStatus === 'validated');

/** An edition's figures version; 'initial' until its territorial sums are first written (migration 004). */
export const editionFiguresVersionSql = (editionId: string) =>
  `coalesce((SELECT v.version::text FROM edition_figures_versions v WHERE v.edition_id = ${editionId}), 'initial')`;

/**
 * The versions of the four territories of a place in an edition (migration 011), space separated: the province
 * aliased pr, its community, the country and the size band `band` (an SQL expression: the entity's aliased en by
 * default); 'initial' for one whose sums or counts were never written. One scan of the edition's versions for the
 * four: as four subqueries, each a scan of its own, they cost a kept comparison's statement a fifth more in PostgreSQL
 * (docs/benchmarks.md, "The territories' versions in one scan").
 */
export const entityTerritoryVersionsSql = (editionId: string, band = 'en.size_band') => {
  // Each territory with its id, in the order of TERRITORIES (reports/territories.ts), which splitTerritoryVersions reads.
  const ids: [Territory, string][] = [
    ['province', 'pr.id'],
    ['autonomousCommunity', 'pr.community_id'],
    ['country', "'ES'"],
    ['sizeBand', `(${band})::text`],
  ];
  return `(SELECT concat_ws(' ', ${ids.map(([t]) => `coalesce(max(tv.version::text) FILTER (WHERE tv.territory = '${t}'), 'initial')`).join(', ')})
             FROM territory_versions tv
            WHERE tv.edition_id = ${editionId} AND (tv.territory, tv.territory_id) IN (${ids.map(([t, id]) => `('${t}', ${id})`).join(', ')}))`;
};

/** A campaign's size band: the one frozen with its final place (fp), or its entity's (en). */
export const PLACE_BAND = 'coalesce(fp.size_band, en.size_band)';

/** A campaign's stored scores' version (migration 011); 'initial' when it has never had any. */
export const scoresVersionSql = (campaignId: string) =>
  `coalesce((SELECT sv.version::text FROM campaign_score_versions sv WHERE sv.campaign_id = ${campaignId}), 'initial')`;

/** The version of every table a place statement reads (migration 036). */
const PLACE_VERSION_SQL = '(SELECT pv.version::text FROM place_version pv)';

/** The columns of a CampaignPlace, of the campaign aliased c and the tables joined to it by PLACE_FROM. */
export const PLACE_COLUMNS = `c.id AS "campaignId", en.id AS "entityId", en.name AS "entityName", c.edition_id AS "editionId",
          ed.campaign_number AS "campaignNumber", c.status,
          pr.id AS "provinceId", pr.name AS "provinceName", ac.id AS "communityId", ac.name AS "communityName",
          ${PLACE_BAND} AS "sizeBand",
          CASE WHEN fp.campaign_id IS NOT NULL THEN fp.size_band_max
               ELSE (SELECT min(b.min_population) - 1 FROM size_bands b WHERE b.min_population > en.size_band) END AS "sizeBandMax",
          ${CATALOGUE_VERSION_SQL} AS "catalogueVersion",
          concat_ws(' ', ${editionFiguresVersionSql('c.edition_id')}, (SELECT r.version::text FROM registered_entities_version r),
                    ${CATALOGUE_VERSION_SQL}) AS "reportVersion",
          ${scoresVersionSql('c.id')} AS "scoresVersion",
          ${entityTerritoryVersionsSql('c.edition_id', PLACE_BAND)} AS "territoryVersions",
          (SELECT r.version::text FROM registered_entities_version r) AS "registeredVersion", ${PLACE_VERSION_SQL} AS "placeVersion",
          ${REVIEW_STATUS_SQL} AS "reviewStatus", ${VALIDATED_AT_SQL} AS "validatedAt", ed.means_from AS "meansFrom",
          ed.final_published_at AS "finalPublishedAt", ed.final_min_group_size AS "finalMinGroupSize",
          rc.code AS "receiptCode", rc.sha256 AS "receiptSha256"`;
/*
 * A campaign of a final edition is compared with the territories frozen at publication (migration 022). Its province
 * and community are each read by key once the campaign's row is found (OFFSET 0 keeps the planner from joining them
 * in the open): with statistics that show these tables small, a planner otherwise joins every community to the
 * campaign first and its province by hash, which cost PostgreSQL a third more for the whole statement, a kept
 * report's only one (docs/benchmarks.md, "The place statement and the planner's statistics").
 */
export const PLACE_FROM = `campaigns c JOIN editions ed ON ed.id = c.edition_id JOIN entities en ON en.id = c.entity_id
     LEFT JOIN final_places fp ON fp.campaign_id = c.id
     CROSS JOIN LATERAL (SELECT p.id, p.name, p.community_id FROM provinces p WHERE p.id = coalesce(fp.province_id, en.province_id) OFFSET 0) pr
     CROSS JOIN LATERAL (SELECT a.id, a.name FROM autonomous_communities a WHERE a.id = pr.community_id OFFSET 0) ac
     LEFT JOIN LATERAL (SELECT r.code, r.sha256 FROM campaign_receipts r WHERE r.campaign_id = c.id ORDER BY r.sent_at DESC, r.code LIMIT 1) rc ON true`;

const CAMPAIGN_PLACE = namedStatement('campaign_place', `SELECT ${PLACE_COLUMNS} FROM ${PLACE_FROM} WHERE c.id = $1`);

/** The campaign with its entity, edition, territories and report version; undefined when there is no such campaign. */
export async function findCampaignPlace(q: Queryable, campaignId: number): Promise<CampaignPlace | undefined> {
  const [row] = await q.query<CampaignPlace>(CAMPAIGN_PLACE, [campaignId]);
  return row;
}

// The session check and the campaign's place in one statement: a report call's only statement when its body is cached.
const SESSION_USER_AND_PLACE = sessionUserAnd('session_user_and_campaign_place', `SELECT ${PLACE_COLUMNS} FROM ${PLACE_FROM} WHERE c.id = $3`);

/**
 * The user of an open session (access token claims) and a campaign's place, in one statement: user undefined when
 * the session is revoked or gone, read undefined when there is no such campaign. Whether the user may read the
 * campaign is the caller's to decide.
 */
export function findSessionUserAndCampaignPlace(
  q: Queryable,
  session: AccessClaims,
  campaignId: number,
): Promise<{ user: CurrentUser | undefined; read: CampaignPlace | undefined }> {
  return readSessionUserAnd<CampaignPlace>(q, SESSION_USER_AND_PLACE, session, [campaignId], 'campaignId');
}

const SELECT_PLACE_VERSION = `SELECT ${PLACE_VERSION_SQL} AS "placeVersion"`;
const PLACE_VERSION = namedStatement('place_version', SELECT_PLACE_VERSION);
// A kept place's check: the session and the place version, in one statement (reports/placeMemo.ts).
const SESSION_USER_AND_PLACE_VERSION = sessionUserAnd('session_user_and_place_version', SELECT_PLACE_VERSION);

/** The version of every table a place statement reads (CampaignPlace's placeVersion) as it is now. */
export async function findPlaceVersion(q: Queryable): Promise<string> {
  const [row] = await q.query<{ placeVersion: string }>(PLACE_VERSION);
  return row.placeVersion;
}

/** The same with the user of an open session (findSessionUserAndCampaignPlace's), in one statement. */
export async function findSessionUserAndPlaceVersion(q: Queryable, session: AccessClaims): Promise<{ user: CurrentUser | undefined; read: string }> {
  const { user, read } = await readSessionUserAnd<{ placeVersion: string }>(q, SESSION_USER_AND_PLACE_VERSION, session, [], 'placeVersion');
  // The version's row is never missing: no read only when the session is closed (then no user either).
  return { user, read: read?.placeVersion ?? '' };
}

/** Which campaign, and which edition, territories and size band to compare it with. */
export interface FigureScope {
  campaignId: number;
  editionId: number;
  provinceId: string;
  communityId: string;
  sizeBand: number;
}

/** The parameters of a FigureScope's statements after the campaign and edition: $3 province, $4 community, $5 band. */
export const scopeParameters = (scope: Pick<FigureScope, 'provinceId' | 'communityId' | 'sizeBand'>) => [
  scope.provinceId,
  scope.communityId,
  String(scope.sizeBand),
];

/** The territories of a figure statement, each with the SQL of its territory_id; the country only when asked. */
const territoriesSql = (withCountry: boolean): [Territory, string][] => [
  ['province', '$3::text'],
  ['autonomousCommunity', '$4::text'],
  ...(withCountry ? [['country', "'ES'"] as [Territory, string]] : []),
  ['sizeBand', '$5::text'],
];

/**
 * The columns own, sums and registered of FigureRows, as SQL: the scores of the campaign `campaign`, and in its
 * edition `edition` the participants' sums and the registered entities of the province $3, the community $4, the
 * size band $5 and, withCountry, the country. `scopes` limits the groups (an SQL condition on scope, such as
 * "= 'policy'"); none: all.
 */
export function figureRowsColumnsSql({
  campaign,
  edition,
  scopes,
  withCountry,
}: {
  campaign: string;
  edition: string;
  scopes?: string;
  withCountry: boolean;
}): string {
  const territories = territoriesSql(withCountry);
  const groups = (alias: string) => (scopes ? ` AND ${alias}.scope ${scopes}` : '');
  // One primary-key range per territory: with an OR of territories, or a join to a list of them, the planner
  // may read every territory of the edition when the table has no statistics yet (a fresh load, PGlite).
  const sums = territories
    .map(
      ([territory, id]) =>
        `SELECT t.territory, t.scope, t.category_id, t.participants, t.percentage_sum, t.value_sum FROM territory_scores t WHERE t.edition_id = ${edition} AND t.territory = '${territory}' AND t.territory_id = ${id}${groups('t')}`,
    )
    .join(' UNION ALL ');
  const registered = territories.map(([territory, id]) => `(t.territory = '${territory}' AND t.territory_id = ${id})`).join(' OR ');
  return `(SELECT json_agg(json_build_array(cs.scope, cs.category_id, cs.percentage, cs.value)) FROM campaign_scores cs WHERE cs.campaign_id = ${campaign}${groups('cs')}) AS own,
            (SELECT json_agg(json_build_array(s.territory, s.scope, s.category_id, s.participants, s.percentage_sum, s.value_sum)) FROM (${sums}) AS s) AS sums,
            (SELECT json_object_agg(t.territory, t.registered) FROM edition_territory_entities t WHERE t.edition_id = ${edition} AND (${registered})) AS registered`;
}

/**
 * The column ranks of FigureRows, as SQL: for the campaign $1's global and axis scores, how many participants of
 * its edition $2 in each territory (the four of figureRowsColumnsSql) show a higher percentage, read from
 * territory_score_counts (migration 006): one primary-key range of at most a thousand rows per group and territory.
 */
function rankRowsColumnSql(): string {
  const above = territoriesSql(true).map(
    ([territory, id]) => `(SELECT coalesce(sum(h.participants), 0) FROM territory_score_counts h
       WHERE h.edition_id = $2 AND h.territory = '${territory}' AND h.territory_id = ${id} AND h.scope = o.scope
         AND h.category_id = o.category_id AND h.shown_percentage > shown_percentage(o.percentage))`,
  );
  return `(SELECT json_agg(json_build_array(o.scope, o.category_id, ${above.join(', ')}))
             FROM campaign_scores o WHERE o.campaign_id = $1 AND o.scope IN ('total', 'axis')) AS ranks`;
}

/**
 * One statement for the inputs of a campaign's figures: every group in its province, community, country and size
 * band, with the campaign's ranks and answers (a result), or only the policies in its province, community and band
 * (a comparison's radar).
 */
function figureInputsStatement(name: string, policiesOnly: boolean) {
  const columns = figureRowsColumnsSql({ campaign: '$1', edition: '$2', scopes: policiesOnly ? "= 'policy'" : undefined, withCountry: !policiesOnly });
  return namedStatement(name, `SELECT ${columns}${policiesOnly ? '' : `, ${rankRowsColumnSql()}, ${CAMPAIGN_ANSWERS_COLUMNS('$1')}`}`);
}

const FIGURE_INPUTS = { all: figureInputsStatement('figure_inputs', false), policies: figureInputsStatement('policy_figure_inputs', true) };

/**
 * What a campaign's figures are made of, as read: its own scores [scope, category, percentage, value], its
 * territories' sums [territory, scope, category, participants, percentage sum, value sum] and the entities
 * registered in each territory (reports/figures.ts turns them into figures).
 */
export interface FigureRows {
  own: [string, number, number, number][] | null;
  sums: [Territory, string, number, number, number, number][] | null;
  registered: Partial<Record<Territory, number>> | null;
}

/** Per global or axis group [scope, category], the participants above the campaign in province, community, country and band. */
export type RankRows = [string, number, number, number, number, number][];

type FigureInputsRow = FigureRows & { ranks?: RankRows | null } & CampaignAnswersRow;

const readInputsRow = async (q: Queryable, scope: FigureScope, policiesOnly: boolean) =>
  (
    await q.query<FigureInputsRow>(policiesOnly ? FIGURE_INPUTS.policies : FIGURE_INPUTS.all, [scope.campaignId, scope.editionId, ...scopeParameters(scope)])
  )[0];

/**
 * The campaign's stored scores, the participants' sums of its territories in the edition (kept by
 * territoryScores.ts) and the entities registered there (kept by triggers), in one statement: a result
 * reads a few hundred rows by primary key whatever the size of the country. With policiesOnly, only the
 * policies in the province and community (the country is then left out: no participant, no figure).
 */
export async function readFigureInputs(q: Queryable, scope: FigureScope, policiesOnly = false): Promise<FigureRows> {
  const { own, sums, registered } = await readInputsRow(q, scope, policiesOnly);
  return { own, sums, registered };
}

/** What a result is built from besides the questionnaire: every group's figure inputs, its ranks' inputs and the campaign's answers and notes, in one statement. */
export async function readResultInputs(q: Queryable, scope: FigureScope): Promise<{ figures: FigureRows; ranks: RankRows } & CampaignAnswers> {
  const { answers, notes, ranks, ...figures } = await readInputsRow(q, scope, false);
  return { figures, ranks: ranks ?? [], ...campaignAnswersOf({ answers, notes }) };
}
