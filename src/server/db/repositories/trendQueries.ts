import { namedStatement, type Queryable } from '../client.js';
import type { AccessClaims } from '../../services/auth/tokenKinds.js';
import type { CurrentUser } from '../../../shared/api/auth.js';
import { readSessionUserAnd, sessionUserAnd } from './sessions.js';
import {
  entityTerritoryVersionsSql,
  figureRowsColumnsSql,
  PLACE_BAND,
  PLACE_COLUMNS,
  PLACE_FROM,
  scopeParameters,
  scoresVersionSql,
  type CampaignPlace,
  type FigureRows,
  type FigureScope,
} from './resultQueries.js';

// The whole questionnaire and each axis, of every sent campaign of the entity up to an edition ($2).
const TREND_INPUTS = namedStatement(
  'trend_inputs',
  `SELECT c.id AS "campaignId", c.edition_id AS "editionId", ed.campaign_number AS "campaignNumber", ed.final_min_group_size AS "finalMinGroupSize",
          ${figureRowsColumnsSql({ campaign: 'c.id', edition: 'c.edition_id', scopes: "IN ('total', 'axis')", withCountry: true })}
     FROM campaigns c JOIN editions ed ON ed.id = c.edition_id
    WHERE c.entity_id = $1 AND c.status = 'sent' AND ed.campaign_number <= $2
    ORDER BY ed.campaign_number`,
);

/**
 * What a trend is made of besides its place's names and the catalogue, as one opaque text (the place statement's
 * "trendVersion"): each sent campaign of the entity (aliased en) in editions up to the place's (ed), oldest first,
 * with its edition, year and final MIN_GROUP_SIZE, its stored scores' version and that edition's versions of the
 * place's territories (province pr, band PLACE_BAND: those readTrendInputs is given). Equal texts mean equal
 * figures in every edition of the trend; a campaign sent, reopened or sent again changes it.
 */
const TREND_VERSION_SQL = `(SELECT string_agg(concat_ws(' ', tc.id, tc.edition_id, ted.campaign_number, coalesce(ted.final_min_group_size::text, '-'),
                                     ${scoresVersionSql('tc.id')}, ${entityTerritoryVersionsSql('tc.edition_id', PLACE_BAND)}), ',' ORDER BY ted.campaign_number)
       FROM campaigns tc JOIN editions ted ON ted.id = tc.edition_id
      WHERE tc.entity_id = en.id AND tc.status = 'sent' AND ted.campaign_number <= ed.campaign_number)`;

/** A trend's campaign place (PLACE_COLUMNS) with its version, in one statement: with the session check, a kept trend's only statement. */
const TREND_PLACE_SQL = `SELECT ${PLACE_COLUMNS}, coalesce(${TREND_VERSION_SQL}, '') AS "trendVersion" FROM ${PLACE_FROM}`;
const TREND_PLACE = namedStatement('trend_place', `${TREND_PLACE_SQL} WHERE c.id = $1`);
const SESSION_USER_AND_TREND_PLACE = sessionUserAnd('session_user_and_trend_place', `${TREND_PLACE_SQL} WHERE c.id = $3`);

/** A campaign's place with what its trend's figures depend on (TREND_VERSION_SQL). */
export type TrendPlace = CampaignPlace & { trendVersion: string };

/** findCampaignPlace with the trend's version, in one statement; undefined when there is no such campaign. */
export async function findTrendPlace(q: Queryable, campaignId: number): Promise<TrendPlace | undefined> {
  const [row] = await q.query<TrendPlace>(TREND_PLACE, [campaignId]);
  return row;
}

/** The same with the user of an open session (findSessionUserAndCampaignPlace's), in one statement. */
export function findSessionUserAndTrendPlace(
  q: Queryable,
  session: AccessClaims,
  campaignId: number,
): Promise<{ user: CurrentUser | undefined; read: TrendPlace | undefined }> {
  return readSessionUserAnd<TrendPlace>(q, SESSION_USER_AND_TREND_PLACE, session, [campaignId], 'campaignId');
}

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
