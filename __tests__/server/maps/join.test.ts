import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { AUTONOMOUS_COMMUNITIES, PROVINCES } from '../../../src/server/db/reference/territories.js';
import { allMunicipalities } from '../../../src/server/db/reference/municipalities.js';
import { municipalityBoundaries } from '../../../src/server/services/maps/boundaries.js';

const require = createRequire(import.meta.url);
const { spainGeometry } = require('../../../build/spainGeometry.cjs') as {
  spainGeometry: (t: Topology) => { provinces: Topology; communities: Topology; canariesFrame: number[][] };
};
const source = require('es-atlas/es/provinces.json') as Topology;

/** The shapes the map chunk ships (build/spainGeometry.cjs over es-atlas), as GeoJSON features. */
const shipped = spainGeometry(source);
const features = (t: Topology, name: string) => feature(t, t.objects[name] as GeometryCollection).features;

describe("the join between es-atlas' boundaries and the database's INE codes", () => {
  it('has a province shape for every province of the database, Ceuta and Melilla included, and no other', () => {
    const shapes = features(shipped.provinces, 'provinces');
    expect(shapes.map((f) => String(f.id)).sort()).toEqual(PROVINCES.map((p) => p.id).sort());
    expect(shapes.map((f) => f.id)).toEqual(expect.arrayContaining(['51', '52']));
    for (const shape of shapes) {
      expect(['Polygon', 'MultiPolygon']).toContain(shape.geometry.type);
      expect(shape.properties).toEqual({ id: shape.id, name: expect.any(String) });
    }
  });

  it('has a community shape for every community of the database, Ceuta (18) and Melilla (19) included, and no other', () => {
    const shapes = features(shipped.communities, 'communities');
    expect(shapes.map((f) => String(f.id)).sort()).toEqual(AUTONOMOUS_COMMUNITIES.map((c) => c.id).sort());
    expect(shapes.map((f) => f.id)).toEqual(expect.arrayContaining(['18', '19']));
  });

  it('moves the Canary Islands (and only them) beside the peninsula, inside the frame the map draws', () => {
    const bounds = (t: Topology, id: string) => {
      const shape = features(t, 'provinces').find((f) => f.id === id)!;
      const points = JSON.stringify(shape.geometry)
        .match(/-?\d+(\.\d+)?,-?\d+(\.\d+)?/g)!
        .map((p) => p.split(',').map(Number));
      return {
        minX: Math.min(...points.map((p) => p[0])),
        maxX: Math.max(...points.map((p) => p[0])),
        minY: Math.min(...points.map((p) => p[1])),
        maxY: Math.max(...points.map((p) => p[1])),
      };
    };
    const frame = shipped.canariesFrame;
    const [fx, fy] = [frame.map((p) => p[0]), frame.map((p) => p[1])];
    for (const id of ['35', '38']) {
      const b = bounds(shipped.provinces, id);
      expect(b.minX).toBeGreaterThan(Math.min(...fx));
      expect(b.maxX).toBeLessThan(Math.max(...fx));
      expect(b.minY).toBeGreaterThan(Math.min(...fy));
      expect(b.maxY).toBeLessThan(Math.max(...fy));
    }
    // Madrid stays where it is (about 3.7 W, 40.4 N).
    const madrid = bounds(shipped.provinces, '28');
    expect(madrid.minX).toBeLessThan(-3.7);
    expect(madrid.maxX).toBeGreaterThan(-3.7);
    expect(madrid.minY).toBeLessThan(40.4);
    expect(madrid.maxY).toBeGreaterThan(40.4);
  });

  it('is simplified to a size the status page can afford', () => {
    expect(JSON.stringify(shipped).length).toBeLessThan(45_000);
  });

  it("serves a province's municipalities by INE code, nearly every municipality of the database with its shape", () => {
    const madrid = municipalityBoundaries('28');
    expect(madrid.provinceId).toBe('28');
    expect(madrid.features.every((f) => f.id.startsWith('28') && f.properties.id === f.id)).toBe(true);
    expect(madrid.features.find((f) => f.id === '28079')?.properties.name).toBe('Madrid');
    // The database's 8,131 municipalities (INE 2021) and es-atlas' shapes (IGN) are not of the same year: a few
    // merged or new municipalities differ; every province has shapes for at least 99% of its municipalities.
    const byProvince = new Map<string, string[]>();
    for (const m of allMunicipalities()) byProvince.set(m.provinceId, [...(byProvince.get(m.provinceId) ?? []), m.id]);
    for (const province of PROVINCES) {
      const shapes = new Set(municipalityBoundaries(province.id).features.map((f) => f.id));
      const ids = byProvince.get(province.id) ?? [];
      const missing = ids.filter((id) => !shapes.has(id));
      expect([province.id, missing.length <= Math.max(1, ids.length * 0.01)]).toEqual([province.id, true]);
    }
    // Ceuta and Melilla are one municipality each.
    expect(municipalityBoundaries('51').features.map((f) => f.id)).toEqual(['51001']);
    expect(municipalityBoundaries('52').features.map((f) => f.id)).toEqual(['52001']);
  });
});
