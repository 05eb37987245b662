/** Where a campaign's entity is: its name, province and autonomous community, as lists show them (status page, review queue). */

/** The joins from the campaign aliased c to its entity en, province p and community ac. */
export const ENTITY_PLACE_JOINS = `JOIN entities en ON en.id = c.entity_id
       JOIN provinces p ON p.id = en.province_id
       JOIN autonomous_communities ac ON ac.id = p.community_id`;

/** The columns ENTITY_PLACE_JOINS gives, read back with entityPlaceOf. */
export const ENTITY_PLACE_COLUMNS =
  'en.id AS entity_id, en.name AS entity, p.name AS province, p.id AS province_id, ac.name AS community, ac.id AS community_id';

export type EntityPlaceRow = { entity_id: number; entity: string; province: string; province_id: string; community: string; community_id: string };

export const entityPlaceOf = (r: EntityPlaceRow) => ({
  entityId: r.entity_id,
  entity: r.entity,
  province: r.province,
  provinceId: r.province_id,
  autonomousCommunity: r.community,
  autonomousCommunityId: r.community_id,
});
