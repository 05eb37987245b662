import fs from 'node:fs';
import path from 'node:path';

/**
 * Valencian is derived from Catalan: i18n/va.json = i18n/ca.json with i18n/va.overrides.json on top,
 * so that every catalogue keeps the same keys. Run `npm run i18n:va` after changing either source.
 */
export function buildValencian(ca: Record<string, string>, overrides: Record<string, string>): Record<string, string> {
  const unknown = Object.keys(overrides).filter((key) => !(key in ca));
  if (unknown.length > 0) throw new Error(`va.overrides.json has keys that ca.json lacks: ${unknown.join(', ')}`);
  return { ...ca, ...overrides };
}

if (process.argv[1]?.endsWith('i18nValencian.ts')) {
  const dir = path.resolve('i18n');
  const read = (name: string) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  const va = buildValencian(read('ca.json'), read('va.overrides.json'));
  fs.writeFileSync(path.join(dir, 'va.json'), `${JSON.stringify(va, null, 2)}\n`);
  console.log(`i18n/va.json written: ${Object.keys(va).length} keys.`);
}
