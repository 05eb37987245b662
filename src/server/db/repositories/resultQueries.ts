import type { Queryable } from '../client.js';
import type { Territory, TerritoryAggregate } from '../../services/territories.js';

/** A campaign with the territory its figures are compared against. */
export interface CampaignPlace {
  campaignId: number;
  entityId: number;
  entityName: string;
  editionId: number;
  status: string;
  provinceId: string;
  provinceName: string;
  communityId: string;
  communityName: string;
}

export async function findCampaignPlace(q: Queryable, campaignId: number): Promise<CampaignPlace | undefined> {
  const [row] = await q.query<CampaignPlace>(
    `SELECT c.id AS "campaignId", en.id AS "entityId", en.name AS "entityName", c.edition_id AS "editionId", c.status,
            pr.id AS "provinceId", pr.name AS "provinceName", ac.id AS "communityId", ac.name AS "communityName"
       FROM campaigns c JOIN entities en ON en.id = c.entity_id
       JOIN provinces pr ON pr.id = en.province_id JOIN autonomous_communities ac ON ac.id = pr.community_id
      WHERE c.id = $1`,
    [campaignId],
  );
  return row;
}

/** Group key of a stored score: "total:0", "axis:12"... */
export const groupKey = (scope: string, categoryId: number) => `${scope}:${categoryId}`;

/** Participants' sums per group in the campaign's province, community and country (kept by territoryScores.ts). */
export async function territoryAggregates(q: Queryable, place: CampaignPlace): Promise<Map<string, Record<Territory, TerritoryAggregate | undefined>>> {
  const rows = await q.query<{ territory: Territory; scope: string; category_id: number; participants: number; percentage_sum: number; value_sum: number }>(
    `SELECT territory, scope, category_id, participants, percentage_sum, value_sum
       FROM territory_scores
      WHERE edition_id = $1
        AND ((territory = 'province' AND territory_id = $2) OR (territory = 'autonomousCommunity' AND territory_id = $3) OR (territory = 'country' AND territory_id = 'ES'))`,
    [place.editionId, place.provinceId, place.communityId],
  );
  const byGroup = new Map<string, Record<Territory, TerritoryAggregate | undefined>>();
  for (const r of rows) {
    const key = groupKey(r.scope, r.category_id);
    const entry = byGroup.get(key) ?? { province: undefined, autonomousCommunity: undefined, country: undefined };
    entry[r.territory] = { participants: r.participants, percentageSum: r.percentage_sum, valueSum: r.value_sum };
    byGroup.set(key, entry);
  }
  return byGroup;
}

/** Entities registered in each territory of the campaign (participants or not). */
export async function registeredEntities(q: Queryable, place: CampaignPlace): Promise<Record<Territory, number>> {
  const [row] = await q.query<{ province: number; community: number; country: number }>(
    `SELECT count(*) FILTER (WHERE en.province_id = $1)::int AS province,
            count(*) FILTER (WHERE pr.community_id = $2)::int AS community,
            count(*)::int AS country
       FROM entities en JOIN provinces pr ON pr.id = en.province_id`,
    [place.provinceId, place.communityId],
  );
  return { province: row.province, autonomousCommunity: row.community, country: row.country };
}

/** The campaign's own stored scores per group. */
export async function ownScores(q: Queryable, campaignId: number): Promise<Map<string, { percentage: number; value: number }>> {
  const rows = await q.query<{ scope: string; category_id: number; percentage: number; value: number }>(
    'SELECT scope, category_id, percentage, value FROM campaign_scores WHERE campaign_id = $1',
    [campaignId],
  );
  return new Map(rows.map((r) => [groupKey(r.scope, r.category_id), { percentage: r.percentage, value: r.value }]));
}
