import { namedStatement, type Queryable } from '../client.js';
import { figureRowsColumnsSql, scopeParameters, type FigureRows, type FigureScope } from './resultQueries.js';

// The whole questionnaire and each axis, of every sent campaign of the entity up to an edition ($2).
const TREND_INPUTS = namedStatement(
  'trend_inputs',
  `SELECT c.id AS "campaignId", c.edition_id AS "editionId", ed.campaign_number AS "campaignNumber", ed.final_min_group_size AS "finalMinGroupSize",
          ${figureRowsColumnsSql({ campaign: 'c.id', edition: 'c.edition_id', scopes: "IN ('total', 'axis')", withCountry: true })}
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
  /** MIN_GROUP_SIZE as it was when its edition's results became final (migration 022); null while provisional. */
  finalMinGroupSize: number | null;
  figures: FigureRows;
}

/**
 * Every sent campaign of the entity in editions up to campaignNumber, oldest first, each with its total and axis
 * scores, the sums of the given province, community, country and size band in its edition and the entities
 * registered there: one statement for every edition, a few dozen rows by primary key per edition.
 */
export async function readTrendInputs(
  q: Queryable,
  scope: { entityId: number; campaignNumber: number } & Pick<FigureScope, 'provinceId' | 'communityId' | 'sizeBand'>,
): Promise<TrendInputs[]> {
  type Row = Omit<TrendInputs, 'figures'> & FigureRows;
  const rows = await q.query<Row>(TREND_INPUTS, [scope.entityId, scope.campaignNumber, ...scopeParameters(scope)]);
  return rows.map(({ campaignId, editionId, campaignNumber, finalMinGroupSize, own, sums, registered }) => ({
    campaignId,
    editionId,
    campaignNumber,
    finalMinGroupSize,
    figures: { own, sums, registered },
  }));
}
