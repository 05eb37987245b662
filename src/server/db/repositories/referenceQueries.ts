import type { Queryable } from '../client.js';
import type { AutonomousCommunity, Category, Municipality, Province } from '../../../shared/api/reference.js';

export const listMunicipalities = (q: Queryable) =>
  q.query<Municipality>('SELECT id AS "munId", name, province_id AS "provinceId" FROM municipalities ORDER BY name');

export const listCommunities = (q: Queryable) => q.query<AutonomousCommunity>('SELECT id AS "ccaaId", name FROM autonomous_communities ORDER BY name');

export const listProvinces = (q: Queryable) => q.query<Province>('SELECT id AS "provinceId", name, community_id AS "ccaaId" FROM provinces ORDER BY name');

export const listCategories = (q: Queryable, type: Category['type']) =>
  q.query<Category>('SELECT id, text, type FROM categories WHERE type = $1 ORDER BY code', [type]);
