import fs from 'node:fs/promises';
import path from 'node:path';
import { CatalogueError, parseCatalogue, type Catalogue } from '../../src/server/catalogue/parse.js';

/** The folder of the demo catalogues (demo-<year>.json). */
export const CATALOGUES = path.resolve('src/server/db/seed/catalogues');

/** A demo catalogue as its file holds it, to be changed by a test. */
export const readDemo = async (year: number): Promise<Catalogue> => JSON.parse(await fs.readFile(path.join(CATALOGUES, `demo-${year}.json`), 'utf8'));

/** What parseCatalogue finds wrong with json ([] when it is a valid catalogue). */
export function problemsOf(json: unknown): string[] {
  try {
    parseCatalogue(json);
    return [];
  } catch (err) {
    if (err instanceof CatalogueError) return err.problems;
    throw err;
  }
}
