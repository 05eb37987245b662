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

/**
 * Participants' sums per group in the campaign's province, community and country, from the stored scores of
 * the edition's sent campaigns: one pass over stored scores, never over answers.
 */
export async function territoryAggregates(q: Queryable, place: CampaignPlace): Promise<Map<string, Record<Territory, TerritoryAggregate | undefined>>> {
  const rows = await q.query<Record<string, number> & { scope: string; category_id: number }>(
    `SELECT cs.scope, cs.category_id,
            count(*) FILTER (WHERE en.province_id = $2)::int AS p_n,
            coalesce(sum(cs.percentage) FILTER (WHERE en.province_id = $2), 0)::float8 AS p_ps,
            coalesce(sum(cs.value) FILTER (WHERE en.province_id = $2), 0)::float8 AS p_vs,
            count(*) FILTER (WHERE pr.community_id = $3)::int AS a_n,
            coalesce(sum(cs.percentage) FILTER (WHERE pr.community_id = $3), 0)::float8 AS a_ps,
            coalesce(sum(cs.value) FILTER (WHERE pr.community_id = $3), 0)::float8 AS a_vs,
            count(*)::int AS c_n, sum(cs.percentage)::float8 AS c_ps, sum(cs.value)::float8 AS c_vs
       FROM campaign_scores cs
       JOIN campaigns c ON c.id = cs.campaign_id
       JOIN entities en ON en.id = c.entity_id
       JOIN provinces pr ON pr.id = en.province_id
      WHERE c.edition_id = $1 AND c.status = 'sent'
      GROUP BY cs.scope, cs.category_id`,
    [place.editionId, place.provinceId, place.communityId],
  );
  const aggregate = (n: number, ps: number, vs: number): TerritoryAggregate | undefined => (n > 0 ? { participants: n, percentageSum: ps, valueSum: vs } : undefined);
  return new Map(
    rows.map((r) => [
      groupKey(r.scope, r.category_id),
      { province: aggregate(r.p_n, r.p_ps, r.p_vs), autonomousCommunity: aggregate(r.a_n, r.a_ps, r.a_vs), country: aggregate(r.c_n, r.c_ps, r.c_vs) },
    ]),
  );
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
