import { namedStatement, type Queryable } from '../client.js';
import type { AccessClaims } from '../../services/auth/tokenKinds.js';
import type { CurrentUser } from '../../../shared/api/auth.js';
import { CATALOGUE_VERSION_SQL } from './questionnaires.js';
import { readSessionUserAnd, sessionUserAnd } from './sessions.js';
import {
  editionFiguresVersionSql,
  entityTerritoryVersionsSql,
  PLACE_BAND,
  PLACE_COLUMNS,
  PLACE_FROM,
  scoresVersionSql,
  type CampaignPlace,
} from './resultQueries.js';

/**
 * The columns (previous_*) and the join of an entity's latest sent campaign of an edition earlier than a place's,
 * aliased previous: `entity`, `campaignNumber` and `band` are SQL expressions of the place's entity, edition year and
 * size band, and its province is aliased pr.
 */
const previousCampaignSql = (entity: string, campaignNumber: string, band: string) => ({
  columns: `previous.id AS previous_id, previous.edition_id AS previous_edition_id, previous.campaign_number AS previous_campaign_number,
          ${editionFiguresVersionSql('previous.edition_id')} AS previous_figures_version,
          CASE WHEN previous.id IS NOT NULL THEN concat_ws(' ', ${scoresVersionSql('previous.id')}, ${entityTerritoryVersionsSql('previous.edition_id', band)}) END AS previous_parts_version`,
  join: `LEFT JOIN LATERAL (
       SELECT pc.id, pc.edition_id, ped.campaign_number FROM campaigns pc JOIN editions ped ON ped.id = pc.edition_id
        WHERE pc.entity_id = ${entity} AND pc.status = 'sent' AND ped.campaign_number < ${campaignNumber}
        ORDER BY ped.campaign_number DESC LIMIT 1) AS previous ON true`,
});

type PreviousRow = {
  previous_id: number | null;
  previous_edition_id: number | null;
  previous_campaign_number: number | null;
  previous_figures_version: string;
  previous_parts_version: string | null;
};

const BY_PARAMETERS = previousCampaignSql('$1', '$2', '$4::int');
const PREVIOUS_CAMPAIGN = namedStatement(
  'previous_sent_campaign',
  `SELECT ${CATALOGUE_VERSION_SQL} AS catalogue_version, ${BY_PARAMETERS.columns}
     FROM (SELECT 1) AS one
     LEFT JOIN provinces pr ON pr.id = $3
     ${BY_PARAMETERS.join}`,
);

// A comparison's place and its previous campaign in one statement: with the session check, a kept comparison's only statement.
const OF_PLACE = previousCampaignSql('en.id', 'ed.campaign_number', PLACE_BAND);
const COMPARISON_PLACE_SQL = `SELECT ${PLACE_COLUMNS}, ${OF_PLACE.columns} FROM ${PLACE_FROM} ${OF_PLACE.join}`;
const COMPARISON_PLACE = namedStatement('comparison_place', `${COMPARISON_PLACE_SQL} WHERE c.id = $1`);
const SESSION_USER_AND_COMPARISON_PLACE = sessionUserAnd('session_user_and_comparison_place', `${COMPARISON_PLACE_SQL} WHERE c.id = $3`);

/** An entity's previous sent campaign, with its edition's figures version (migration 004). */
export interface PreviousCampaign {
  campaignId: number;
  editionId: number;
  /** Its edition's year. */
  campaignNumber: number;
  figuresVersion: string;
  /**
   * Its stored scores' version and its edition's versions of the territories the comparison is made in (the
   * place's: the entity's of today, or those frozen with a final result), space separated (migration 011): what a
   * comparison assembled from parts depends on in that edition.
   */
  partsVersion: string;
}

/** What a comparison reads besides its campaign's place: the catalogue version and the previous campaign. */
export interface PreviousSentCampaign {
  catalogueVersion: string;
  previous: PreviousCampaign | undefined;
}

/**
 * The entity's latest sent campaign of an edition earlier than campaignNumber (undefined when none), with the
 * catalogue version the cached questionnaires are checked against.
 */
export async function findPreviousSentCampaign(
  q: Queryable,
  place: { entityId: number; campaignNumber: number; provinceId: string; sizeBand: number },
): Promise<PreviousSentCampaign> {
  const [row] = await q.query<PreviousRow & { catalogue_version: string }>(PREVIOUS_CAMPAIGN, [
    place.entityId,
    place.campaignNumber,
    place.provinceId,
    place.sizeBand,
  ]);
  return { catalogueVersion: row.catalogue_version, previous: previousOf(row) };
}

function previousOf(row: PreviousRow): PreviousCampaign | undefined {
  return row.previous_id !== null && row.previous_edition_id !== null && row.previous_campaign_number !== null
    ? {
        campaignId: row.previous_id,
        editionId: row.previous_edition_id,
        campaignNumber: row.previous_campaign_number,
        figuresVersion: row.previous_figures_version,
        partsVersion: row.previous_parts_version ?? '',
      }
    : undefined;
}

/** A campaign's place with what its comparison reads besides (findPreviousSentCampaign's, read in the same statement). */
export type ComparisonPlace = CampaignPlace & { compared: PreviousSentCampaign };

const comparisonPlaceOf = (row: CampaignPlace & PreviousRow): ComparisonPlace => {
  const { previous_id, previous_edition_id, previous_campaign_number, previous_figures_version, previous_parts_version, ...place } = row;
  const previous = previousOf({ previous_id, previous_edition_id, previous_campaign_number, previous_figures_version, previous_parts_version });
  return { ...place, compared: { catalogueVersion: place.catalogueVersion, previous } };
};

/** findCampaignPlace and findPreviousSentCampaign in one statement; undefined when there is no such campaign. */
export async function findComparisonPlace(q: Queryable, campaignId: number): Promise<ComparisonPlace | undefined> {
  const [row] = await q.query<CampaignPlace & PreviousRow>(COMPARISON_PLACE, [campaignId]);
  return row && comparisonPlaceOf(row);
}

/** The same with the user of an open session (findSessionUserAndCampaignPlace's), in one statement. */
export async function findSessionUserAndComparisonPlace(
  q: Queryable,
  session: AccessClaims,
  campaignId: number,
): Promise<{ user: CurrentUser | undefined; read: ComparisonPlace | undefined }> {
  const { user, read } = await readSessionUserAnd<CampaignPlace & PreviousRow>(q, SESSION_USER_AND_COMPARISON_PLACE, session, [campaignId], 'campaignId');
  return { user, read: read && comparisonPlaceOf(read) };
}
