/**
 * Webpack loader for src/client/maps/spainGeometry.ts (a placeholder in the sources): the map chunk gets
 * es-atlas' provinces and communities simplified (spainGeometry.cjs), not the 62 KB source.
 */
const { spainGeometry } = require('./spainGeometry.cjs');

module.exports = function spainGeometryLoader() {
  const source = require.resolve('es-atlas/es/provinces.json');
  this.addDependency(source);
  this.addDependency(require.resolve('./spainGeometry.cjs'));
  const topology = JSON.parse(require('node:fs').readFileSync(source, 'utf8'));
  return `export default ${JSON.stringify(spainGeometry(topology))};`;
};
