import { namedStatement, type Queryable } from '../client.js';
import { CATALOGUE_VERSION_SQL } from './questionnaires.js';

const PREVIOUS_CAMPAIGN = namedStatement(
  'previous_sent_campaign',
  `SELECT ${CATALOGUE_VERSION_SQL} AS catalogue_version, previous.id, previous.edition_id
     FROM (SELECT 1) AS one
     LEFT JOIN LATERAL (
       SELECT c.id, c.edition_id FROM campaigns c JOIN editions ed ON ed.id = c.edition_id
        WHERE c.entity_id = $1 AND c.status = 'sent' AND ed.campaign_number < $2
        ORDER BY ed.campaign_number DESC LIMIT 1) AS previous ON true`,
);

/**
 * The entity's latest sent campaign of an edition earlier than campaignNumber (undefined when none), with the
 * catalogue version the cached questionnaires are checked against.
 */
export async function findPreviousSentCampaign(
  q: Queryable,
  entityId: number,
  campaignNumber: number,
): Promise<{ catalogueVersion: string; previous: { campaignId: number; editionId: number } | undefined }> {
  const [row] = await q.query<{ catalogue_version: string; id: number | null; edition_id: number | null }>(PREVIOUS_CAMPAIGN, [entityId, campaignNumber]);
  const previous = row.id !== null && row.edition_id !== null ? { campaignId: row.id, editionId: row.edition_id } : undefined;
  return { catalogueVersion: row.catalogue_version, previous };
}
