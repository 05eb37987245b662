import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * Spain's provinces and communities as SVG paths, for the public pages' maps drawn on the server (no script):
 * the same simplified boundaries as the client's maps (build/spainGeometry.cjs, the Canary Islands beside the
 * peninsula), projected with longitudes shrunk by the cosine of 40° and rounded to whole units of a 600-wide box.
 * Built once per process.
 */

export interface MapShape {
  /** INE code. */
  id: string;
  name: string;
  /** SVG path data. */
  d: string;
}

export interface SpainMapShapes {
  width: number;
  height: number;
  provinces: MapShape[];
  communities: MapShape[];
  /** The box drawn around the Canary Islands. */
  canariesFrame: string;
}

interface Geometry {
  provinces: Topology;
  communities: Topology;
  canariesFrame: [number, number][];
}

const WIDTH = 600;
const COS_40 = Math.cos((40 * Math.PI) / 180);

type Position = [number, number];
type Ring = Position[];

let shapes: SpainMapShapes | undefined;

function loadGeometry(): Geometry {
  const require = createRequire(import.meta.url);
  const { spainGeometry } = require('../../../../build/spainGeometry.cjs') as { spainGeometry: (source: unknown) => Geometry };
  return spainGeometry(JSON.parse(readFileSync(require.resolve('es-atlas/es/provinces.json'), 'utf8')));
}

/** Every polygon's rings of one object of a topology, by shape. */
function ringsOf(topology: Topology): { id: string; name: string; rings: Ring[] }[] {
  const [name] = Object.keys(topology.objects);
  const collection = feature(topology, topology.objects[name] as GeometryCollection<{ name: string }>);
  return collection.features.map((f) => {
    const geometry = f.geometry as { type: string; coordinates: unknown };
    const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : []) as Ring[][];
    return { id: String(f.id), name: f.properties?.name ?? String(f.id), rings: polygons.flat() };
  });
}

/** A ring's path in whole units, repeated points dropped; empty when it shrinks below a triangle. */
function ringPath(ring: Ring, project: (p: Position) => Position): string {
  const points: Position[] = [];
  for (const position of ring) {
    const [x, y] = project(position).map(Math.round) as Position;
    const last = points[points.length - 1];
    if (!last || last[0] !== x || last[1] !== y) points.push([x, y]);
  }
  if (points.length > 1 && points[0][0] === points[points.length - 1][0] && points[0][1] === points[points.length - 1][1]) points.pop();
  if (points.length < 3) return '';
  return `M${points.map(([x, y]) => `${x} ${y}`).join('L')}Z`;
}

/** A territory too small to see at this size (Ceuta, Melilla) as a square of 4 units around its middle, so that it can still be seen and pointed at. */
function dot(points: readonly Position[]): string {
  const [x, y] = [0, 1].map((axis) => Math.round(points.reduce((sum, p) => sum + p[axis], 0) / points.length));
  return `M${x - 2} ${y - 2}L${x + 2} ${y - 2}L${x + 2} ${y + 2}L${x - 2} ${y + 2}Z`;
}

/** The map's shapes, built on the first call. */
export function spainMapShapes(): SpainMapShapes {
  if (shapes) return shapes;
  const geometry = loadGeometry();
  const provinces = ringsOf(geometry.provinces);
  const communities = ringsOf(geometry.communities);
  const all = [...[...provinces, ...communities].flatMap((s) => s.rings.flat()), ...geometry.canariesFrame];
  const xs = all.map(([lon]) => lon * COS_40);
  const ys = all.map(([, lat]) => -lat);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = WIDTH / (maxX - minX);
  const project = ([lon, lat]: Position): Position => [(lon * COS_40 - minX) * scale, (-lat - minY) * scale];
  const toPaths = (list: typeof provinces): MapShape[] =>
    list
      .map(({ id, name, rings }) => {
        const points = rings.flat().map(project);
        const tiny = [0, 1].every((axis) => Math.max(...points.map((p) => p[axis])) - Math.min(...points.map((p) => p[axis])) < 4);
        return { id, name, d: tiny ? dot(points) : rings.map((ring) => ringPath(ring, project)).join('') };
      })
      .sort((a, b) => a.id.localeCompare(b.id));
  shapes = {
    width: WIDTH,
    height: Math.ceil((maxY - minY) * scale),
    provinces: toPaths(provinces),
    communities: toPaths(communities),
    canariesFrame: ringPath(geometry.canariesFrame, project),
  };
  return shapes;
}
