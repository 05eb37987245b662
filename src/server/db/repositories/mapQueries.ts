import type { Queryable } from '../client.js';
import type { Participation } from '../../../shared/api/maps.js';
import type { ProvinceSums } from '../../reports/provinceMap.js';

/**
 * Every province with its registered entities and, in an edition (editionId; without it the current edition, the
 * latest campaign number), its campaigns sent and in draft. undefined when there is no edition of that id.
 */
export async function readParticipation(q: Queryable, editionId: number | null = null): Promise<Participation | undefined> {
  if (editionId !== null) {
    const [known] = await q.query('SELECT 1 FROM editions WHERE id = $1', [editionId]);
    if (!known) return undefined;
  }
  const rows = await q.query<{
    province_id: string;
    name: string;
    community_id: string;
    community_name: string;
    registered: number;
    sent: number;
    draft: number;
    edition: number | null;
  }>(
    `WITH current AS (SELECT id, campaign_number FROM editions WHERE $1::int IS NULL OR id = $1::int ORDER BY campaign_number DESC LIMIT 1)
     SELECT p.id AS province_id, p.name, p.community_id, ac.name AS community_name,
            count(DISTINCT en.id)::int AS registered,
            count(c.id) FILTER (WHERE c.status = 'sent')::int AS sent,
            count(c.id) FILTER (WHERE c.status = 'draft')::int AS draft,
            (SELECT campaign_number FROM current) AS edition
       FROM provinces p
       JOIN autonomous_communities ac ON ac.id = p.community_id
       LEFT JOIN entities en ON en.province_id = p.id
       LEFT JOIN campaigns c ON c.entity_id = en.id AND c.edition_id = (SELECT id FROM current)
      GROUP BY p.id, p.name, p.community_id, ac.name
      ORDER BY p.id`,
    [editionId],
  );
  return {
    edition: rows[0]?.edition ?? null,
    provinces: rows.map((r) => ({
      provinceId: r.province_id,
      name: r.name,
      communityId: r.community_id,
      communityName: r.community_name,
      registered: r.registered,
      sent: r.sent,
      draft: r.draft,
    })),
  };
}

/** Every province's participants' sums of the global score in an edition and its registered entities (0 where none). */
export async function readProvinceSums(q: Queryable, editionId: number): Promise<ProvinceSums[]> {
  return q.query<ProvinceSums>(
    `SELECT p.id AS "provinceId", p.name, coalesce(ts.participants, 0)::int AS participants, coalesce(ts.percentage_sum, 0)::float8 AS "percentageSum",
            coalesce(te.registered, 0)::int AS registered
       FROM provinces p
       LEFT JOIN territory_scores ts ON ts.edition_id = $1 AND ts.territory = 'province' AND ts.territory_id = p.id AND ts.scope = 'total' AND ts.category_id = 0
       LEFT JOIN edition_territory_entities te ON te.edition_id = $1 AND te.territory = 'province' AND te.territory_id = p.id
      ORDER BY p.id`,
    [editionId],
  );
}

/** The INE codes of an entity's municipalities. */
export async function readEntityMunicipalityIds(q: Queryable, entityId: number): Promise<string[]> {
  const rows = await q.query<{ id: string }>('SELECT municipality_id AS id FROM entity_municipalities WHERE entity_id = $1 ORDER BY municipality_id', [
    entityId,
  ]);
  return rows.map((r) => r.id);
}
