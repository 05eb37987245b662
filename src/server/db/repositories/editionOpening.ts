import type { Queryable } from '../client.js';
import type { Language } from '../../../shared/constants.js';

/** Entities of a scope in an edition: opening it (set-based inserts) and the users to e-mail. */

/** The entities of all Spain (null ids), of one community or of one province. */
export interface TerritoryFilter {
  provinceId: string | null;
  communityId: string | null;
}

// $2 the province, $3 the community; null matches every one.
/** Entities of the scope; archived ones (migration 014) get no campaign of a new edition. */
const IN_SCOPE = 'en.archived_at IS NULL AND ($2::text IS NULL OR en.province_id = $2) AND ($3::text IS NULL OR p.community_id = $3)';

/** Whether the province or community exists. */
export async function territoryExists(q: Queryable, kind: 'province' | 'community', id: string): Promise<boolean> {
  const table = kind === 'province' ? 'provinces' : 'autonomous_communities';
  return (await q.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])).length > 0;
}

/** How many entities of the scope have no campaign in the edition, and how many have one. */
export async function countOpening(q: Queryable, editionId: number, scope: TerritoryFilter): Promise<{ toCreate: number; existing: number }> {
  const [row] = await q.query<{ to_create: number; existing: number }>(
    `SELECT (count(*) FILTER (WHERE c.id IS NULL))::int AS to_create, count(c.id)::int AS existing
       FROM entities en JOIN provinces p ON p.id = en.province_id
       LEFT JOIN campaigns c ON c.entity_id = en.id AND c.edition_id = $1
      WHERE ${IN_SCOPE}`,
    [editionId, scope.provinceId, scope.communityId],
  );
  return { toCreate: row.to_create, existing: row.existing };
}

/**
 * Creates a campaign in the edition for every entity of the scope that has none, in one statement; returns
 * the entities it was created for. Two openings at once create each campaign once: the second waits on the
 * first's rows of the unique (entity, edition) key and skips them (ON CONFLICT DO NOTHING); both insert in
 * entity order, so they cannot deadlock. The entities are kept from removal meanwhile (FOR KEY SHARE), so a
 * removal in progress is waited for and its entity skipped rather than failing the foreign key.
 */
export async function insertEditionCampaigns(q: Queryable, editionId: number, scope: TerritoryFilter): Promise<number[]> {
  const rows = await q.query<{ entity_id: number }>(
    `INSERT INTO campaigns (entity_id, edition_id)
     SELECT en.id, $1 FROM entities en JOIN provinces p ON p.id = en.province_id
      WHERE ${IN_SCOPE} AND NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.entity_id = en.id AND c.edition_id = $1)
      ORDER BY en.id
        FOR KEY SHARE OF en
     ON CONFLICT (entity_id, edition_id) DO NOTHING
     RETURNING entity_id`,
    [editionId, scope.provinceId, scope.communityId],
  );
  return rows.map((r) => r.entity_id);
}

/** One user to e-mail, with the names of their entities concerned. */
export interface MailRecipient {
  email: string;
  name: string;
  language: Language;
  entities: string[];
}

/** The users (any role but NO) of the given entities, one row each, by e-mail. */
export async function usersOfEntities(q: Queryable, entityIds: readonly number[]): Promise<MailRecipient[]> {
  if (entityIds.length === 0) return [];
  return q.query<MailRecipient>(
    `SELECT u.email, u.name, u.language, array_agg(en.name ORDER BY en.name) AS entities
       FROM users u JOIN user_entities ue ON ue.user_id = u.id JOIN entities en ON en.id = ue.entity_id
      WHERE ue.entity_id = ANY($1::int[]) AND u.role <> 0
      GROUP BY u.id, u.email, u.name, u.language
      ORDER BY lower(u.email)`,
    [`{${entityIds.join(',')}}`],
  );
}

/** The entities of the edition not started (no campaign, created) or not finished (draft), with their users' count. */
export async function listPendingEntities(
  q: Queryable,
  editionId: number,
): Promise<{ entityId: number; entity: string; province: string; status: 'none' | 'created' | 'draft'; users: number }[]> {
  const rows = await q.query<{ entity_id: number; entity: string; province: string; status: 'created' | 'draft' | null; users: number }>(
    `SELECT en.id AS entity_id, en.name AS entity, p.name AS province, c.status,
            (SELECT count(*)::int FROM user_entities ue JOIN users u ON u.id = ue.user_id WHERE ue.entity_id = en.id AND u.role <> 0) AS users
       FROM entities en JOIN provinces p ON p.id = en.province_id
       LEFT JOIN campaigns c ON c.entity_id = en.id AND c.edition_id = $1
      WHERE (c.id IS NULL OR c.status <> 'sent') AND en.archived_at IS NULL
      ORDER BY en.name, en.id`,
    [editionId],
  );
  return rows.map((r) => ({ entityId: r.entity_id, entity: r.entity, province: r.province, status: r.status ?? 'none', users: r.users }));
}
