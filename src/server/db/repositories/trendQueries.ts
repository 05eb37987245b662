import { namedStatement, type Queryable } from '../client.js';
import type { FigureRows } from './resultQueries.js';

/** The groups a trend shows: the whole questionnaire and each axis. */
const TREND_GROUPS = "('total', 'axis')";

// One primary-key range per territory and edition, as figureInputsStatement reads them.
const TERRITORY_SUMS = ([['province', '$3::text'], ['autonomousCommunity', '$4::text'], ['country', "'ES'"]] as const)
  .map(
    ([territory, id]) =>
      `SELECT t.territory, t.scope, t.category_id, t.participants, t.percentage_sum, t.value_sum FROM territory_scores t
        WHERE t.edition_id = c.edition_id AND t.territory = '${territory}' AND t.territory_id = ${id} AND t.scope IN ${TREND_GROUPS}`,
  )
  .join(' UNION ALL ');

const TREND_INPUTS = namedStatement(
  'trend_inputs',
  `SELECT c.id AS "campaignId", c.edition_id AS "editionId", ed.campaign_number AS "campaignNumber",
          (SELECT json_agg(json_build_array(cs.scope, cs.category_id, cs.percentage, cs.value)) FROM campaign_scores cs
            WHERE cs.campaign_id = c.id AND cs.scope IN ${TREND_GROUPS}) AS own,
          (SELECT json_agg(json_build_array(s.territory, s.scope, s.category_id, s.participants, s.percentage_sum, s.value_sum)) FROM (${TERRITORY_SUMS}) AS s) AS sums,
          (SELECT json_object_agg(t.territory, t.registered) FROM territory_entities t
            WHERE (t.territory = 'province' AND t.territory_id = $3::text) OR (t.territory = 'autonomousCommunity' AND t.territory_id = $4::text)
               OR (t.territory = 'country' AND t.territory_id = 'ES')) AS registered
     FROM campaigns c JOIN editions ed ON ed.id = c.edition_id
    WHERE c.entity_id = $1 AND c.status = 'sent' AND ed.campaign_number <= $2
    ORDER BY ed.campaign_number`,
);

/** One sent campaign of a trend, with what its global and axis figures are made of (reports/figures.ts figureInputs). */
export interface TrendInputs {
  campaignId: number;
  editionId: number;
  /** Its edition's year. */
  campaignNumber: number;
  figures: FigureRows;
}

/**
 * Every sent campaign of the entity in editions up to campaignNumber, oldest first, each with its total and axis
 * scores, the sums of the given province, community and country in its edition and the entities registered
 * there: one statement for every edition, a few dozen rows by primary key per edition.
 */
export async function readTrendInputs(q: Queryable, scope: { entityId: number; campaignNumber: number; provinceId: string; communityId: string }): Promise<TrendInputs[]> {
  type Row = Omit<TrendInputs, 'figures'> & FigureRows;
  const rows = await q.query<Row>(TREND_INPUTS, [scope.entityId, scope.campaignNumber, scope.provinceId, scope.communityId]);
  return rows.map(({ campaignId, editionId, campaignNumber, own, sums, registered }) => ({ campaignId, editionId, campaignNumber, figures: { own, sums, registered } }));
}
