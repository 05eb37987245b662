import { get } from './http.js';
import type { MunicipalityBoundaries, Participation, ResultMap } from '../../shared/api/maps.js';

/** The maps' calls (src/shared/api/maps.ts). */
export const mapsApi = {
  /** One province's municipalities as GeoJSON (cached a day by the browser). */
  boundaries: (token: string | null, provinceId: string) => get<MunicipalityBoundaries>('/communities/municipalityBoundaries', token, { provinceId }),
  /** An edition's participation (editionId; null: the current edition). */
  participation: (token: string | null, editionId: number | null) =>
    get<Participation>('/campaigns/participation', token, editionId === null ? undefined : { editionId }),
  resultMap: (token: string | null, id: number) => get<ResultMap>('/campaigns/resultMap', token, { id }),
};

export type MapsApi = typeof mapsApi;
