import type { Queryable } from '../client.js';
import type { EntityRow } from '../../../shared/api/admin.js';
import { CAMPAIGN_TEXT } from './campaignQueries.js';

const ENTITY_SELECT = `
  SELECT en.id, en.name, en.population, p.name AS province, ac.name AS community, en.archived_at IS NOT NULL AS archived,
         COALESCE((SELECT json_agg(json_build_object('munId', m.id, 'name', m.name) ORDER BY m.name)
                     FROM entity_municipalities em JOIN municipalities m ON m.id = em.municipality_id
                    WHERE em.entity_id = en.id), '[]'::json) AS municipalities,
         COALESCE((SELECT json_agg(json_build_object('id', c.id, 'text', ${CAMPAIGN_TEXT}, 'campaignNumber', ed.campaign_number, 'status', c.status) ORDER BY ed.campaign_number)
                     FROM campaigns c JOIN editions ed ON ed.id = c.edition_id
                    WHERE c.entity_id = en.id), '[]'::json) AS campaigns
    FROM entities en
    JOIN provinces p ON p.id = en.province_id
    JOIN autonomous_communities ac ON ac.id = p.community_id`;

type EntityDbRow = Omit<EntityRow, 'autonomousCommunity'> & { community: string };
const toEntity = ({ community, ...row }: EntityDbRow): EntityRow => ({ ...row, autonomousCommunity: community });

/** Every entity (or the one with this id) with its municipalities and campaigns, by name. */
export async function listEntities(q: Queryable, id?: number): Promise<EntityRow[]> {
  const rows = await q.query<EntityDbRow>(`${ENTITY_SELECT} WHERE $1::int IS NULL OR en.id = $1 ORDER BY en.name_key`, [id ?? null]);
  return rows.map(toEntity);
}

/** The province of each known municipality among the codes. */
export async function municipalityProvinces(q: Queryable, ids: string[]): Promise<{ id: string; provinceId: string }[]> {
  return q.query('SELECT id, province_id AS "provinceId" FROM municipalities WHERE id = ANY($1::text[])', [ids]);
}

export interface NewEntity {
  name: string;
  /** The name folded (foldText), unique among entities. */
  nameKey: string;
  population: number;
  provinceId: string;
  municipalityIds: string[];
}

/** Every entity's name (to compare a new name's confusable skeleton with: services/admin/confusableNames.ts). */
export async function allEntityNames(q: Queryable): Promise<string[]> {
  return (await q.query<{ name: string }>('SELECT name FROM entities')).map((r) => r.name);
}

/** Inserts the entity and its municipalities; undefined when the name key is already taken. */
export async function insertEntity(q: Queryable, entity: NewEntity): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>(
    'INSERT INTO entities (name, name_key, population, province_id) VALUES ($1, $2, $3, $4) ON CONFLICT (name_key) DO NOTHING RETURNING id',
    [entity.name, entity.nameKey, entity.population, entity.provinceId],
  );
  if (!row) return undefined;
  await q.query('INSERT INTO entity_municipalities (entity_id, municipality_id) SELECT $1, unnest($2::text[])', [row.id, entity.municipalityIds]);
  return row.id;
}

/**
 * The entity's name and campaigns, the entity and its campaigns locked for this transaction (entity first, as
 * every path that locks both does); undefined when there is none. Locking the campaigns waits for a submission
 * in progress and then reads its status as committed, so a caller deciding from the statuses cannot miss a
 * campaign sent meanwhile (phantom participants); the entity's lock keeps new campaigns out.
 */
export async function findEntityForUpdate(q: Queryable, id: number): Promise<LockedEntity | undefined> {
  const [row] = await q.query<{ name: string; population: number; province_id: string; size_band: number; archived: boolean }>(
    'SELECT name, population, province_id, size_band, archived_at IS NOT NULL AS archived FROM entities WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!row) return undefined;
  const campaigns = await q.query<{ id: number; status: string }>('SELECT id, status FROM campaigns WHERE entity_id = $1 ORDER BY id FOR UPDATE', [id]);
  return { name: row.name, population: row.population, provinceId: row.province_id, sizeBand: row.size_band, archived: row.archived, campaigns };
}

/** An entity as findEntityForUpdate reads it, locked with its campaigns. */
export interface LockedEntity {
  name: string;
  population: number;
  provinceId: string;
  /** Its population band's smallest population (migration 006, set by a trigger). */
  sizeBand: number;
  archived: boolean;
  campaigns: { id: number; status: string }[];
}

/**
 * Writes the entity's name, population (its size band follows by trigger) and province, and replaces its
 * municipalities; false when another entity has the name key. The caller holds the entity's lock.
 */
export async function updateEntity(q: Queryable, id: number, entity: NewEntity): Promise<{ updated: boolean; sizeBand: number }> {
  const [taken] = await q.query('SELECT 1 FROM entities WHERE name_key = $1 AND id <> $2', [entity.nameKey, id]);
  if (taken) return { updated: false, sizeBand: 0 };
  const [row] = await q.query<{ size_band: number }>(
    'UPDATE entities SET name = $2, name_key = $3, population = $4, province_id = $5 WHERE id = $1 RETURNING size_band',
    [id, entity.name, entity.nameKey, entity.population, entity.provinceId],
  );
  await q.query('DELETE FROM entity_municipalities WHERE entity_id = $1 AND NOT (municipality_id = ANY($2::text[]))', [id, entity.municipalityIds]);
  await q.query('INSERT INTO entity_municipalities (entity_id, municipality_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [
    id,
    entity.municipalityIds,
  ]);
  return { updated: true, sizeBand: row.size_band };
}

/** Archives (true) or restores (false) the entity. */
export async function setEntityArchived(q: Queryable, id: number, archived: boolean): Promise<void> {
  await q.query('UPDATE entities SET archived_at = CASE WHEN $2 THEN now() END WHERE id = $1', [id, archived]);
}

/** Deletes the entity; its campaigns (with answers, scores and share links), memberships and municipality links go with it. */
export async function deleteEntity(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM entities WHERE id = $1', [id]);
}

/**
 * Which of these entities exist, in id order, with whether each is archived; each is kept from removal until the
 * transaction ends (FOR KEY SHARE): a removal in progress is waited for and then reads as gone, instead of a
 * foreign-key error (a 500) at a later insert.
 */
export async function lockEntities(q: Queryable, ids: readonly number[]): Promise<{ id: number; archived: boolean }[]> {
  return q.query<{ id: number; archived: boolean }>(
    'SELECT id, archived_at IS NOT NULL AS archived FROM entities WHERE id = ANY($1::int[]) ORDER BY id FOR KEY SHARE',
    [ids],
  );
}
