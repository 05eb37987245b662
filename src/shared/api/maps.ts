import { Type, type Static } from 'typebox';
import { apiCall, Id, NullableNumber, Strict } from './schema.js';
import { CampaignIdQuery } from './campaigns.js';

/**
 * The maps' calls: the municipalities' boundaries of one province, the campaign's participation per
 * province (status page) and the means per province of a result's edition (results page). Province and
 * community boundaries are not served: the client's map chunk has them, simplified at build time.
 */

/** A province's INE code, 01 to 52. */
export const ProvinceCode = Type.String({ pattern: '^(0[1-9]|[1-4][0-9]|5[0-2])$', description: "A province's INE code, 01 to 52" });

const Polygonal = Type.Object({
  type: Type.Union([Type.Literal('Polygon'), Type.Literal('MultiPolygon')]),
  coordinates: Type.Array(Type.Unknown(), { description: 'GeoJSON coordinates: longitude and latitude (WGS 84), four decimals' }),
});

/** One municipality's boundary: its INE code (five digits) and name. */
export const BoundaryFeature = Type.Object({
  type: Type.Literal('Feature'),
  id: Type.String(),
  properties: Type.Object({ id: Type.String(), name: Type.String() }),
  geometry: Polygonal,
});

/** Every municipality of a province as a GeoJSON FeatureCollection. */
export const MunicipalityBoundaries = Type.Object({
  type: Type.Literal('FeatureCollection'),
  provinceId: Type.String(),
  features: Type.Array(BoundaryFeature),
});
export type MunicipalityBoundaries = Static<typeof MunicipalityBoundaries>;

/** Which province a row speaks of: its INE code and name. */
const ProvinceNamed = { provinceId: Type.String(), name: Type.String() };

/** One province's entities and, in the current edition, their campaigns sent and started (draft). */
export const ProvinceParticipation = Type.Object({
  ...ProvinceNamed,
  communityId: Type.String(),
  communityName: Type.String(),
  registered: Type.Integer(),
  sent: Type.Integer(),
  draft: Type.Integer(),
});
export type ProvinceParticipation = Static<typeof ProvinceParticipation>;

/** GET campaigns/participation: the edition to count (its id); without it, the current (newest) edition. */
export const ParticipationQuery = Strict({ editionId: Type.Optional(Id) });
export type ParticipationQuery = Static<typeof ParticipationQuery>;

export const Participation = Type.Object({
  /** The current edition's year (the campaign number); null before the first edition. */
  edition: Type.Union([Type.Integer(), Type.Null()]),
  /** Every one of the 52 provinces, those without entities included (0 registered). */
  provinces: Type.Array(ProvinceParticipation),
});
export type Participation = Static<typeof Participation>;

/** A province's mean global score (percentage) in both comparison modes; null where withheld or without participants. */
export const ProvinceMean = Type.Object({
  ...ProvinceNamed,
  participants: Type.Integer(),
  registered: Type.Integer(),
  mean: NullableNumber,
  meanComparedToAll: NullableNumber,
  /** Built from fewer participants than minGroupSize: not sent. */
  withheld: Type.Boolean(),
});
export type ProvinceMean = Static<typeof ProvinceMean>;

export const ResultMap = Type.Object({
  year: Type.Integer(),
  minGroupSize: Type.Integer({ minimum: 1 }),
  /** The entity's province and municipalities (INE codes). */
  provinceId: Type.String(),
  municipalityIds: Type.Array(Type.String()),
  provinces: Type.Array(ProvinceMean),
});
export type ResultMap = Static<typeof ResultMap>;

export const mapCalls = {
  boundaries: apiCall({
    method: 'GET',
    url: '/communities/municipalityBoundaries',
    access: 'userOrShare',
    querystring: Strict({ provinceId: ProvinceCode }),
    response: MunicipalityBoundaries,
    summary: "One province's municipalities as GeoJSON (es-atlas, IGN boundaries), cached a day",
  }),
  participation: apiCall({
    method: 'GET',
    url: '/campaigns/participation',
    access: 'user',
    querystring: ParticipationQuery,
    response: Participation,
    summary: 'ADMIN, FEC: per province, the registered entities and the campaigns sent and in draft of an edition (editionId; without it the current edition)',
  }),
  resultMap: apiCall({
    method: 'GET',
    url: '/campaigns/resultMap',
    access: 'userOrShare',
    querystring: CampaignIdQuery,
    response: ResultMap,
    summary: "A sent campaign's edition: the mean global score per province (MIN_GROUP_SIZE applied), and the entity's municipalities",
  }),
};
