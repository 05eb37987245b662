import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { MunicipalityBoundaries } from '../../../shared/api/maps.js';

/**
 * Municipality boundaries per province, from es-atlas (MIT; TopoJSON built from the Instituto Geográfico
 * Nacional's boundaries, each municipality keyed by its five-digit INE code). The 1.8 MB topology of all
 * 8,213 shapes is read on the first call only; each province's GeoJSON is built once and kept encoded.
 */

type Atlas = Topology<{ municipalities: GeometryCollection<{ name: string }> }>;

let atlas: Atlas | undefined;
const encoded = new Map<string, string>();

function loadAtlas(): Atlas {
  atlas ??= JSON.parse(readFileSync(createRequire(import.meta.url).resolve('es-atlas/es/municipalities.json'), 'utf8')) as Atlas;
  return atlas;
}

/** Coordinates to four decimals (about 10 m; es-atlas is quantized to about 200 m): a third of the text. */
function rounded(coordinates: unknown): unknown {
  if (typeof coordinates === 'number') return Math.round(coordinates * 1e4) / 1e4;
  return (coordinates as unknown[]).map(rounded);
}

/** A province's municipalities (INE code, name, Polygon or MultiPolygon), ordered by code. */
export function municipalityBoundaries(provinceId: string, topology: Atlas = loadAtlas()): MunicipalityBoundaries {
  const geometries = topology.objects.municipalities.geometries.filter((g) => String(g.id).slice(0, 2) === provinceId && g.type !== null);
  const collection = feature(topology, { type: 'GeometryCollection', geometries });
  const features = collection.features
    .filter((f) => f.geometry && (f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon'))
    .map((f) => {
      const id = String(f.id);
      const geometry = f.geometry as { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown[] };
      return {
        type: 'Feature' as const,
        id,
        properties: { id, name: f.properties?.name ?? id },
        geometry: { type: geometry.type, coordinates: rounded(geometry.coordinates) as unknown[] },
      };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
  return { type: 'FeatureCollection', provinceId, features };
}

/** The call's answer for a province, envelope included, encoded once per process (the shapes never change). */
export function encodedMunicipalityBoundaries(provinceId: string): string {
  let body = encoded.get(provinceId);
  if (body === undefined) {
    body = JSON.stringify({ response: municipalityBoundaries(provinceId) });
    encoded.set(provinceId, body);
  }
  return body;
}
