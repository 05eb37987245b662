import { namedStatement, type Queryable } from '../client.js';
import { CATALOGUE_VERSION_SQL } from './questionnaires.js';
import { editionFiguresVersionSql, entityTerritoryVersionsSql, scoresVersionSql } from './resultQueries.js';

const PREVIOUS_CAMPAIGN = namedStatement(
  'previous_sent_campaign',
  `SELECT ${CATALOGUE_VERSION_SQL} AS catalogue_version, previous.id, previous.edition_id, previous.campaign_number,
          ${editionFiguresVersionSql('previous.edition_id')} AS figures_version,
          CASE WHEN previous.id IS NOT NULL THEN concat_ws(' ', ${scoresVersionSql('previous.id')}, ${entityTerritoryVersionsSql('previous.edition_id', '$4::int')}) END AS parts_version
     FROM (SELECT 1) AS one
     LEFT JOIN provinces pr ON pr.id = $3
     LEFT JOIN LATERAL (
       SELECT c.id, c.edition_id, ed.campaign_number FROM campaigns c JOIN editions ed ON ed.id = c.edition_id
        WHERE c.entity_id = $1 AND c.status = 'sent' AND ed.campaign_number < $2
        ORDER BY ed.campaign_number DESC LIMIT 1) AS previous ON true`,
);

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
  type Row = {
    catalogue_version: string;
    id: number | null;
    edition_id: number | null;
    campaign_number: number | null;
    figures_version: string;
    parts_version: string | null;
  };
  const [row] = await q.query<Row>(PREVIOUS_CAMPAIGN, [place.entityId, place.campaignNumber, place.provinceId, place.sizeBand]);
  const previous =
    row.id !== null && row.edition_id !== null && row.campaign_number !== null
      ? {
          campaignId: row.id,
          editionId: row.edition_id,
          campaignNumber: row.campaign_number,
          figuresVersion: row.figures_version,
          partsVersion: row.parts_version ?? '',
        }
      : undefined;
  return { catalogueVersion: row.catalogue_version, previous };
}
