import { Type, type Static } from 'typebox';
import { apiCall, NoQuery, Strict } from './schema.js';

/** Reference data: the Spanish geography (INE codes) and the questionnaire's categories. */

export const AutonomousCommunity = Type.Object({ ccaaId: Type.String(), name: Type.String() });
export type AutonomousCommunity = Static<typeof AutonomousCommunity>;

export const Province = Type.Object({ provinceId: Type.String(), name: Type.String(), ccaaId: Type.String() });
export type Province = Static<typeof Province>;

export const Municipality = Type.Object({ munId: Type.String(), name: Type.String(), provinceId: Type.String() });
export type Municipality = Static<typeof Municipality>;

export const CategoryType = Type.Enum(['axis', 'policy', 'measure']);

export const Category = Type.Object({ id: Type.Integer(), text: Type.String(), type: CategoryType });
export type Category = Static<typeof Category>;

/** The reference calls, open to any signed-in user, under /api/secure/v1. */
export const referenceCalls = {
  municipalities: apiCall({
    method: 'GET',
    url: '/communities/allMunicipalities',
    access: 'user',
    querystring: NoQuery,
    response: Type.Array(Municipality),
    summary: 'Every Spanish municipality (INE codes)',
  }),
  communities: apiCall({
    method: 'GET',
    url: '/communities/allAutonomousCommunities',
    access: 'user',
    querystring: NoQuery,
    response: Type.Array(AutonomousCommunity),
    summary: 'The 19 autonomous communities and cities',
  }),
  provinces: apiCall({
    method: 'GET',
    url: '/communities/allProvinces',
    access: 'user',
    querystring: NoQuery,
    response: Type.Array(Province),
    summary: 'The 52 provinces with their community',
  }),
  categories: apiCall({
    method: 'GET',
    url: '/categories/all',
    access: 'user',
    querystring: Strict({ type: CategoryType }),
    response: Type.Array(Category),
    summary: "The questionnaire's axes, policies or measures",
  }),
};
