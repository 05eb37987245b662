import type { Topology } from 'topojson-specification';

/** Spain's provinces and communities as two topologies (each one object, its geometries keyed by INE code). */
export interface SpainGeometry {
  provinces: Topology;
  communities: Topology;
  /** The box drawn around the Canary Islands, moved beside the peninsula (longitude, latitude pairs). */
  canariesFrame: [number, number][];
}

const none: Topology = { type: 'Topology', arcs: [], objects: {} };

/**
 * Replaced at build time by build/spainGeometryLoader.cjs (webpack, enforce 'post') with es-atlas' provinces
 * and communities, simplified; empty where the sources run as they are (jest).
 */
const spain: SpainGeometry = { provinces: none, communities: none, canariesFrame: [] };
export default spain;
