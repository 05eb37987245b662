import { namedStatement, type Queryable } from '../client.js';
import type { AccessClaims } from '../../services/auth/tokenKinds.js';
import type { CurrentUser } from '../../../shared/api/auth.js';
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
 * A comparison's campaign place (PLACE_COLUMNS) with the entity's latest sent campaign of an earlier edition (the
 * previous_* columns, none when there is no such campaign), in one statement: with the session check, a kept
 * comparison's only statement. That campaign's territories are the place's (province pr, band PLACE_BAND).
 */
const COMPARISON_PLACE_SQL = `SELECT ${PLACE_COLUMNS},
          previous.id AS previous_id, previous.edition_id AS previous_edition_id, previous.campaign_number AS previous_campaign_number,
          ${editionFiguresVersionSql('previous.edition_id')} AS previous_figures_version,
          CASE WHEN previous.id IS NOT NULL THEN concat_ws(' ', ${scoresVersionSql('previous.id')}, ${entityTerritoryVersionsSql('previous.edition_id', PLACE_BAND)}) END AS previous_parts_version
     FROM ${PLACE_FROM}
     LEFT JOIN LATERAL (
       SELECT pc.id, pc.edition_id, ped.campaign_number FROM campaigns pc JOIN editions ped ON ped.id = pc.edition_id
        WHERE pc.entity_id = en.id AND pc.status = 'sent' AND ped.campaign_number < ed.campaign_number
        ORDER BY ped.campaign_number DESC LIMIT 1) AS previous ON true`;
const COMPARISON_PLACE = namedStatement('comparison_place', `${COMPARISON_PLACE_SQL} WHERE c.id = $1`);
const SESSION_USER_AND_COMPARISON_PLACE = sessionUserAnd('session_user_and_comparison_place', `${COMPARISON_PLACE_SQL} WHERE c.id = $3`);

type PreviousRow = {
  previous_id: number | null;
  previous_edition_id: number | null;
  previous_campaign_number: number | null;
  previous_figures_version: string;
  previous_parts_version: string | null;
};

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

/** A campaign's place with what its comparison reads besides: the catalogue version (the place's) and the previous campaign. */
export type ComparisonPlace = CampaignPlace & { compared: PreviousSentCampaign };

const comparisonPlaceOf = (row: CampaignPlace & PreviousRow): ComparisonPlace => {
  const { previous_id, previous_edition_id, previous_campaign_number, previous_figures_version, previous_parts_version, ...place } = row;
  const previous = previousOf({ previous_id, previous_edition_id, previous_campaign_number, previous_figures_version, previous_parts_version });
  return { ...place, compared: { catalogueVersion: place.catalogueVersion, previous } };
};

/** findCampaignPlace with the entity's previous sent campaign, in one statement; undefined when there is no such campaign. */
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
