import { namedStatement, type Queryable } from '../client.js';
import { CATALOGUE_VERSION_SQL } from './questionnaires.js';
import type { Territory, TerritoryAggregate } from '../../services/territories.js';

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
  /**
   * What its reports depend on besides the campaign and this place, as one opaque text read in the same
   * statement: its edition's figures version, the registered entities' version (migration 004) and the
   * catalogue version. Equal texts mean equal territorial figures and questionnaire texts.
   */
  reportVersion: string;
}

/** An edition's figures version; 'initial' until its territorial sums are first written (migration 004). */
export const editionFiguresVersionSql = (editionId: string) =>
  `coalesce((SELECT v.version::text FROM edition_figures_versions v WHERE v.edition_id = ${editionId}), 'initial')`;

const CAMPAIGN_PLACE = namedStatement(
  'campaign_place',
  `SELECT c.id AS "campaignId", en.id AS "entityId", en.name AS "entityName", c.edition_id AS "editionId",
          ed.campaign_number AS "campaignNumber", c.status,
          pr.id AS "provinceId", pr.name AS "provinceName", ac.id AS "communityId", ac.name AS "communityName",
          concat_ws(' ', ${editionFiguresVersionSql('c.edition_id')}, (SELECT r.version::text FROM registered_entities_version r),
                    ${CATALOGUE_VERSION_SQL}) AS "reportVersion"
     FROM campaigns c JOIN editions ed ON ed.id = c.edition_id JOIN entities en ON en.id = c.entity_id
     JOIN provinces pr ON pr.id = en.province_id JOIN autonomous_communities ac ON ac.id = pr.community_id
    WHERE c.id = $1`,
);

/** The campaign with its entity, edition, territories and report version; undefined when there is no such campaign. */
export async function findCampaignPlace(q: Queryable, campaignId: number): Promise<CampaignPlace | undefined> {
  const [row] = await q.query<CampaignPlace>(CAMPAIGN_PLACE, [campaignId]);
  return row;
}

/** Group key of a stored score: "total:0", "axis:12"... */
export const groupKey = (scope: string, categoryId: number) => `${scope}:${categoryId}`;

/** What a campaign's figures are made of: its own scores, its territories' sums and registered entities. */
export interface FigureInputs {
  own: Map<string, { percentage: number; value: number }>;
  aggregates: Map<string, Record<Territory, TerritoryAggregate | undefined>>;
  registered: Record<Territory, number>;
}

/** Which campaign, and which edition and territories to compare it with. */
export interface FigureScope {
  campaignId: number;
  editionId: number;
  provinceId: string;
  communityId: string;
}

/**
 * One statement for the inputs of a campaign's figures: every group in its province, community and country
 * (a result), or only the policies in its province and community (a comparison's radar).
 */
function figureInputsStatement(name: string, policiesOnly: boolean) {
  const territories: [string, string][] = [['province', '$3::text'], ['autonomousCommunity', '$4::text'], ...(policiesOnly ? [] : [['country', "'ES'"] as [string, string]])];
  const groups = (alias: string) => (policiesOnly ? ` AND ${alias}.scope = 'policy'` : '');
  // One primary-key range per territory: with an OR of territories, or a join to a list of them, the planner
  // may read every territory of the edition when the table has no statistics yet (a fresh load, PGlite).
  const sums = territories
    .map(([territory, id]) => `SELECT t.territory, t.scope, t.category_id, t.participants, t.percentage_sum, t.value_sum FROM territory_scores t WHERE t.edition_id = $2 AND t.territory = '${territory}' AND t.territory_id = ${id}${groups('t')}`)
    .join(' UNION ALL ');
  const registered = territories.map(([territory, id]) => `(t.territory = '${territory}' AND t.territory_id = ${id})`).join(' OR ');
  return namedStatement(
    name,
    `SELECT (SELECT json_agg(json_build_array(cs.scope, cs.category_id, cs.percentage, cs.value)) FROM campaign_scores cs WHERE cs.campaign_id = $1${groups('cs')}) AS own,
            (SELECT json_agg(json_build_array(s.territory, s.scope, s.category_id, s.participants, s.percentage_sum, s.value_sum)) FROM (${sums}) AS s) AS sums,
            (SELECT json_object_agg(t.territory, t.registered) FROM territory_entities t WHERE ${registered}) AS registered`,
  );
}

const FIGURE_INPUTS = { all: figureInputsStatement('figure_inputs', false), policies: figureInputsStatement('policy_figure_inputs', true) };

/**
 * The campaign's stored scores, the participants' sums of its territories in the edition (kept by
 * territoryScores.ts) and the entities registered there (kept by triggers), in one statement: a result
 * reads a few hundred rows by primary key whatever the size of the country. With policiesOnly, only the
 * policies in the province and community (the country is then left out: no participant, no figure).
 */
export async function readFigureInputs(q: Queryable, scope: FigureScope, policiesOnly = false): Promise<FigureInputs> {
  const [row] = await q.query<{
    own: [string, number, number, number][] | null;
    sums: [Territory, string, number, number, number, number][] | null;
    registered: Partial<Record<Territory, number>> | null;
  }>(policiesOnly ? FIGURE_INPUTS.policies : FIGURE_INPUTS.all, [scope.campaignId, scope.editionId, scope.provinceId, scope.communityId]);
  const own = new Map((row.own ?? []).map(([s, id, percentage, value]) => [groupKey(s, id), { percentage, value }]));
  const aggregates = new Map<string, Record<Territory, TerritoryAggregate | undefined>>();
  for (const [territory, s, id, participants, percentageSum, valueSum] of row.sums ?? []) {
    const key = groupKey(s, id);
    const entry = aggregates.get(key) ?? { province: undefined, autonomousCommunity: undefined, country: undefined };
    entry[territory] = { participants, percentageSum, valueSum };
    aggregates.set(key, entry);
  }
  const registered = { province: 0, autonomousCommunity: 0, country: 0, ...row.registered };
  return { own, aggregates, registered };
}
