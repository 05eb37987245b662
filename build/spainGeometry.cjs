/**
 * Spain's province and community boundaries for the maps, simplified at build time (webpack: spainGeometryLoader.cjs).
 *
 * Source: es-atlas (MIT), TopoJSON built from the Instituto Geográfico Nacional's boundaries (Equipamiento
 * Geográfico de Referencia Nacional), every shape keyed by its INE code. es-atlas also has Gibraltar's
 * "territorio no asociado" (province 54, community 20), which no entity can belong to: it is left out.
 * Simplification (topojson-simplify, Visvalingam) keeps the shared borders shared, so that neighbouring
 * provinces never overlap or leave gaps; the result is quantized again, to about 100 m.
 */
const { presimplify, quantile, simplify } = require('topojson-simplify');
const { quantize } = require('topojson-client');

/** Per object, the codes es-atlas has that are no province or community of INE's lists (Gibraltar). */
const NOT_INE = { provinces: '54', autonomous_regions: '20' };

/** Share of the points (by weight) kept: enough for a province to be recognised at 1,000 px across. */
const KEEP = 0.3;
const QUANTIZATION = 1e4;

/** One object of a topology as a topology of its own (Highcharts draws the first object it finds). */
function only(topology, name, rename) {
  const object = topology.objects[name];
  const geometries = object.geometries
    .filter((g) => g.id !== NOT_INE[name])
    .map((g) => ({ type: g.type, arcs: g.arcs, id: g.id, properties: { id: g.id, name: g.properties.name } }));
  return { type: 'Topology', arcs: topology.arcs, objects: { [rename]: { type: 'GeometryCollection', geometries } } };
}

/** Drops the arcs no geometry uses and renumbers the rest. */
function pruneArcs(topology) {
  const used = new Map();
  const walk = (arcs) => (typeof arcs === 'number' ? mapArc(arcs) : arcs.map(walk));
  const mapArc = (index) => {
    const reversed = index < 0;
    const original = reversed ? ~index : index;
    if (!used.has(original)) used.set(original, used.size);
    const next = used.get(original);
    return reversed ? ~next : next;
  };
  const objects = {};
  for (const [name, object] of Object.entries(topology.objects)) {
    objects[name] = { ...object, geometries: object.geometries.map((g) => ({ ...g, arcs: walk(g.arcs) })) };
  }
  const arcs = [...used.keys()].map((original) => topology.arcs[original]);
  return { ...topology, arcs, objects };
}

/**
 * The Canary Islands moved next to the peninsula, south-west of Huelva and Cádiz, as Spanish maps place them
 * (d3's conicConformalSpain does the same): degrees added to their longitudes and latitudes. No arc of theirs
 * is shared with the peninsula, so moving them keeps the topology whole. CANARIES_FRAME is the box around
 * them that the map draws.
 */
const CANARIES_SHIFT = [5.6, 6.9];
const isCanarian = (arc) => arc.every(([x, y]) => x < -13 && y < 30);
const CANARIES_FRAME = [
  [-12.9, 36.6],
  [-7.4, 36.6],
  [-7.4, 34.3],
  [-12.9, 34.3],
  [-12.9, 36.6],
];

/** Simplifies and quantizes one object of es-atlas' provinces.json into a small topology. */
function simplified(source, name, rename) {
  const pre = presimplify(JSON.parse(JSON.stringify(source)));
  const min = quantile(pre, KEEP);
  const small = simplify(pre, min);
  // simplify leaves each point's weight as a third coordinate: drop it.
  small.arcs = small.arcs
    .map((arc) => arc.map(([x, y]) => [x, y]))
    .map((arc) => (isCanarian(arc) ? arc.map(([x, y]) => [x + CANARIES_SHIFT[0], y + CANARIES_SHIFT[1]]) : arc));
  const { bbox: _bbox, ...rest } = pruneArcs(only(small, name, rename));
  return quantize(rest, QUANTIZATION);
}

/** The provinces' and communities' topologies the client's map chunk ships. */
function spainGeometry(source) {
  return {
    provinces: simplified(source, 'provinces', 'provinces'),
    communities: simplified(source, 'autonomous_regions', 'communities'),
    canariesFrame: CANARIES_FRAME,
  };
}

module.exports = { spainGeometry, CANARIES_SHIFT };
